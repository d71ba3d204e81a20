import { data } from "@remix-run/node";
import { ERRORS } from "~/lib/errors";
import { readRouteForm } from "./body-limits.server";
import type { AuditActor } from "~/models/staff/audit";
import {
  EMPTY_TEACHER_FORM,
  OwnProfileSchema,
  TeacherProfileFormSchema,
  readTeacherForm,
  teacherFormValues,
  type TeacherField,
  type TeacherFormValues,
} from "~/models/staff/teacher-form";
import { changeTeacherPortrait, updateTeacherProfile } from "~/models/staff/teachers.server";
import { readPhotoForm } from "./photo-form.server";

/**
 * The two forms an admin's teacher page and a facilitator's own profile page share (issue 26; ADR
 * 050): the profile fields (all of them for an admin, bio and link for the teacher themselves) and
 * the portrait upload (multipart, with its own size limit). The caller has already checked who may
 * edit which teacher; this only reads, validates and saves.
 */

export type TeacherActionData = {
  intent: string | null;
  error: string | null;
  errors: Partial<Record<TeacherField | "photo", string>>;
  values: TeacherFormValues;
};

export type TeacherActionOutcome =
  { done: true; changed: boolean; intent: string } | { done: false; response: ReturnType<typeof data<TeacherActionData>> };

export const refusal = (status: number, body: Partial<TeacherActionData>) => ({
  done: false as const,
  response: data<TeacherActionData>({ intent: null, error: null, errors: {}, values: EMPTY_TEACHER_FORM, ...body }, { status }),
});

/** `more` answers the page's own other forms (hide, show, address), or null for an intent it does not know. */
export async function teacherProfileAction(
  request: Request,
  actor: AuditActor,
  teacherId: string,
  scope: "admin" | "own",
  more?: (intent: string, form: FormData) => Promise<TeacherActionOutcome | null>,
): Promise<TeacherActionOutcome> {
  if ((request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    const form = await readPhotoForm(request);
    if (!form.ok) {
      const { status, message } = ERRORS[form.code];
      return refusal(
        status,
        form.code === "bad_request"
          ? { error: message }
          : { intent: "portrait", error: "Please choose another portrait.", errors: { photo: message } },
      );
    }
    if (form.fields.get("intent") !== "portrait") return refusal(400, { error: ERRORS.bad_request.message });
    const changed = await changeTeacherPortrait(actor, teacherId, form.file);
    if (!changed.ok)
      return refusal(changed.problem.status, {
        intent: "portrait",
        error: "Please choose another portrait.",
        errors: { photo: changed.problem.message },
      });
    return { done: true, changed: true, intent: "portrait" };
  }
  const body = await readRouteForm(request);
  if (!body.ok) return refusal(body.status, { error: body.message });
  const intent = String(body.formData.get("intent") ?? "");
  if (intent !== "profile") return (await more?.(intent, body.formData)) ?? refusal(400, { error: "Please use the forms on this page." });
  const values = teacherFormValues(body.formData);
  const read = scope === "admin" ? readTeacherForm(TeacherProfileFormSchema, values) : readTeacherForm(OwnProfileSchema, values);
  if (!read.ok) return refusal(400, { intent, error: "Please check the fields marked below.", errors: read.errors, values });
  const saved = await updateTeacherProfile(actor, teacherId, read.value);
  if (!saved.ok) return refusal(saved.problem.status, { intent, error: saved.problem.message, values });
  return { done: true, changed: saved.changed, intent: "profile" };
}
