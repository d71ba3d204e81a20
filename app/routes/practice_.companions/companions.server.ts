import { data, redirect } from "@remix-run/node";
import { CompanionFormSchema } from "~/models/engagement/companions";
import { answerInvite, companionsPage, inviteCompanion, setCompanionsOff } from "~/models/engagement/companions.server";
import type { ViewerState } from "~/server/viewer.server";
import { readRouteForm } from "~/server/body-limits.server";

/**
 * The member's practice companions page (issue 27, ADR 049): the count, the anonymous list, invitations
 * to answer, first names once both said yes, and the opt-out. Every answer is post/redirect/get; a
 * refusal comes back with the message beside the button that was pressed.
 */

const DONE: Record<string, string> = {
  invited: "Invitation sent. If they say yes, you will both see each other's first name here.",
  together: "You are practice companions now: you can both see each other's first name.",
  declined: "Declined. They are not told; nothing else changes.",
  unchanged: "Nothing to change: that was already done.",
  off: "You are off the list: nobody counts or sees you as a companion, and your invitations have ended.",
  on: "You are back on: people you practise with often can count you again.",
};

export async function companionsPageData(request: Request, state: ViewerState) {
  const done = DONE[new URL(request.url).searchParams.get("done") ?? ""] ?? null;
  return { ...(await companionsPage(state.viewer.uid)), done };
}

export type CompanionActionData = { intent: string | null; key: string | null; error: string };

export async function companionsAction(request: Request, state: ViewerState) {
  const body = await readRouteForm(request);
  if (!body.ok) return data<CompanionActionData>({ intent: null, key: null, error: body.message }, { status: body.status });
  const raw = Object.fromEntries([...body.formData.entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]));
  const parsed = CompanionFormSchema.safeParse(raw);
  const intent = typeof raw.intent === "string" ? raw.intent : null;
  const key = typeof raw.key === "string" ? raw.key : null;
  if (!parsed.success)
    return data<CompanionActionData>(
      { intent, key, error: parsed.error.issues[0]?.message ?? "That form didn't come through. Please try again." },
      { status: 400 },
    );
  const uid = state.viewer.uid;
  const form = parsed.data;
  if (form.intent === "visibility") {
    await setCompanionsOff(uid, form.companionsOff);
    return redirect(`/practice/companions?done=${form.companionsOff ? "off" : "on"}`, 303);
  }
  const result = form.intent === "invite" ? await inviteCompanion(uid, form.key) : await answerInvite(uid, form.key, form.intent);
  if (!result.ok) return data<CompanionActionData>({ intent, key, error: result.message }, { status: 409 });
  return redirect(`/practice/companions?done=${result.done}`, 303);
}
