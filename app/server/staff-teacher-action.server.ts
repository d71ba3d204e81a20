import { z } from "zod";
import { ERRORS } from "~/lib/errors";
import { parseFields, type FieldErrors } from "~/lib/forms/submission";
import type { AuditActor } from "~/models/staff/audit";
import { OwnProfileSchema, TeacherProfileFormSchema, teacherFormValues } from "~/models/staff/teacher-form";
import { changeTeacherPortrait, updateTeacherProfile } from "~/models/staff/teachers.server";
import type { TeacherRefusal } from "~/components/staff/staff-teacher-form";
import { readPhotoForm } from "./photo-form.server";
import { readSubmission, refuse } from "./submission.server";

/**
 * The two forms an admin's teacher page and a facilitator's own profile page share (issue 26; ADR
 * 050): the profile fields (all of them for an admin, bio and link for the teacher themselves) and
 * the portrait upload (multipart, with its own size limit). The caller has already checked who may
 * edit which teacher; this only reads, validates and saves. A refusal is the one shape (ADR 060),
 * its values naming the form that was sent (`intent`) so the page fills that one.
 */

export type TeacherActionOutcome =
  { done: true; changed: boolean; intent: string } | { done: false; response: ReturnType<typeof refuse<Partial<TeacherRefusal>>> };

/** A refused teacher form, as an outcome the page's action returns as it is. */
export const refusal = (errors: FieldErrors, values: Partial<TeacherRefusal>, status = 400) => ({
  done: false as const,
  response: refuse<Partial<TeacherRefusal>>(errors, values, status),
});

/** The pages' forms are told apart by `intent`; each one reads its own fields. */
const IntentSchema = z.object({ intent: z.string().optional() });

const PORTRAIT_REFUSED = "Please choose another portrait.";

/** `more` answers the page's own other forms (hide, show, address), or null for an intent it does not know. */
export async function teacherProfileAction(
  request: Request,
  actor: AuditActor,
  teacherId: string,
  scope: "admin" | "own",
  more?: (intent: string, fields: Record<string, string>) => Promise<TeacherActionOutcome | null>,
): Promise<TeacherActionOutcome> {
  if ((request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    return portraitAction(request, actor, teacherId);
  }
  const submission = await readSubmission(request, IntentSchema);
  if (!submission.ok) return { done: false, response: submission.reply };
  const intent = submission.value.intent ?? "";
  if (intent !== "profile") return (await more?.(intent, submission.fields)) ?? refusal({ form: "Please use the forms on this page." }, {});
  return saveProfile(actor, teacherId, scope, submission.formData);
}

/** The profile fields: a message beside each wrong one, every field kept as typed. */
async function saveProfile(
  actor: AuditActor,
  teacherId: string,
  scope: "admin" | "own",
  formData: FormData,
): Promise<TeacherActionOutcome> {
  const values = { ...teacherFormValues(formData), intent: "profile" as const };
  const read = parseFields(scope === "admin" ? TeacherProfileFormSchema : OwnProfileSchema, values);
  if (!read.ok) return refusal({ form: "Please check the fields marked below.", ...read.errors }, values);
  const saved = await updateTeacherProfile(actor, teacherId, read.value);
  if (!saved.ok) return refusal({ form: saved.problem.message }, values, saved.problem.status);
  return { done: true, changed: saved.changed, intent: "profile" };
}

/** The portrait upload (multipart, within the photo pipeline's limit): a refused photo is named beside its field. */
async function portraitAction(request: Request, actor: AuditActor, teacherId: string): Promise<TeacherActionOutcome> {
  const form = await readPhotoForm(request);
  if (!form.ok) {
    const { status, message } = ERRORS[form.code];
    if (form.code === "bad_request") return refusal({ form: message }, {}, status);
    return refusal({ form: PORTRAIT_REFUSED, photo: message }, { intent: "portrait" }, status);
  }
  if (form.fields.get("intent") !== "portrait") return refusal({ form: ERRORS.bad_request.message }, {});
  const changed = await changeTeacherPortrait(actor, teacherId, form.file);
  if (!changed.ok)
    return refusal({ form: PORTRAIT_REFUSED, photo: changed.problem.message }, { intent: "portrait" }, changed.problem.status);
  return { done: true, changed: true, intent: "portrait" };
}
