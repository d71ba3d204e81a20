import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { joinClass } from "~/server/class-join.server";
import { defineActionLimits } from "~/lib/action-limits";

/**
 * Issue 9: "Join". A booked member inside the window is sent to their room; the address is made now,
 * for them, and never written into a page. Everyone else goes back to the class page, which says why.
 */
export async function loader({ params }: ActionFunctionArgs) {
  return redirect(`/classes/${encodeURIComponent(params.classId ?? "")}`);
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  join: { does: ["write"], bound: "one practice per member and class (its id is the class's), the room's own access rules" },
});

export async function action({ request, params, context }: ActionFunctionArgs) {
  const outcome = await joinClass(request, context, params.classId ?? "");
  return redirect(outcome.location, { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}
