import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { StaffPage, StaffRoleList } from "~/components/staff/staff-page";
import { StaffPersonCard, type StaffPersonView } from "./staff-person";
import { formatPhoneForReading } from "~/models/identity/phone-display.server";
import { findPeople, getPerson, listStaff, studiosNow, PEOPLE_QUERY_MAX, type Person } from "~/models/staff/people.server";
import { ROLE_DUTIES, ROLE_LABEL, STAFF_AREAS, STAFF_ROLES } from "~/models/staff/staff-areas";
import { listTeachersForStaff } from "~/models/staff/teachers.server";
import { confirmationOf } from "~/lib/forms/confirm";
import type { FieldErrors } from "~/lib/forms/submission";
import { ConfirmChange } from "~/components/staff/confirm-change";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";
import { readSubmission } from "~/server/submission.server";
import { PEOPLE_ECHO, PeopleIntentSchema, changePerson } from "./page.server";
import { defineActionLimits, STAFF_ONLY } from "~/lib/action-limits";

/**
 * Issue 26: people and roles, for admins. Find a member by phone, e-mail or name; grant or remove
 * roles (the account's claims, through the identity port); assign studio staff to studios. A removed
 * role is gone on that person's next request (every staff request asks the identity provider), and
 * the last admin cannot be removed. Every change leaves one audit entry.
 */
export const handle = defineHandle({
  name: "staff-people",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.people.roles],
});

export const meta: MetaFunction = () => [{ title: "People and roles · Staff · Stillhour" }, { name: "robots", content: "noindex" }];

const NOTICES: Record<string, string> = {
  roles: "Roles saved. A removed role stops working on that person's next request.",
  studios: "Front desks saved.",
  unchanged: "Nothing changed, so nothing was recorded.",
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "people");
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, PEOPLE_QUERY_MAX);
  const [found, roster, studios, teachers] = await Promise.all([
    q.trim() ? findPeople(q) : Promise.resolve([]),
    listStaff(),
    studiosNow(),
    listTeachersForStaff(),
  ]);
  const staff = (await Promise.all(roster.map((member) => getPerson(member.uid)))).filter(
    (p): p is Person => p !== null && p.roles.length > 0,
  );
  return data(
    {
      q,
      searched: Boolean(q.trim()),
      notice: NOTICES[url.searchParams.get("done") ?? ""] ?? null,
      results: found.map(view),
      staff: staff.map(view),
      studios: studios.map((s) => ({ id: s.id, name: s.name })),
      teachers: teachers.map((t) => ({ id: t.profile.id, name: t.listed ? t.fullName : `${t.fullName} (not shown yet)` })),
      roles: STAFF_ROLES.map((role) => ({ role, label: ROLE_LABEL[role], duty: ROLE_DUTIES[role] })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  staff: { does: ["write"], bound: STAFF_ONLY },
});

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireStaff(request, "people");
  const submission = await readSubmission(request, PeopleIntentSchema, PEOPLE_ECHO);
  if (!submission.ok) return submission.reply;
  return changePerson(actor, submission);
}

function view(person: Person): StaffPersonView {
  return {
    uid: person.uid,
    name: person.name,
    contact: [person.phoneNumber ? formatPhoneForReading(person.phoneNumber) : null, person.email].filter(Boolean).join(" · "),
    roles: person.roles,
    studioIds: person.studioIds,
    teacherId: person.teacherId,
    anonymous: person.anonymous,
  };
}

/** A refusal about one person: the form it came from and its first message (none after a question). */
function errorOf(failed: { errors: FieldErrors; values: { intent?: string } }) {
  const message = Object.values(failed.errors).find(Boolean);
  return message ? { intent: failed.values.intent ?? null, message } : null;
}

export default function StaffPeopleRoute() {
  const page = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? String(navigation.formData?.get("uid") ?? "") : "";
  const confirmation = confirmationOf(failed);
  const card = (person: StaffPersonView, where: string) => (
    <StaffPersonCard
      key={`${where}-${person.uid}`}
      where={where}
      person={person}
      roles={page.roles}
      studios={page.studios}
      teachers={page.teachers}
      q={page.q}
      busy={busy === person.uid}
      error={failed && failed.values.uid === person.uid ? errorOf(failed) : null}
      // A search is for changing someone: its results open; the list of everyone stays compact.
      open={where === "result"}
    />
  );
  return (
    <ConfirmChange confirmation={confirmation}>
      <StaffPage
        id="people-title"
        title="People and roles"
        intro="Find someone by phone number, e-mail address or name, then choose their roles. Each change is recorded in the audit log."
        notice={page.notice}
      >
        {failed?.errors.form && !failed.values.uid ? (
          <p className="notice notice--error" role="alert">
            {failed.errors.form}
          </p>
        ) : null}
        <Form method="get" role="search" aria-label="Find a person">
          <div className="field">
            <label htmlFor="people-q">Phone, e-mail or name</label>
            <input id="people-q" name="q" type="search" defaultValue={page.q} maxLength={PEOPLE_QUERY_MAX} autoComplete="off" />
          </div>
          <button type="submit" className="button button--secondary">
            Find
          </button>
        </Form>
        {page.searched ? (
          <>
            <h2>Results</h2>
            {page.results.length === 0 ? <p>Nobody matches that. Names are matched from their start, as the member wrote them.</p> : null}
            <ul className="staff-people" data-testid="people-results">
              {page.results.map((person) => card(person, "result"))}
            </ul>
          </>
        ) : null}
        <h2>Everyone with a role</h2>
        <ul className="staff-people" data-testid="people-staff">
          {page.staff.map((person) => card(person, "staff"))}
        </ul>
        <h2>What each role can do</h2>
        <StaffRoleList roles={page.roles} />
      </StaffPage>
    </ConfirmChange>
  );
}
