import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormField } from "~/components/form-field";
import { PageNotices } from "~/components/page-notices";
import { StaffPage } from "~/components/staff/staff-page";
import { StaffPortraitForm, StaffTeacherFields, isRefusedForm, refusedIntent } from "~/components/staff/staff-teacher-form";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { EMPTY_TEACHER_FORM, NewTeacherSchema, TEACHER_NOTICES } from "~/models/staff/teacher-form";
import { changeTeacherSlug, getTeacherForStaff, setTeacherHidden, teacherFormValuesOf } from "~/models/staff/teachers.server";
import { notFound } from "~/lib/errors";
import { parseFields, withBlanks } from "~/lib/forms/submission";
import type { AuditActor } from "~/models/staff/audit";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";
import { refusal, teacherProfileAction, type TeacherActionOutcome } from "~/server/staff-teacher-action.server";
import { defineActionLimits, STAFF_ONLY } from "~/lib/action-limits";

/**
 * Issue 26 (ADR 050): one teacher, for admins: the profile (name, place, classes, bio, Instagram
 * link), the portrait through the photo pipeline, hide or show, and the page address while the page
 * has never been public. An unknown teacher is a 404.
 */
export const handle = defineHandle({
  name: "staff-teacher",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.teachers.roles],
});

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: `${page?.teacher.name ?? "Teacher"} · Staff · Stillhour` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "teachers");
  const teacher = await getTeacherForStaff(params.id ?? "");
  if (!teacher) throw notFound();
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return data(
    {
      notice: TEACHER_NOTICES[done] ?? null,
      teacher: {
        id: teacher.profile.id,
        name: teacher.fullName,
        firstName: teacher.profile.firstName,
        lastName: teacher.profile.lastName,
        portraitColor: teacher.profile.portraitColor,
        profilePicUrl: teacher.profile.profilePicUrl,
        address: teacher.page?.urlParam ? `/teachers/${teacher.page.urlParam}` : null,
        hasPage: Boolean(teacher.page),
        hidden: teacher.page?.hidden ?? true,
        listed: teacher.listed,
        slugEditable: Boolean(teacher.page && teacher.page.hidden && !teacher.page.everPublic),
      },
      values: teacherFormValuesOf(teacher),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  staff: { does: ["write"], bound: STAFF_ONLY },
});

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireStaff(request, "teachers");
  const id = params.id ?? "";
  if (!(await getTeacherForStaff(id))) throw notFound();
  const outcome = await teacherProfileAction(request, actor, id, "admin", async (intent, fields) => {
    if (intent === "hide" || intent === "show") return switchTeacher(actor, id, intent);
    if (intent === "address") return changeAddress(actor, id, fields);
    return null;
  });
  if (!outcome.done) return outcome.response;
  const done = !outcome.changed ? "unchanged" : outcome.intent === "profile" ? "saved" : outcome.intent;
  return redirect(`/staff/teachers/${encodeURIComponent(id)}?done=${done}`);
}

/** Hide or show the teacher's page. */
async function switchTeacher(actor: AuditActor, id: string, intent: "hide" | "show"): Promise<TeacherActionOutcome> {
  const changed = await setTeacherHidden(actor, id, intent === "hide");
  if (!changed.ok) return refusal({ form: changed.problem.message }, { intent, id }, changed.problem.status);
  return { done: true, changed: changed.changed, intent: intent === "hide" ? "hidden" : "shown" };
}

const AddressSchema = NewTeacherSchema.pick({ urlParam: true });

/** A new page address, while the page has never been shown; the message goes beside the field. */
async function changeAddress(actor: AuditActor, id: string, fields: Record<string, string>): Promise<TeacherActionOutcome> {
  const values = { ...EMPTY_TEACHER_FORM, urlParam: fields.urlParam ?? "", intent: "address" as const };
  const read = parseFields(AddressSchema, withBlanks(fields, ["urlParam"]));
  if (!read.ok) return refusal({ form: "Please check the address.", urlParam: read.errors.urlParam }, values);
  const changed = await changeTeacherSlug(actor, id, read.value.urlParam);
  if (!changed.ok) return refusal({ form: changed.problem.message, urlParam: changed.problem.message }, values, changed.problem.status);
  return { done: true, changed: changed.changed, intent: "address" };
}

export default function StaffTeacherRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const t = page.teacher;
  const values = result?.values;
  const profile = isRefusedForm(values, "profile") ? values : null;
  const address = isRefusedForm(values, "address") ? values : null;
  const portrait = refusedIntent(values) === "portrait";
  return (
    <StaffPage
      id="teacher-title"
      title={t.name}
      intro="What members see on this teacher's page. Each save shows there at once and is recorded in the audit log."
    >
      <p>
        <a href="/staff/teachers">All teachers</a>
        {t.listed && t.address ? (
          <>
            {" · "}
            <a href={t.address}>Open the public page</a>
          </>
        ) : null}
      </p>
      <PageNotices
        error={profile || address || portrait ? null : result?.errors.form}
        notice={page.notice ? { tone: "success", text: page.notice } : null}
      />
      {t.hasPage ? (
        <section aria-labelledby="visibility-title">
          <h2 id="visibility-title">On the site</h2>
          <p>
            {t.listed
              ? `Shown at ${t.address}.`
              : t.hidden
                ? "Hidden: the page answers “not found” and the teacher is left out of the teachers list and the sitemap."
                : "Not shown: the profile is not an active teacher's."}
          </p>
          <Form method="post">
            <button type="submit" name="intent" value={t.hidden ? "show" : "hide"} className="button button--secondary" disabled={busy}>
              {t.hidden ? "Show the page" : "Hide the page"}
            </button>
          </Form>
        </section>
      ) : null}
      {t.slugEditable ? (
        <Form method="post" noValidate aria-label="Page address">
          <input type="hidden" name="intent" value="address" />
          <StaffTeacherAddress
            value={address ? address.urlParam : page.values.urlParam}
            error={address ? result?.errors.urlParam : undefined}
            busy={busy}
          />
        </Form>
      ) : null}
      <h2 id="profile-title">Profile</h2>
      {profile && result?.errors.form ? (
        <p className="notice notice--error" role="alert">
          {result.errors.form}
        </p>
      ) : null}
      <StaffTeacherFields
        mode="admin"
        values={profile ?? page.values}
        errors={profile ? (result?.errors ?? {}) : {}}
        busy={busy}
        submitLabel="Save the profile"
        slugEditable={false}
      />
      <StaffPortraitForm teacher={t} error={portrait ? result?.errors.photo : undefined} busy={busy} />
    </StaffPage>
  );
}

function StaffTeacherAddress({ value, error, busy }: { value: string; error?: string; busy: boolean }) {
  return (
    <>
      <FormField
        name="urlParam"
        label="Page address"
        hint="The end of /teachers/…. It can change until the page is first shown; after that it is kept for good."
        defaultValue={value}
        error={error}
        focusOnError
        maxLength={60}
        autoComplete="off"
      />
      <button type="submit" className="button button--secondary" disabled={busy}>
        Save the address
      </button>
    </>
  );
}
