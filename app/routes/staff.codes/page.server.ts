import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { carriedFields, isConfirmed, type Confirmation } from "~/lib/forms/confirm";
import { problemOf } from "~/lib/errors";
import type { FieldErrors } from "~/lib/forms/submission";
import { CodeSwitchSchema, promotionFormValues, readPromotionForm } from "~/models/staff/promotion-form";
import {
  createPromotionCode,
  deletePromotionCode,
  getPromotionCodeForStaff,
  promotionFormContext,
  setPromotionCodeActive,
} from "~/models/staff/promotions.server";
import type { StaffState } from "~/server/staff-access.server";
import { refuse } from "~/server/submission.server";

/** The new-code form and the buttons beside each code are told apart by `intent`. */
export const CodeIntentSchema = z.object({ intent: z.string().max(40).optional() });

type Sent = { fields: Record<string, string>; formData: FormData };

/** A new code; refused, every field comes back as typed with `intent` so the page fills that form again. */
async function create({ actor, zone }: StaffState, { formData }: Sent) {
  const values = { ...promotionFormValues(formData), intent: "create" as const };
  const read = readPromotionForm(values, { ...(await promotionFormContext()), zone });
  if (!read.ok) return refuse({ form: "Please check the fields marked below.", ...read.errors }, values);
  const result = await createPromotionCode(actor, read.code);
  if (!result.ok) return refuse({ form: result.problem.message, code: result.problem.message }, values, result.problem.status);
  return redirect("/staff/codes?done=created");
}

/** Pause, resume or delete a code, by the buttons beside it. */
async function switchCode({ actor }: StaffState, { fields, formData }: Sent) {
  const parsed = CodeSwitchSchema.safeParse(fields);
  if (!parsed.success) return refuse({ form: "Please use the buttons beside a code." }, {});
  const { intent, code } = parsed.data;
  if (intent === "delete") return isConfirmed(formData) ? deleteCode(actor, code) : deleteQuestion(code, formData);
  const result = await setPromotionCodeActive(actor, code, intent === "resume");
  if (!result.ok) return refuse({ form: result.problem.message }, {}, result.problem.status);
  return redirect(`/staff/codes?done=${result.changed ? (intent === "pause" ? "paused" : "resumed") : "unchanged"}`);
}

/** Issue 34: a deleted code cannot come back; the first press only asks, and only about an unused code. */
async function deleteQuestion(name: string, formData: FormData) {
  const code = await getPromotionCodeForStaff(name);
  if (!code || code.redemptionCount > 0) {
    const problem = problemOf(code ? "staff_code_used" : "staff_code_not_found");
    return refuse({ form: problem.message }, {}, problem.status);
  }
  const confirmation: Confirmation = {
    heading: `Delete the code ${code.code}?`,
    facts: [
      "Nobody has used it, so no purchase or member record names it.",
      `Once deleted, anyone typing ${code.code} on the subscribe page is told it is not a code we know, and it can't be brought back: you would create it again from scratch.`,
      "Pausing it instead stops it just as well and keeps it for later.",
    ],
    confirmLabel: `Yes, delete ${code.code}`,
    keepLabel: "Keep the code",
    fields: carriedFields(formData),
  };
  const none: FieldErrors = {};
  return data({ errors: none, values: {}, confirmation });
}

async function deleteCode(actor: StaffState["actor"], code: string) {
  const deleted = await deletePromotionCode(actor, code);
  if (!deleted.ok) return refuse({ form: deleted.problem.message }, {}, deleted.problem.status);
  return redirect("/staff/codes?done=deleted");
}

export const codeIntent = (intent: string | undefined) => (intent === "create" ? create : switchCode);
