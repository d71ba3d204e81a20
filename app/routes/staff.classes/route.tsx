import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { confirmationOf } from "~/lib/forms/confirm";
import { ConfirmChange } from "~/components/staff/confirm-change";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";
import { readSubmission } from "~/server/submission.server";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { defineActionLimits, STAFF_ONLY } from "~/lib/action-limits";
import { CLASS_ECHO, CLASS_INTENTS, ClassIntentSchema, classesPage } from "./page.server";
import { ShoutOuts } from "./shout-outs";
import { SHOUT_OUT_HOURS } from "./shout-out-window";
import { StaffClassItem } from "./class-item";

/**
 * Issue 9: a minimal staff page for admins and facilitators: cancel a class or name a substitute.
 * Everyone booked or waitlisted is told by e-mail, and the class page and invites show the change.
 * Issue 23: a facilitator sees and changes only the classes they teach, an admin any (ADR 037); a
 * studio class cancelled here gives its tickets' credits and drop-ins back.
 * Issue 26 (ADR 050): each class shows its roster (first names, a mark for a first class) and a
 * note to everyone booked, sent once however often it is posted.
 */
export const handle = defineHandle({
  name: "staff-classes",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.classes.roles],
});

export const meta: MetaFunction = () => [{ title: "Class changes · Staff · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const state = await requireStaff(request, "classes");
  const page = await classesPage(state, new URL(request.url));
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  staff: { does: ["mail", "charge", "write"], bound: STAFF_ONLY },
});

export async function action({ request }: ActionFunctionArgs) {
  const state = await requireStaff(request, "classes");
  const submission = await readSubmission(request, ClassIntentSchema, CLASS_ECHO);
  if (!submission.ok) return submission.reply;
  return CLASS_INTENTS[submission.value.intent](state, submission);
}

export default function StaffClassesRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? String(navigation.formData?.get("classId") ?? "") : "";
  const confirmation = confirmationOf(actionData);
  return (
    <ConfirmChange confirmation={confirmation}>
      <section className="section" aria-labelledby="staff-title">
        <div className="container container--narrow stack">
          <header className="page-intro">
            <p className="eyebrow">Staff</p>
            <h1 id="staff-title">Class changes</h1>
            <p>
              The next two weeks: the classes you may change. Online classes are in your time, {page.zoneLabel}; studio classes in the
              studio's. Members booked or waiting are e-mailed about every change; a cancelled studio class gives back its credits and
              drop-ins.
            </p>
          </header>
          {page.notice ? (
            <p className="notice notice--success" role="status">
              {page.notice}
            </p>
          ) : null}
          <ShoutOuts hours={SHOUT_OUT_HOURS} shoutOuts={page.shoutOuts} />
          <h2 id="next-title">Next two weeks</h2>
          {page.classes.length === 0 ? <p>There are no classes of yours to change in the next two weeks.</p> : null}
          <ul className="schedule-list">
            {page.classes.map((c) => (
              <StaffClassItem
                key={c.id}
                c={c}
                page={page}
                busy={busy === c.id}
                answer={actionData?.values.classId === c.id ? actionData : null}
              />
            ))}
          </ul>
        </div>
      </section>
    </ConfirmChange>
  );
}
