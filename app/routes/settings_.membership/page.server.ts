import { redirect } from "@remix-run/node";
import { z } from "zod";
import { ERRORS } from "~/lib/errors";
import { parseFields } from "~/lib/forms/submission";
import { applyWinback, cancelMembership, resumeMembership, startCardUpdate } from "~/models/billing/membership.server";
import { takeNextPaymentNow } from "~/models/checkout/demo-checkout.server";
import { recordEvent } from "~/platform/analytics-event.server";
import { readRouteForm } from "~/server/body-limits.server";

/** The membership's changes from settings (issue 8), each a plain form post whose `intent` names it. */
const MembershipFormSchema = z.object({ intent: z.enum(["card", "cancel", "winback", "resume", "demo-next-payment"]) });
export type MembershipIntent = z.output<typeof MembershipFormSchema>["intent"];

const back = (notice: string) => redirect(`/settings?membership=${notice}#membership`);

/**
 * The change a form asks for. The forms post from /settings and this address has no page, so a
 * form it cannot read is answered with its status and sentence alone.
 */
export async function membershipIntent(request: Request): Promise<MembershipIntent> {
  const body = await readRouteForm(request);
  if (!body.ok) throw new Response(null, { status: body.status, statusText: body.message });
  const parsed = parseFields(MembershipFormSchema, body.formData);
  if (!parsed.ok) throw new Response(null, { status: 400, statusText: ERRORS.bad_request.message });
  return parsed.value.intent;
}

/** One card-update page per member per minute: a double click or a retry opens the same one. */
export async function updateCard(uid: string) {
  const started = await startCardUpdate(uid, `card-${Math.floor(Date.now() / 60_000)}`);
  return started.ok ? redirect(started.url) : back(started.reason);
}

/** The demo's clock only: take the next payment now, through the same webhook path as Stripe's. */
export async function demoNextPayment(uid: string) {
  const taken = await takeNextPaymentNow(uid);
  if (taken === "off") throw new Response(null, { status: 404, statusText: "Not found" });
  return back(taken === "no_membership" ? "no_membership" : "demo-charged");
}

const CHANGES = {
  cancel: { run: cancelMembership, done: "cancelled", failed: "Cancel_Failed" },
  winback: { run: applyWinback, done: "offer", failed: "Winback_Failed" },
  // Resuming has no §8 failure event of its own.
  resume: { run: resumeMembership, done: "resumed", failed: null },
} as const;

/** Cancel, take the win-back offer, or resume; a refusal is recorded (§8) and named on settings. */
export async function changeMembership(uid: string, intent: keyof typeof CHANGES) {
  const change = CHANGES[intent];
  const result = await change.run(uid);
  if (result.ok) return back(change.done);
  if (change.failed) await recordEvent({ name: change.failed, properties: { reason: result.reason } }, { uid });
  return back(result.reason);
}
