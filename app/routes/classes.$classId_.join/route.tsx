import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { joinClass } from "~/models/classes/class-join.server";
import { recordLiveClassJoined } from "~/models/engagement/practice-events.server";
import { notePractice, practiceZone } from "~/server/practice.server";
import { getViewerState } from "~/server/viewer.server";
import { defineActionLimits } from "~/lib/action-limits";

/**
 * Issue 9: "Join". A booked member inside the window is sent to their room; the address is made now,
 * for them, and never written into a page. Everyone else goes back to the class page, which says why.
 * The class's rules decide (models/classes/class-join); this route reads the session and notes the practice.
 */
export async function loader({ params }: ActionFunctionArgs) {
  return redirect(`/classes/${encodeURIComponent(params.classId ?? "")}`);
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  join: { does: ["write"], bound: "one practice per member and class (its id is the class's), the room's own access rules" },
});

export async function action({ request, params, context }: ActionFunctionArgs) {
  const state = await getViewerState(request, context);
  const member =
    state && !state.viewer.anonymous ? { uid: state.viewer.uid, firstName: state.user.firstName, lastName: state.user.lastName } : null;
  const now = new Date();
  const outcome = await joinClass({ idOrSlug: params.classId ?? "", member, now });
  if (state && outcome.entered) {
    // Going into the room is the practice (issue 27): once per class, on the member's calendar now.
    const [uid, liveClass, zone] = [state.viewer.uid, outcome.entered, await practiceZone(request, state)];
    await notePractice("live class joined", () => recordLiveClassJoined(uid, liveClass, zone, now.getTime()));
  }
  return redirect(outcome.location, { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}
