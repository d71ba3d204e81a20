import { redirect } from "@remix-run/node";
import { z } from "zod";
import { parseFields, type FieldErrors } from "~/lib/forms/submission";
import type { AuditActor } from "~/models/staff/audit";
import { NewTeacherSchema, slugFromName, teacherFormValues } from "~/models/staff/teacher-form";
import { createTeacher, setTeacherHidden } from "~/models/staff/teachers.server";
import type { TeacherRefusal } from "~/components/staff/staff-teacher-form";
import { refuse } from "~/server/submission.server";

/** The new-teacher form and the buttons beside each teacher are told apart by `intent`. */
export const TeacherIntentSchema = z.object({ intent: z.string().optional() });

/** The new-teacher form as sent: `hidden` is a checkbox, "on" when ticked. */
const NewTeacherFormFields = NewTeacherSchema.extend({ hidden: z.string().transform((value) => value === "on") });

type Sent = { fields: Record<string, string>; formData: FormData };

/** A refusal of this page's forms (ADR 060): its values name the form, or the teacher a hide or show was for. */
const refused = (errors: FieldErrors, values: Partial<TeacherRefusal>, status = 400) =>
  refuse<Partial<TeacherRefusal>>(errors, values, status);

/** A new teacher with their page; an address left empty is made from the name. Refused, every field comes back as typed. */
async function create(actor: AuditActor, { formData }: Sent) {
  const values = { ...teacherFormValues(formData), intent: "create" as const };
  if (!values.urlParam.trim()) values.urlParam = slugFromName(values.firstName, values.lastName);
  const read = parseFields(NewTeacherFormFields, values);
  if (!read.ok) return refused({ form: "Please check the fields marked below.", ...read.errors }, values);
  const created = await createTeacher(actor, read.value);
  if (!created.ok) {
    const { status, message } = created.problem;
    return refused({ form: message, ...(created.field === "urlParam" ? { urlParam: message } : {}) }, values, status);
  }
  return redirect(`/staff/teachers/${encodeURIComponent(created.id)}?done=created`);
}

/** Hide or show a teacher's page; a refusal names the teacher, to show its message beside them. */
async function switchTeacher(actor: AuditActor, intent: "hide" | "show", { fields }: Sent) {
  const id = fields.id ?? "";
  const changed = await setTeacherHidden(actor, id, intent === "hide");
  if (!changed.ok) return refused({ form: changed.problem.message }, { intent, id }, changed.problem.status);
  const done = changed.changed ? (intent === "hide" ? "hidden" : "shown") : "unchanged";
  return redirect(`/staff/teachers?done=${done}`);
}

/** What the page's `intent` asks for; an intent it does not know gets the page's own sentence. */
export function teachersIntent(actor: AuditActor, intent: string | undefined, sent: Sent) {
  if (intent === "create") return create(actor, sent);
  if (intent === "hide" || intent === "show") return switchTeacher(actor, intent, sent);
  return refused({ form: "Please use the forms on this page." }, {});
}
