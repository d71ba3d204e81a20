import { redirect } from "@remix-run/node";
import { CompanionFormSchema } from "~/models/engagement/companions";
import { answerInvite, companionsPage, inviteCompanion, setCompanionsOff } from "~/models/engagement/companions.server";
import type { ViewerState } from "~/server/viewer.server";
import { readSubmission, refuse } from "~/server/submission.server";

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

/** The fields a refusal hands back: which form it was, and whom it was about (the page puts the message there). */
const ECHO = ["intent", "key"] as const;

/** Invite, answer, or step off the list; a refusal names the person it was about (`key`), then post/redirect/get. */
export async function companionsAction(request: Request, state: ViewerState) {
  const submission = await readSubmission(request, CompanionFormSchema, ECHO);
  if (!submission.ok) return submission.reply;
  const uid = state.viewer.uid;
  const form = submission.value;
  if (form.intent === "visibility") {
    await setCompanionsOff(uid, form.companionsOff);
    return redirect(`/practice/companions?done=${form.companionsOff ? "off" : "on"}`, 303);
  }
  const result = form.intent === "invite" ? await inviteCompanion(uid, form.key) : await answerInvite(uid, form.key, form.intent);
  if (!result.ok) return refuse({ key: result.message }, submission.echo, 409);
  return redirect(`/practice/companions?done=${result.done}`, 303);
}
