import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PageNotices } from "~/components/page-notices";
import { StaffPage } from "~/components/staff/staff-page";
import { StaffTeacherFields, isRefusedForm } from "~/components/staff/staff-teacher-form";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { EMPTY_TEACHER_FORM, TEACHER_NOTICES } from "~/models/staff/teacher-form";
import { listTeachersForStaff } from "~/models/staff/teachers.server";
import { readSubmission } from "~/server/submission.server";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";
import { defineActionLimits, STAFF_ONLY } from "~/lib/action-limits";
import { TeacherIntentSchema, teachersIntent } from "./page.server";

/**
 * Issue 26 (ADR 050): teachers, for admins. Every profile, hidden and inactive ones too, with what
 * members see of each; a new teacher with their page; hide or show a page. The public /teachers,
 * /teachers/:slug and the sitemap show a change on the next request; each change is one audit entry.
 */
export const handle = defineHandle({
  name: "staff-teachers",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.teachers.roles],
});

export const meta: MetaFunction = () => [{ title: "Teachers · Staff · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "teachers");
  const teachers = await listTeachersForStaff();
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return data(
    {
      notice: TEACHER_NOTICES[done] ?? null,
      teachers: teachers.map((t) => ({
        id: t.profile.id,
        name: t.fullName,
        address: t.page?.urlParam ? `/teachers/${t.page.urlParam}` : null,
        hidden: t.page?.hidden ?? true,
        hasPage: Boolean(t.page),
        active: t.profile.isActiveFacilitator,
        listed: t.listed,
      })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  staff: { does: ["write"], bound: STAFF_ONLY },
});

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireStaff(request, "teachers");
  const submission = await readSubmission(request, TeacherIntentSchema);
  if (!submission.ok) return submission.reply;
  return teachersIntent(actor, submission.value.intent, submission);
}

export default function StaffTeachersRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const values = result?.values;
  const created = isRefusedForm(values, "create") ? values : null;
  // A refused hide or show names its teacher, to show the message beside them.
  const switchedId = values && "id" in values ? values.id : null;
  return (
    <StaffPage
      id="teachers-title"
      title="Teachers"
      intro="Everyone with a teacher profile, and whether members can see them. A change shows on the public pages at once and is recorded in the audit log."
    >
      <PageNotices error={switchedId ? null : result?.errors.form} notice={page.notice ? { tone: "success", text: page.notice } : null} />
      {page.teachers.length === 0 ? <p>No teachers yet. Add the first one below.</p> : null}
      <ul className="staff-codes" data-testid="teachers">
        {page.teachers.map((t) => (
          <li key={t.id} className="staff-code" data-teacher={t.id}>
            <h2 className="staff-areas__title">
              <a href={`/staff/teachers/${encodeURIComponent(t.id)}`}>{t.name}</a>
            </h2>
            <p>
              {t.listed
                ? "On the site"
                : !t.active
                  ? "Not an active teacher: not shown"
                  : !t.hasPage
                    ? "No page"
                    : t.hidden
                      ? "Hidden"
                      : "Not shown"}
              {t.address ? (
                <>
                  {" · "}
                  {t.listed ? <a href={t.address}>{t.address}</a> : t.address}
                </>
              ) : null}
            </p>
            {switchedId === t.id && result?.errors.form ? (
              <p className="field__error" role="alert">
                {result.errors.form}
              </p>
            ) : null}
            {t.hasPage ? (
              <Form method="post">
                <input type="hidden" name="id" value={t.id} />
                <button
                  type="submit"
                  name="intent"
                  value={t.hidden ? "show" : "hide"}
                  className="button button--secondary button--small"
                  disabled={busy}
                  aria-label={`${t.hidden ? "Show" : "Hide"} ${t.name}`}
                >
                  {t.hidden ? "Show" : "Hide"}
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      <h2 id="new-teacher-title">New teacher</h2>
      <p>The page address is made from the name unless you give one. Leave the page hidden until the profile is ready.</p>
      <StaffTeacherFields
        mode="new"
        values={created ?? EMPTY_TEACHER_FORM}
        errors={created ? (result?.errors ?? {}) : {}}
        busy={busy}
        submitLabel="Add the teacher"
        slugEditable
      />
    </StaffPage>
  );
}
