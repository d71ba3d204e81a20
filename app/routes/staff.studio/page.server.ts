import { z } from "zod";
import { checkIn, markNoShows, undoCheckIn } from "~/models/studios/check-in.server";
import { classState } from "~/models/classes/class-schedule";
import { ticketsForClass } from "~/models/studios/in-person-tickets.server";
import { TICKET_STATE_LABEL, studioTime } from "~/models/studios/studio";
import { roomName, studiosForStaff, todaysClasses } from "~/models/studios/studio.server";
import { getPrivateUser } from "~/models/identity/user.server";
import { recordStudioCheckIn } from "~/models/engagement/practice-events.server";
import { notePractice } from "~/server/practice.server";
import type { ViewerState } from "~/server/viewer.server";
import { normaliseName } from "~/models/studios/waiver";
import { getCurrentWaiver, getSignature, signaturesAt } from "~/models/studios/waiver.server";
import { readRouteForm } from "~/server/body-limits.server";

/**
 * The front desk (issue 12): today's classes at the studios this person runs (all of them for
 * admins), each roster with waiver status, and check-in by code (scanned or typed) or by tapping a
 * name; undo; no-shows once a class has ended. Staff act only at their own studios.
 */

export async function frontDeskPage(url: URL, state: ViewerState, now: Date) {
  const studios = await studiosForStaff(state.viewer.uid, state.viewer.roles);
  if (studios.length === 0) return { studios: [], studio: null, classes: [], query: "", signatures: [] };
  const studio = studios.find((s) => s.slug === url.searchParams.get("studio")) ?? studios[0];
  const query = (url.searchParams.get("q") ?? "").slice(0, 80);
  const needle = normaliseName(query);
  const waiver = await getCurrentWaiver(studio.id);
  const classes = await Promise.all(
    (await todaysClasses(studio, now)).map(async (c) => {
      const tickets = (await ticketsForClass(c.id)).filter((t) => t.status !== "cancelled");
      const people = await Promise.all(
        tickets.map(async (t) => {
          const [person, signature] = await Promise.all([
            getPrivateUser(t.uid),
            waiver ? getSignature(t.uid, studio.id, waiver.version) : null,
          ]);
          const name = [person?.firstName, person?.lastName].filter(Boolean).join(" ") || "Name not given";
          return {
            ticketId: t.id,
            name,
            status: t.status,
            statusLabel: TICKET_STATE_LABEL[t.status],
            waiver: !waiver
              ? "No waiver needed"
              : signature
                ? `Waiver v${waiver.version} signed${signature.guardian ? " (with guardian)" : ""}`
                : `Waiver v${waiver.version} not signed`,
            waiverOk: !waiver || Boolean(signature),
          };
        }),
      );
      const state = classState(c, now);
      return {
        id: c.id,
        title: c.title,
        // The desk's page is on the studio's clock, named once at its top: no zone after each time.
        when: studioTime(c.startsAt, studio.timeZone, { reader: studio.timeZone, withDay: false }),
        room: roomName(studio, c.roomId),
        ended: state === "ended",
        counts: {
          booked: people.filter((p) => p.status === "booked").length,
          checkedIn: people.filter((p) => p.status === "checked_in").length,
        },
        people: people.filter((p) => !needle || normaliseName(p.name).includes(needle)).sort((a, b) => a.name.localeCompare(b.name)),
      };
    }),
  );
  const signatures = (await signaturesAt(studio.id)).map((s) => ({
    id: s.id,
    name: s.signer.fullName,
    version: s.version,
    current: waiver?.version === s.version,
    when: studioTime(new Date(s.signedAt), studio.timeZone, { reader: studio.timeZone }),
    guardian: s.guardian?.fullName ?? null,
  }));
  return {
    signatures,
    studios: studios.map((s) => ({ slug: s.slug, name: s.name })),
    studio: { slug: studio.slug, name: studio.name, zone: studio.timeZone.replaceAll("_", " ") },
    classes,
    query,
  };
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("check-in"), studio: z.string(), ticketId: z.string().min(1).max(200) }),
  z.object({
    intent: z.literal("check-in-code"),
    studio: z.string(),
    code: z.string().trim().min(1, "Please type or scan a code.").max(200),
    method: z.enum(["scan", "code"]).default("code"),
  }),
  z.object({ intent: z.literal("undo"), studio: z.string(), ticketId: z.string().min(1).max(200) }),
  z.object({ intent: z.literal("no-shows"), studio: z.string(), classId: z.string().min(1).max(120) }),
]);

/** The desk's answer; `codeRefused` marks a typed or scanned code turned down, so the page ties the message to the code field. */
export type FrontDeskResult = {
  status: number;
  tone: "success" | "error";
  message: string;
  ticketId: string | null;
  codeRefused?: boolean;
  code?: string;
};

export async function frontDeskAction(request: Request, state: ViewerState): Promise<FrontDeskResult> {
  const body = await readRouteForm(request);
  if (!body.ok) return { status: body.status, tone: "error", message: body.message, ticketId: null };
  const parsed = ActionSchema.safeParse(Object.fromEntries([...body.formData].map(([k, v]) => [k, String(v)])));
  if (!parsed.success)
    return { status: 400, tone: "error", message: parsed.error.issues[0]?.message ?? "That request could not be read.", ticketId: null };
  const form = parsed.data;
  const studios = await studiosForStaff(state.viewer.uid, state.viewer.roles);
  const studio = studios.find((s) => s.slug === form.studio);
  if (!studio) return { status: 403, tone: "error", message: "You can only check people in at your own studio.", ticketId: null };
  const now = new Date();
  const staffUid = state.viewer.uid;
  const nameOf = async (uid: string) => {
    const person = await getPrivateUser(uid);
    return [person?.firstName, person?.lastName].filter(Boolean).join(" ") || "This person";
  };

  if (form.intent === "no-shows") {
    const result = await markNoShows({ studioId: studio.id, classId: form.classId, now });
    if (!result.ok) return { status: 409, tone: "error", message: result.message, ticketId: null };
    return {
      status: 200,
      tone: "success",
      message: `Done: ${result.noShows} marked as no-show${result.released ? `, ${result.released} waiting released` : ""}.`,
      ticketId: null,
    };
  }
  if (form.intent === "undo") {
    const result = await undoCheckIn({ staffUid, studioId: studio.id, ticketId: form.ticketId, now });
    if (!result.ok) return { status: 409, tone: "error", message: result.message, ticketId: form.ticketId };
    return {
      status: 200,
      tone: "success",
      message: `Check-in undone: ${await nameOf(result.ticket.uid)} is booked again.`,
      ticketId: form.ticketId,
    };
  }
  const result =
    form.intent === "check-in"
      ? await checkIn({ staffUid, studioId: studio.id, ticketId: form.ticketId, method: "tap", now })
      : await checkIn({ staffUid, studioId: studio.id, code: form.code, method: form.method, now });
  // A code that isn't ours, or is for another studio or day, is bad input (400); a ticket in the wrong state is a conflict.
  const badInput = !result.ok && (result.problem === "unknown_code" || result.problem === "wrong_studio" || result.problem === "wrong_day");
  if (!result.ok)
    return {
      status: badInput ? 400 : 409,
      tone: "error",
      message: result.message,
      ticketId: form.intent === "check-in" ? form.ticketId : null,
      codeRefused: form.intent !== "check-in",
      ...(form.intent !== "check-in" ? { code: form.code } : {}),
    };
  // The check-in is the practice (ADR 045); what it earns is granted once, and a repeat finishes a grant an earlier one could not (ADR 049).
  await notePractice("studio check-in", () => recordStudioCheckIn(result.ticket.uid, studio.timeZone, result.checkedInAt));
  const name = await nameOf(result.ticket.uid);
  const at = studioTime(new Date(result.checkedInAt), studio.timeZone, { reader: studio.timeZone, withDay: false });
  return {
    status: 200,
    tone: "success",
    message: result.already ? `${name} was already checked in (at ${at}).` : `${name} is checked in.`,
    ticketId: result.ticket.id,
  };
}
