import { namesAPrice } from "~/models/billing/subscribe";
import { problemOf } from "~/lib/errors";
import { readRouteForm } from "./body-limits.server";

/**
 * The opening every purchase form's action shares (subscribe, gift, credits): the body read within
 * its cap, and a form that names its own price or amount refused (prices come from the catalogue).
 * A refusal carries the catalogue's sentence and status for the route to show beside its form.
 */
export async function readPurchaseForm(
  request: Request,
): Promise<{ ok: true; formData: FormData } | { ok: false; message: string; status: number }> {
  const body = await readRouteForm(request);
  if (!body.ok) return { ok: false, message: body.message, status: body.status };
  if (namesAPrice(body.formData)) return { ok: false, ...problemOf("price_in_form") };
  return { ok: true, formData: body.formData };
}
