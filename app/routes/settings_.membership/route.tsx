import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { recordEvent } from "~/platform/analytics-event.server";
import { ERRORS } from "~/lib/errors";
import {
  MEMBERSHIP_CHANGE_LIMIT,
  applyWinback,
  cancelMembership,
  resumeMembership,
  startCardUpdate,
} from "~/models/billing/membership.server";
import { takeNextPaymentNow } from "~/models/checkout/demo-checkout.server";
import { defineHandle } from "~/lib/route-handle";
import { requireAccess } from "~/server/viewer.server";
import { readRouteForm } from "~/server/body-limits.server";
import { defineActionLimits } from "~/lib/action-limits";

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
  const body = await readRouteForm(request);
  if (!body.ok) throw new Response(null, { status: body.status, statusText: body.message });
  const { formData } = body;
  // Built here, not at the top of the file, so the route's browser chunk has no schema and no zod.
  const parsed = z
    .object({ intent: z.enum(["card", "cancel", "winback", "resume", "demo-next-payment"]) })
    .safeParse({ intent: formData.get("intent") });
  if (!parsed.success) throw new Response(null, { status: 400, statusText: ERRORS.bad_request.message });
  const { intent } = parsed.data;
  if (intent !== "demo-next-payment" && !(await MEMBERSHIP_CHANGE_LIMIT.attempt(viewer.uid)).ok) {
    return redirect("/settings?membership=too_many_changes#membership");
  }

  if (intent === "card") {
    // One card-update page per member per minute: a double click or a retry opens the same one.
    const started = await startCardUpdate(viewer.uid, `card-${Math.floor(Date.now() / 60_000)}`);
    if (!started.ok) return redirect(`/settings?membership=${started.reason}#membership`);
    return redirect(started.url);
  }
  if (intent === "demo-next-payment") {
    // The demo's clock only: take the next payment now, through the same webhook path as Stripe's.
    const taken = await takeNextPaymentNow(viewer.uid);
    if (taken === "off") throw new Response(null, { status: 404, statusText: "Not found" });
    if (taken === "no_membership") return redirect("/settings?membership=no_membership#membership");
    return redirect("/settings?membership=demo-charged#membership");
  }
  const result =
    intent === "cancel"
      ? await cancelMembership(viewer.uid)
      : intent === "resume"
        ? await resumeMembership(viewer.uid)
        : await applyWinback(viewer.uid);
  if (!result.ok) {
    // §8 failure events; resuming has none of its own.
    if (intent !== "resume")
      await recordEvent(
        { name: intent === "cancel" ? "Cancel_Failed" : "Winback_Failed", properties: { reason: result.reason } },
        { uid: viewer.uid },
      );
    return redirect(`/settings?membership=${result.reason}#membership`);
  }
  return redirect(`/settings?membership=${intent === "cancel" ? "cancelled" : intent === "resume" ? "resumed" : "offer"}#membership`);
}
