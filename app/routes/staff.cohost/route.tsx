import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { z } from "zod";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { StaffPage, StaffRoster } from "~/components/staff/staff-page";
import { cohostClasses } from "~/models/staff/cohost.server";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { defineHandle } from "~/lib/route-handle";
import { joinAsCohost } from "~/models/classes/class-join.server";
import { requireStaff } from "~/server/staff-access.server";
import { clockShortDayTime } from "~/models/identity/clock";
import { readSubmission, refuse } from "~/server/submission.server";
import { defineActionLimits, STAFF_ONLY } from "~/lib/action-limits";

/**
 * Issue 26: a cohost's classes. Each class that names them, with its roster (first names, a mark for
 * a first class) and a Join button that opens the room with cohost rights through the video port.
 */
export const handle = defineHandle({
  name: "staff-cohost",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.cohost.roles],
});

export const meta: MetaFunction = () => [{ title: "Classes I cohost · Staff · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { viewer, zone } = await requireStaff(request, "cohost");
  const classes = await cohostClasses(viewer.uid);
  return data(
    {
      classes: classes.map(({ liveClass, roster }) => ({
        id: liveClass.id,
        title: liveClass.title,
        // An online class, on the cohost's own clock (issue 34).
        when: clockShortDayTime(liveClass.startsAt, zone),
        roster,
      })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  staff: { does: ["write"], bound: STAFF_ONLY },
});

/** Which class to join; whether this person cohosts it is the join's to decide. */
const JoinFormSchema = z.object({ classId: z.string().max(200).default("") });

export async function action({ request }: ActionFunctionArgs) {
  const { viewer, actor } = await requireStaff(request, "cohost");
  const submission = await readSubmission(request, JoinFormSchema, ["classId"]);
  if (!submission.ok) return submission.reply;
  const joined = await joinAsCohost({ uid: viewer.uid, name: actor.name.split(" ")[0] ?? "" }, submission.value.classId);
  if (!joined.ok) return refuse({ form: joined.message }, submission.echo, 409);
  return redirect(joined.location);
}

export default function StaffCohostRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <StaffPage
      id="cohost-title"
      title="Classes I cohost"
      intro="Who is coming to each class you cohost, and the way into its room. The room opens ten minutes before the start."
    >
      {page.classes.length === 0 ? <p>No class in the next two weeks names you as its cohost.</p> : null}
      <ul className="staff-codes" data-testid="cohost-classes">
        {page.classes.map((c) => (
          <li key={c.id} className="staff-code" data-class={c.id}>
            <h2 className="staff-areas__title" id={`class-${c.id}`}>
              {c.title} · {c.when}
            </h2>
            {result?.values.classId === c.id && result.errors.form ? (
              <p className="notice notice--error" role="alert">
                {result.errors.form}
              </p>
            ) : null}
            <StaffRoster label={`Booked for ${c.title}`} roster={c.roster} />
            <Form method="post">
              <input type="hidden" name="classId" value={c.id} />
              <button type="submit" className="button button--small" disabled={busy} aria-label={`Join as cohost: ${c.title}`}>
                Join as cohost
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </StaffPage>
  );
}
