import { data, redirect } from "@remix-run/node";
import { EMPTY_LEARN_FORM, EMPTY_PRESS_FORM, LearnFormSchema, PressFormSchema, learnFormValues, pressFormValues, readForm, type FormErrors, type LearnFormValues, type PressFormValues } from "~/features/staff/editorial-form";
import { savePressItem, saveSeries } from "~/features/staff/editorial.server";
import { FORM_MAX_BYTES, readFormBody } from "~/lib/form-body.server";
import { requireStaff } from "./staff-access.server";

/**
 * The actions behind the press and learn pages (issue 26; ADR 053): guard, read, validate, save
 * with its audit entry, and back to the record with what happened; on a refusal the typed values
 * come back with each message beside its field.
 */
export async function pressAction(request: Request, id: string | null) {
  const { actor } = await requireStaff(request, "press");
  const body = await readFormBody(request, FORM_MAX_BYTES);
  if (!body.ok) return data({ errors: { intent: body.message } as FormErrors, values: EMPTY_PRESS_FORM as PressFormValues }, { status: body.status });
  const values = pressFormValues(body.formData);
  const read = readForm(PressFormSchema, values);
  if (!read.ok) return data({ errors: read.errors, values }, { status: 400 });
  const saved = await savePressItem(actor, id, read.form);
  if (!saved.ok) return data({ errors: { [saved.field]: saved.message } as FormErrors, values }, { status: saved.status });
  return redirect(`/staff/press/${saved.id}?done=${saved.changed ? read.form.intent : "unchanged"}`);
}

export async function learnAction(request: Request, id: string | null) {
  const { actor } = await requireStaff(request, "learn");
  const body = await readFormBody(request, FORM_MAX_BYTES);
  if (!body.ok) return data({ errors: { intent: body.message } as FormErrors, values: EMPTY_LEARN_FORM as LearnFormValues }, { status: body.status });
  const values = learnFormValues(body.formData);
  const read = readForm(LearnFormSchema, values);
  if (!read.ok) return data({ errors: read.errors, values }, { status: 400 });
  const saved = await saveSeries(actor, id, read.form);
  if (!saved.ok) return data({ errors: { [saved.field]: saved.message } as FormErrors, values }, { status: saved.status });
  return redirect(`/staff/learn/${saved.id}?done=${saved.changed ? read.form.intent : "unchanged"}`);
}
