import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PageNotices } from "~/components/page-notices";
import { StaffPage } from "~/components/staff/staff-page";
import { StaffPortraitForm, StaffTeacherFields, isRefusedForm, refusedIntent } from "~/components/staff/staff-teacher-form";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { TEACHER_NOTICES } from "~/models/staff/teacher-form";
import { getTeacherForStaff, teacherFormValuesOf } from "~/models/staff/teachers.server";
import { problemOf } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";
import { teacherProfileAction } from "~/server/staff-teacher-action.server";
import { defineActionLimits, STAFF_ONLY } from "~/lib/action-limits";

/**
 * Issue 26 (ADR 050): a facilitator's own teacher profile: their bio, their Instagram link and their
 * portrait. Which profile is theirs comes only from their account's `teacherId` claim (set by an
 * admin); nothing in the form names a teacher, so no post can reach anyone else's. An account that
 * names no teacher, or one whose profile is gone, gets a 404 that says so.
 */
export const handle = defineHandle({
  name: "staff-profile",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.profile.roles],
});

export const meta: MetaFunction = () => [{ title: "My teacher profile · Staff · Stillhour" }, { name: "robots", content: "noindex" }];

async function ownTeacher(teacherId: string | null) {
  const teacher = teacherId ? await getTeacherForStaff(teacherId) : null;
  if (!teacher) {
    const problem = problemOf("staff_no_teacher_profile");
    throw new Response(problem.message, { status: problem.status, statusText: problem.message });
  }
  return teacher;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { staff } = await requireStaff(request, "profile");
  const teacher = await ownTeacher(staff.teacherId);
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return data(
    {
      notice: TEACHER_NOTICES[done]
        ? done === "saved"
          ? "Saved. Your page shows it now."
          : done === "portrait"
            ? "Portrait uploaded. Your page shows it now."
            : TEACHER_NOTICES[done]
        : null,
      teacher: {
        id: teacher.profile.id,
        name: teacher.fullName,
        firstName: teacher.profile.firstName,
        lastName: teacher.profile.lastName,
        portraitColor: teacher.profile.portraitColor,
        profilePicUrl: teacher.profile.profilePicUrl,
        address: teacher.listed && teacher.page?.urlParam ? `/teachers/${teacher.page.urlParam}` : null,
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

export async function action({ request }: ActionFunctionArgs) {
  const { staff, actor } = await requireStaff(request, "profile");
  const teacher = await ownTeacher(staff.teacherId);
  const outcome = await teacherProfileAction(request, actor, teacher.profile.id, "own");
  if (!outcome.done) return outcome.response;
  return redirect(`/staff/profile?done=${!outcome.changed ? "unchanged" : outcome.intent === "profile" ? "saved" : "portrait"}`);
}

export default function StaffProfileRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const t = page.teacher;
  const values = result?.values;
  const profile = isRefusedForm(values, "profile") ? values : null;
  return (
    <StaffPage
      id="profile-title"
      title="My teacher profile"
      intro="Your bio, your Instagram link and your portrait, as members see them. Your name, the classes you teach and whether your page is shown are kept by an admin."
    >
      {t.address ? (
        <p>
          <a href={t.address}>Open my public page</a>
        </p>
      ) : (
        <p>Your page isn't shown on the site at the moment.</p>
      )}
      <PageNotices error={result?.errors.form} notice={page.notice ? { tone: "success", text: page.notice } : null} />
      <StaffTeacherFields
        mode="own"
        values={profile ?? page.values}
        errors={profile ? (result?.errors ?? {}) : {}}
        busy={busy}
        submitLabel="Save my profile"
        slugEditable={false}
      />
      <StaffPortraitForm teacher={t} error={refusedIntent(values) === "portrait" ? result?.errors.photo : undefined} busy={busy} />
    </StaffPage>
  );
}
