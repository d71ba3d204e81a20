import { z } from "zod";
import { problemOf } from "~/lib/errors";
import { namesAPrice } from "~/models/billing/subscribe";
import { readSubmission } from "./submission.server";

/** Every field as sent, for a purchase form its action checks later with a schema of its own (the buyer's calendar, say). */
export const AnyFields = z.record(z.string());

/**
 * The opening every purchase form's action shares (subscribe, gift, credits): `readSubmission` (ADR
 * 060), with a form that names its own price or amount refused before anything else is read from it
 * (prices come from the catalogue). That refusal is the catalogue's sentence under `form`.
 */
export function readPurchase<S extends z.ZodTypeAny, N extends string = never>(request: Request, schema: S, echo: readonly N[] = []) {
  return readSubmission(request, refusingPrices(schema), echo);
}

/** `schema`, behind a check that stops at a price field: zod's pipe goes no further once the first half refuses. */
function refusingPrices<S extends z.ZodTypeAny>(schema: S) {
  return AnyFields.superRefine((fields, ctx) => {
    if (namesAPrice(fields)) ctx.addIssue({ code: "custom", message: problemOf("price_in_form").message });
  }).pipe(schema);
}
