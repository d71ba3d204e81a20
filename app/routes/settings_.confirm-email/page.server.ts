import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { parseFields, type Refusal } from "~/lib/forms/submission";
import { confirmEmailChange } from "~/models/identity/email-change.server";
import { readRouteForm } from "~/server/body-limits.server";

/** The page's answers are private and send no referrer: its address holds the token. */
export const PRIVATE = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

/** The form's one field, the token the link carried (at most 100 characters are looked at). */
const ConfirmFormSchema = z.object({ token: z.string().default("") });

/** A refusal in the one shape (ADR 060), kept private as the page is. */
function refused(message: string, status: number) {
  return data<Refusal<Record<string, never>>>({ errors: { form: message }, values: {} }, { status, headers: PRIVATE });
}

/** Confirms the address the posted token names, or says why it cannot be. */
export async function confirmFromForm(request: Request) {
  const body = await readRouteForm(request);
  if (!body.ok) return refused(body.message, body.status);
  const parsed = parseFields(ConfirmFormSchema, body.formData);
  const confirmed = await confirmEmailChange(parsed.ok ? parsed.value.token.slice(0, 100) : "");
  if (!confirmed.ok) return refused(confirmed.problem.message, confirmed.problem.status);
  return redirect("/settings?saved=email-confirmed#profile");
}
