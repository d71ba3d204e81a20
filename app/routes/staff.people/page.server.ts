import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { carriedFields, isConfirmed, type Confirmation } from "~/lib/forms/confirm";
import { errorsOf, type FieldErrors } from "~/lib/forms/submission";
import type { Role } from "~/models/identity/user";
import type { AuditActor } from "~/models/staff/audit";
import { assignStudios, getPerson, otherAdminsExist, setRoles, PEOPLE_QUERY_MAX } from "~/models/staff/people.server";
import { PeopleActionSchema, ROLE_DUTIES, ROLE_LABEL } from "~/models/staff/staff-areas";
import { refuse } from "~/server/submission.server";

/** Each person's two forms (roles, front desks) are told apart by `intent`; both name the person by `uid`. */
export const PeopleIntentSchema = z.object({ intent: z.string().max(20).optional() });

/** What a refusal sends back: whose card it is shown on, and which of its forms. */
export const PEOPLE_ECHO = ["uid", "intent"] as const;

type Sent = { formData: FormData; echo: Partial<Record<(typeof PEOPLE_ECHO)[number], string>> };

/** Roles and studios are chosen with checkboxes, so they are read as lists. */
function readPeopleForm(form: FormData) {
  return PeopleActionSchema.safeParse({
    intent: String(form.get("intent") ?? ""),
    uid: String(form.get("uid") ?? ""),
    roles: form.getAll("role").map(String),
    teacherId: form.has("teacherId") ? String(form.get("teacherId")) : undefined,
    studios: form.getAll("studio").map(String),
  });
}

/** Grant or remove roles (taking one away asks once more), or assign front desks (issue 26). */
export async function changePerson(actor: AuditActor, { formData, echo }: Sent) {
  const parsed = readPeopleForm(formData);
  if (!parsed.success) return refuse(errorsOf(parsed.error), echo);
  const form = parsed.data;
  if (form.intent === "roles" && !isConfirmed(formData)) {
    // Issue 34: taking a role away asks once more; granting one does not.
    const confirmation = await roleRemovalConfirmation(form.uid, form.roles, formData);
    const none: FieldErrors = {};
    if (confirmation) return data({ errors: none, values: echo, confirmation });
  }
  const result =
    form.intent === "roles"
      ? await setRoles(actor, form.uid, form.roles, new Date(), form.teacherId)
      : await assignStudios(actor, form.uid, form.studios);
  if (!result.ok) return refuse({ form: result.problem.message }, echo, result.problem.status);
  const q = String(formData.get("q") ?? "").slice(0, PEOPLE_QUERY_MAX);
  const done = result.changed ? form.intent : "unchanged";
  return redirect(`/staff/people?${new URLSearchParams({ ...(q ? { q } : {}), done }).toString()}`);
}

/** The question before roles are taken away, or null when the post takes none away (or the person is unknown: setRoles says so). */
async function roleRemovalConfirmation(uid: string, wanted: readonly Role[], form: FormData): Promise<Confirmation | null> {
  const person = await getPerson(uid);
  if (!person) return null;
  const removed = person.roles.filter((role) => !wanted.includes(role));
  if (removed.length === 0) return null;
  // The last admin's role cannot go: setRoles refuses it, so nothing is asked first.
  if (removed.includes("admin") && !(await otherAdminsExist(uid))) return null;
  const added = wanted.filter((role) => !person.roles.includes(role));
  const labels = removed.map((role) => ROLE_LABEL[role]);
  const list = labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
  return {
    heading: `Remove ${list} from ${person.name}?`,
    facts: [
      `From their next request, on every device, they can no longer do what ${labels.length === 1 ? "this role allows" : "these roles allow"}:`,
      ...removed.map((role) => `${ROLE_LABEL[role]}: ${ROLE_DUTIES[role]}`),
      ...(added.length > 0 ? [`They also get ${added.map((role) => ROLE_LABEL[role]).join(" and ")}.`] : []),
      "You can grant a role again later. The change is recorded in the audit log.",
    ],
    confirmLabel: removed.length === 1 ? `Yes, remove ${labels[0]}` : "Yes, remove these roles",
    keepLabel: "Keep their roles",
    fields: carriedFields(form),
  };
}
