import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { MEMBERSHIP_CHANGE_LIMIT } from "~/models/billing/membership.server";
import { defineHandle } from "~/lib/route-handle";
import { requireAccess } from "~/server/viewer.server";
import { defineActionLimits } from "~/lib/action-limits";
import { changeMembership, demoNextPayment, membershipIntent, updateCard } from "./page.server";

/** Issue 8: the membership's changes from settings, each a plain form post (card, cancel, win-back, resume). */
export const handle = defineHandle({ name: "settings-membership", layout: "main", theme: "light", requiresAuth: true });

export async function loader() {
  return redirect("/settings#membership");
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  change: { does: ["charge", "redeem", "mail", "write"], limits: [MEMBERSHIP_CHANGE_LIMIT] },
});

export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = await requireAccess(request, handle, { context });
  const intent = await membershipIntent(request);
  if (intent !== "demo-next-payment" && !(await MEMBERSHIP_CHANGE_LIMIT.attempt(viewer.uid)).ok) {
    return redirect("/settings?membership=too_many_changes#membership");
  }
  if (intent === "card") return updateCard(viewer.uid);
  if (intent === "demo-next-payment") return demoNextPayment(viewer.uid);
  return changeMembership(viewer.uid, intent);
}
