import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import { CLASSES } from "~/models/classes/class-schedule.server";
import { LiveClassSchema } from "~/models/classes/live-class";
import { readPayment, releasePayment, TicketSchema, ticketsForClass, type Ticket } from "./in-person-tickets.server";
import { IN_PERSON_SEATS, IN_PERSON_TICKETS, STUDIOS, SeatsSchema } from "./studio-records";
import { StudioSchema, codeFromScan, studioDay, studioTime } from "./studio";

/**
 * Check-in at the front desk (issue 12). `userCheckInInfo/{ticketId}` holds whether the ticket is
 * checked in now; `userCheckInInfoRecord/{ticketId}:{n}` is the append-only story (check in, undo,
 * check in again), its number taken from the info document in the same transaction, so twenty scans
 * of one code at once check in once and write one record.
 */

export const CHECK_IN_INFO = "userCheckInInfo";
export const CHECK_IN_RECORDS = "userCheckInInfoRecord";

export const CheckInInfoSchema = z.object({
  ticketId: z.string(),
  uid: z.string(),
  classId: z.string(),
  studioId: z.string(),
  checkedIn: z.boolean(),
  checkedInAt: z.number().nullable(),
  records: z.number().int().min(0),
});

export const CheckInRecordSchema = z.object({
  ticketId: z.string(),
  uid: z.string(),
  classId: z.string(),
  studioId: z.string(),
  seq: z.number().int().min(1),
  action: z.enum(["check_in", "undo"]),
  method: z.enum(["scan", "code", "tap"]).nullable(),
  by: z.string(),
  at: z.number(),
});

export type CheckInProblem = "unknown_code" | "wrong_studio" | "wrong_day" | "waitlisted" | "cancelled" | "no_show" | "not_checked_in";

const PROBLEMS: Record<CheckInProblem, string> = {
  unknown_code: "We don't recognise that code. Check it, or find the person by name.",
  wrong_studio: "That ticket is for a class at another studio.",
  wrong_day: "That ticket is for a class on another day.",
  waitlisted: "That person is on the waitlist, not booked: they can't be checked in unless a seat frees up.",
  cancelled: "That booking was cancelled.",
  no_show: "That class has ended and the ticket was marked as a no-show.",
  not_checked_in: "That person isn't checked in, so there's nothing to undo.",
};

export type CheckInResult =
  { ok: true; already: boolean; ticket: Ticket; checkedInAt: number } | { ok: false; problem: CheckInProblem; message: string };
const fail = (problem: CheckInProblem, detail?: string) => ({ ok: false as const, problem, message: detail ?? PROBLEMS[problem] });

async function ticketByCode(raw: string): Promise<Ticket | null> {
  const code = codeFromScan(raw);
  if (!code) return null;
  const { docs } = await getStore().query(IN_PERSON_TICKETS, TicketSchema, { where: [{ field: "code", op: "==", value: code }], limit: 1 });
  return docs[0]?.data ?? null;
}

/**
 * Checks a ticket in at `studioId` today, by its code (scanned or typed) or its id (tapped on the
 * roster). Once only: a repeat answers when it was checked in and writes nothing.
 */
export async function checkIn(
  input: { staffUid: string; studioId: string; now: Date } & (
    { code: string; method: "scan" | "code" } | { ticketId: string; method: "tap" }
  ),
): Promise<CheckInResult> {
  const found = "code" in input ? await ticketByCode(input.code) : await getStore().get(IN_PERSON_TICKETS, input.ticketId, TicketSchema);
  if (!found) return fail("unknown_code");
  const at = input.now.getTime();
  return getStore().transaction(async (tx) => {
    const [ticket, studio, info] = await Promise.all([
      tx.get(IN_PERSON_TICKETS, found.id, TicketSchema),
      tx.get(STUDIOS, found.studioId, StudioSchema),
      tx.get(CHECK_IN_INFO, found.id, CheckInInfoSchema),
    ]);
    if (!ticket || !studio) return fail("unknown_code");
    if (ticket.studioId !== input.studioId) return fail("wrong_studio");
    if (studioDay(ticket.startsAt, studio.timeZone) !== studioDay(input.now, studio.timeZone))
      return fail("wrong_day", `That ticket is for a class on another day (${studioTime(ticket.startsAt, studio.timeZone)}).`);
    if (ticket.status === "checked_in" && info?.checkedIn)
      return { ok: true, already: true, ticket, checkedInAt: info.checkedInAt ?? at } as const;
    if (ticket.status === "waitlisted") return fail("waitlisted");
    if (ticket.status === "cancelled" || ticket.status === "late_cancelled") return fail("cancelled");
    if (ticket.status === "no_show") return fail("no_show");
    const seq = (info?.records ?? 0) + 1;
    tx.update(IN_PERSON_TICKETS, ticket.id, { status: "checked_in", updatedAt: at });
    tx.set(CHECK_IN_INFO, ticket.id, {
      ticketId: ticket.id,
      uid: ticket.uid,
      classId: ticket.classId,
      studioId: ticket.studioId,
      checkedIn: true,
      checkedInAt: at,
      records: seq,
    });
    tx.create(CHECK_IN_RECORDS, `${ticket.id}:${seq}`, {
      ticketId: ticket.id,
      uid: ticket.uid,
      classId: ticket.classId,
      studioId: ticket.studioId,
      seq,
      action: "check_in",
      method: input.method,
      by: input.staffUid,
      at,
    });
    return { ok: true, already: false, ticket: { ...ticket, status: "checked_in" }, checkedInAt: at } as const;
  });
}

/** Undoes a mistaken check-in: the ticket is booked again, and the record says who undid it and when. */
export async function undoCheckIn(input: {
  staffUid: string;
  studioId: string;
  ticketId: string;
  now: Date;
}): Promise<{ ok: true; ticket: Ticket } | { ok: false; problem: CheckInProblem; message: string }> {
  const at = input.now.getTime();
  return getStore().transaction(async (tx) => {
    const [ticket, info] = await Promise.all([
      tx.get(IN_PERSON_TICKETS, input.ticketId, TicketSchema),
      tx.get(CHECK_IN_INFO, input.ticketId, CheckInInfoSchema),
    ]);
    if (!ticket) return fail("unknown_code");
    if (ticket.studioId !== input.studioId) return fail("wrong_studio");
    if (ticket.status !== "checked_in" || !info?.checkedIn) return fail("not_checked_in");
    const seq = info.records + 1;
    tx.update(IN_PERSON_TICKETS, ticket.id, { status: "booked", updatedAt: at });
    tx.set(CHECK_IN_INFO, ticket.id, { ...info, checkedIn: false, checkedInAt: null, records: seq });
    tx.create(CHECK_IN_RECORDS, `${ticket.id}:${seq}`, {
      ticketId: ticket.id,
      uid: ticket.uid,
      classId: ticket.classId,
      studioId: ticket.studioId,
      seq,
      action: "undo",
      method: null,
      by: input.staffUid,
      at,
    });
    return { ok: true, ticket: { ...ticket, status: "booked" } } as const;
  });
}

/**
 * After a class has ended: everyone still booked (not checked in) becomes a no-show, and anyone
 * still waiting gets their drop-in or credits back. Each ticket in its own transaction; running it twice changes
 * nothing more.
 */
export async function markNoShows(input: {
  studioId: string;
  classId: string;
  now: Date;
}): Promise<{ ok: true; noShows: number; released: number } | { ok: false; message: string }> {
  const liveClass = await getStore().get(CLASSES, input.classId, LiveClassSchema);
  if (!liveClass || liveClass.studioId !== input.studioId) return { ok: false, message: "We couldn't find that class at this studio." };
  const endsAt = Date.parse(liveClass.startsAt) + liveClass.durationMinutes * 60_000;
  if (input.now.getTime() < endsAt) return { ok: false, message: "No-shows can be marked once the class has ended." };
  const at = input.now.getTime();
  let noShows = 0;
  let released = 0;
  for (const candidate of await ticketsForClass(input.classId)) {
    if (candidate.status !== "booked" && candidate.status !== "waitlisted") continue;
    const changed = await getStore().transaction(async (tx) => {
      const [ticket, seats] = await Promise.all([
        tx.get(IN_PERSON_TICKETS, candidate.id, TicketSchema),
        tx.get(IN_PERSON_SEATS, candidate.classId, SeatsSchema),
      ]);
      if (ticket?.status === "booked") {
        tx.update(IN_PERSON_TICKETS, ticket.id, { status: "no_show", updatedAt: at });
        return "no_show" as const;
      }
      if (ticket?.status === "waitlisted") {
        const paid = await readPayment(tx, ticket.payment, ticket.uid);
        tx.update(IN_PERSON_TICKETS, ticket.id, { status: "cancelled", updatedAt: at });
        if (seats) tx.set(IN_PERSON_SEATS, ticket.classId, { ...seats, waitlist: seats.waitlist.filter((e) => e.uid !== ticket.uid) });
        releasePayment(tx, ticket.payment, paid, { classId: ticket.classId, now: at });
        return "released" as const;
      }
      return null;
    });
    if (changed === "no_show") noShows += 1;
    if (changed === "released") released += 1;
  }
  return { ok: true, noShows, released };
}

export async function checkInRecords(ticketId: string): Promise<z.infer<typeof CheckInRecordSchema>[]> {
  const { docs } = await getStore().query(CHECK_IN_RECORDS, CheckInRecordSchema, {
    where: [{ field: "ticketId", op: "==", value: ticketId }],
  });
  return docs.map((d) => d.data).sort((a, b) => a.seq - b.seq);
}

/**
 * The background sweep: every in-person class that ended in the last day has its no-shows marked.
 * Safe to run on several servers at once and as often as wanted (markNoShows changes each ticket once).
 */
export async function markEndedNoShows(now: Date = new Date()): Promise<{ classes: number; noShows: number }> {
  const { docs } = await getStore().query(CLASSES, LiveClassSchema, {
    where: [
      { field: "startsAt", op: ">=", value: new Date(now.getTime() - 27 * 3_600_000).toISOString() },
      { field: "startsAt", op: "<=", value: now.toISOString() },
    ],
  });
  let classes = 0;
  let noShows = 0;
  for (const { data } of docs) {
    if (!data.studioId || Date.parse(data.startsAt) + data.durationMinutes * 60_000 > now.getTime()) continue;
    const result = await markNoShows({ studioId: data.studioId, classId: data.id, now });
    if (result.ok) {
      classes += 1;
      noShows += result.noShows;
    }
  }
  return { classes, noShows };
}

/**
 * Deletes a leaving member's check-ins (whether they came, and when). Check-ins they made as staff
 * stay, for the studio's record of its desk, with `pseudonym` as who made them.
 */
export async function forgetCheckIns(uid: string, pseudonym: string): Promise<void> {
  const store = getStore();
  for (const { id } of await documentsWhere(CHECK_IN_INFO, "uid", uid)) await store.delete(CHECK_IN_INFO, id);
  for (const { id } of await documentsWhere(CHECK_IN_RECORDS, "uid", uid)) await store.delete(CHECK_IN_RECORDS, id);
  for (const { id } of await documentsWhere(CHECK_IN_RECORDS, "by", uid)) await store.update(CHECK_IN_RECORDS, id, { by: pseudonym });
}
