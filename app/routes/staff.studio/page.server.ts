import { data } from "@remix-run/node";
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
import { refuse, readSubmission } from "~/server/submission.server";
import type { Studio } from "~/models/studios/studio";

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

const DeskFormSchema = z.discriminatedUnion("intent", [
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

type DeskForm = z.output<typeof DeskFormSchema>;
type Desk = { studio: Studio; staffUid: string; now: Date; echo: { code?: string } };

/**
 * The desk's answer: `done` says what happened; a refusal is `{ errors, values }` like every form's
 * (ADR 060), its message under `code` when a typed or scanned code was turned down (the page ties it
 * to the code field and keeps the code as typed), else under `form`.
 */
const done = (message: string) => data({ done: message, errors: {}, values: {} }, { status: 200 });

export async function frontDeskAction(request: Request, state: ViewerState) {
  const submission = await readSubmission(request, DeskFormSchema, ["code"]);
  if (!submission.ok) return submission.reply;
  const form = submission.value;
  const studios = await studiosForStaff(state.viewer.uid, state.viewer.roles);
  const studio = studios.find((s) => s.slug === form.studio);
  if (!studio) return refuse({ form: "You can only check people in at your own studio." }, submission.echo, 403);
  const desk: Desk = { studio, staffUid: state.viewer.uid, now: new Date(), echo: submission.echo };
  if (form.intent === "no-shows") return noShows(desk, form.classId);
  if (form.intent === "undo") return undo(desk, form.ticketId);
  return checkInAtDesk(desk, form);
}

async function nameOf(uid: string) {
  const person = await getPrivateUser(uid);
  return [person?.firstName, person?.lastName].filter(Boolean).join(" ") || "This person";
}

async function noShows({ studio, now, echo }: Desk, classId: string) {
  const result = await markNoShows({ studioId: studio.id, classId, now });
  if (!result.ok) return refuse({ form: result.message }, echo, 409);
  return done(`Done: ${result.noShows} marked as no-show${result.released ? `, ${result.released} waiting released` : ""}.`);
}

async function undo({ studio, staffUid, now, echo }: Desk, ticketId: string) {
  const result = await undoCheckIn({ staffUid, studioId: studio.id, ticketId, now });
  if (!result.ok) return refuse({ form: result.message }, echo, 409);
  return done(`Check-in undone: ${await nameOf(result.ticket.uid)} is booked again.`);
}

async function checkInAtDesk({ studio, staffUid, now, echo }: Desk, form: Exclude<DeskForm, { intent: "no-shows" | "undo" }>) {
  const result =
    form.intent === "check-in"
      ? await checkIn({ staffUid, studioId: studio.id, ticketId: form.ticketId, method: "tap", now })
      : await checkIn({ staffUid, studioId: studio.id, code: form.code, method: form.method, now });
  if (!result.ok) {
    // A code that isn't ours, or is for another studio or day, is bad input (400); a ticket in the wrong state is a conflict.
    const badInput = result.problem === "unknown_code" || result.problem === "wrong_studio" || result.problem === "wrong_day";
    return refuse({ [form.intent === "check-in" ? "form" : "code"]: result.message }, echo, badInput ? 400 : 409);
  }
  // The check-in is the practice (ADR 045); what it earns is granted once, and a repeat finishes a grant an earlier one could not (ADR 049).
  await notePractice("studio check-in", () => recordStudioCheckIn(result.ticket.uid, studio.timeZone, result.checkedInAt));
  const name = await nameOf(result.ticket.uid);
  const at = studioTime(new Date(result.checkedInAt), studio.timeZone, { reader: studio.timeZone, withDay: false });
  return done(result.already ? `${name} was already checked in (at ${at}).` : `${name} is checked in.`);
}
