import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import type { TransactionContext } from "~/services/store/port.server";
import { getEnv } from "~/lib/env.server";
import { peopleFor, returnCreditsForCancelledClass } from "./booking.server";
import { classInvite } from "./class-invite.server";
import { endRoomAccess } from "./class-room.server";
import { CLASSES, forgetCachedClasses, getClass } from "./class-schedule.server";
import { LiveClassSchema, type LiveClass } from "~/models/classes/live-class";
import { tellCreditsReturned } from "~/models/wallet/credits.server";
import { sendOnce } from "~/platform/mail.server";
import { getTeachers } from "~/models/content/teacher.server";
import { getPrivateUser } from "~/models/identity/user.server";
import { clockDayTime } from "~/models/identity/clock";

/**
 * When a class changes (issue 9): staff cancel it or name a substitute. The class's sequence is
 * raised with the change, in one transaction; then everyone booked or waitlisted is told by e-mail,
 * once per change (the idempotency key carries the sequence), with the updated invite attached.
 * A cancelled class gives back the credits it took (issue 11), each booking once, with its own e-mail.
 */

export const ClassChangeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel"), classId: z.string().regex(/^[A-Za-z0-9_-]{1,120}$/, "Please choose a class.") }),
  z.object({
    intent: z.literal("substitute"),
    classId: z.string().regex(/^[A-Za-z0-9_-]{1,120}$/, "Please choose a class."),
    teacherId: z
      .string({ required_error: "Please choose the teacher who will lead it." })
      .min(1, "Please choose the teacher who will lead it.")
      .max(120),
  }),
]);
export type ClassChange = z.infer<typeof ClassChangeSchema>;

/**
 * `inTransaction` runs inside the change's transaction, after its reads, with the class before and
 * after: the staff pages add their audit entry there, so the change and its record commit together.
 */
export async function changeClass(
  change: ClassChange,
  now = new Date(),
  inTransaction?: (tx: TransactionContext, before: LiveClass, after: LiveClass) => void,
): Promise<{ ok: true; liveClass: LiveClass; told: number } | { ok: false; message: string }> {
  const teachers = await getTeachers();
  if (change.intent === "substitute" && !teachers.some((t) => t.id === change.teacherId))
    return { ok: false, message: "Please choose one of our teachers." };
  const updated = await getStore().transaction(async (tx) => {
    const liveClass = await tx.get(CLASSES, change.classId, LiveClassSchema);
    if (!liveClass) return { ok: false as const, message: "We couldn't find that class." };
    if (liveClass.status === "cancelled") return { ok: false as const, message: "That class is already cancelled." };
    if (Date.parse(liveClass.startsAt) + liveClass.durationMinutes * 60_000 <= now.getTime())
      return { ok: false as const, message: "That class has already ended." };
    if (change.intent === "substitute" && (liveClass.substituteTeacherId ?? liveClass.teacherId) === change.teacherId) {
      return { ok: false as const, message: "That teacher is already leading this class." };
    }
    const next: LiveClass = {
      ...liveClass,
      ...(change.intent === "cancel"
        ? { status: "cancelled" as const }
        : { substituteTeacherId: change.teacherId === liveClass.teacherId ? null : change.teacherId }),
      sequence: liveClass.sequence + 1,
    };
    tx.set(CLASSES, liveClass.id, { ...next });
    inTransaction?.(tx, liveClass, next);
    return { ok: true as const, liveClass: next };
  });
  if (!updated.ok) {
    // A retried cancellation still makes sure the credits are back (each booking returns once).
    if (change.intent === "cancel") await returnCreditsOfCancelledClass(change.classId, now);
    return updated;
  }
  forgetCachedClasses();
  if (updated.liveClass.status === "cancelled") await returnCreditsOfCancelledClass(updated.liveClass.id, now);
  const told = await tellPeople(updated.liveClass, teachers);
  if (updated.liveClass.status === "cancelled") {
    // Nobody's join address outlives the class (issue 23).
    for (const uid of (await peopleFor(updated.liveClass.id)).booked) await endRoomAccess(updated.liveClass.id, uid);
  }
  return { ok: true, liveClass: updated.liveClass, told };
}

/**
 * Returns the credits of a cancelled class and tells each member, once per booking however often it
 * runs; does nothing for a class that is not cancelled. Never throws: the cancellation has happened.
 */
export async function returnCreditsOfCancelledClass(classId: string, now = new Date()): Promise<number> {
  try {
    const liveClass = await getStore().get(CLASSES, classId, LiveClassSchema);
    if (liveClass?.status !== "cancelled") return 0;
    const returned = await returnCreditsForCancelledClass(classId, now);
    for (const credits of returned)
      await tellCreditsReturned({ ...credits, classTitle: liveClass.title, startsAt: liveClass.startsAt, why: "class_cancelled" });
    return returned.length;
  } catch (error) {
    console.warn(
      JSON.stringify({
        level: "warn",
        msg: "credits of a cancelled class not returned yet",
        classId,
        cause: error instanceof Error ? error.name : "unknown",
      }),
    );
    return 0;
  }
}

/**
 * The safety net for a cancellation whose refunds were cut short (a crash, a lost connection): every
 * class cancelled in the last week is looked at again; what was returned is never returned twice.
 */
export async function returnCreditsOfCancelledClasses(now = new Date()): Promise<{ classes: number; bookings: number }> {
  const { docs } = await getStore().query(CLASSES, LiveClassSchema, {
    where: [{ field: "startsAt", op: ">=", value: new Date(now.getTime() - 7 * 86_400_000).toISOString() }],
  });
  const cancelled = docs.map((doc) => doc.data).filter((c) => c.status === "cancelled");
  let bookings = 0;
  for (const liveClass of cancelled) bookings += await returnCreditsOfCancelledClass(liveClass.id, now);
  return { classes: cancelled.length, bookings };
}

async function tellPeople(liveClass: LiveClass, teachers: { id: string; fullName: string }[]): Promise<number> {
  const { booked, waitlisted } = await peopleFor(liveClass.id);
  const teacher = teachers.find((t) => t.id === (liveClass.substituteTeacherId ?? liveClass.teacherId));
  const site = getEnv().PUBLIC_SITE_URL;
  const page = new URL(`/classes/${liveClass.slug || liveClass.id}`, site).toString();
  const cancelled = liveClass.status === "cancelled";
  let told = 0;
  for (const uid of [...booked, ...waitlisted]) {
    const person = await getPrivateUser(uid);
    if (!person?.email) continue;
    const zone = person.mostRecentTimeZone;
    const when = clockDayTime(liveClass.startsAt, zone);
    const text = cancelled
      ? `Hello ${person.firstName ?? "there"},\n\nWe're sorry: "${liveClass.title}" on ${when} has been cancelled. Your booking is released and nothing is owed.\n\nThe schedule has other classes at a similar time: ${new URL("/classes", site)}\n\nStillhour`
      : `Hello ${person.firstName ?? "there"},\n\n"${liveClass.title}" on ${when} will be led by ${teacher?.fullName ?? "another of our teachers"}. Everything else stays the same, and your place is kept.\n\n${page}\n\nStillhour`;
    const invite = classInvite({
      liveClass,
      teacherName: teacher?.fullName ?? null,
      url: page,
      joinUrl: booked.includes(uid) ? page : null,
      timeZone: liveClass.timeZone,
      sequence: liveClass.sequence,
      cancelled,
    });
    const result = await sendOnce(
      {
        to: person.email,
        subject: cancelled ? `Cancelled: ${liveClass.title}` : `New teacher for ${liveClass.title}`,
        text,
        attachments: [{ filename: "class.ics", content: invite, contentType: `text/calendar; method=${cancelled ? "CANCEL" : "PUBLISH"}` }],
        idempotencyKey: `class-change:${liveClass.id}:${uid}:${liveClass.sequence}`,
      },
      { uid },
    );
    if (result !== "failed") told += 1;
  }
  return told;
}

/** A waitlisted member who got the seat hears about it, once. */
export async function tellPromoted(uid: string, classId: string): Promise<void> {
  const [person, liveClass] = await Promise.all([getPrivateUser(uid), getClass(classId)]);
  if (!person?.email || !liveClass) return;
  const zone = person.mostRecentTimeZone;
  const when = clockDayTime(liveClass.startsAt, zone);
  const page = new URL(`/classes/${liveClass.slug || liveClass.id}`, getEnv().PUBLIC_SITE_URL).toString();
  await sendOnce(
    {
      to: person.email,
      subject: `You're in: ${liveClass.title}`,
      text: `Hello ${person.firstName ?? "there"},\n\nA seat came free and it's yours: you're booked for "${liveClass.title}" on ${when}. There was nothing to do: you were first in line.\n\nIf you can't make it, cancel on the class page so the next person gets it: ${page}\n\nStillhour`,
      idempotencyKey: `waitlist-promoted:${classId}:${uid}`,
    },
    { uid },
  );
}

/** A waitlisted person paying with credits who had none left when a seat came free hears why, once. */
export async function tellPassedOver(uid: string, classId: string): Promise<void> {
  const [person, liveClass] = await Promise.all([getPrivateUser(uid), getClass(classId)]);
  if (!person?.email || !liveClass) return;
  const zone = person.mostRecentTimeZone;
  const when = clockDayTime(liveClass.startsAt, zone);
  const site = getEnv().PUBLIC_SITE_URL;
  await sendOnce(
    {
      to: person.email,
      subject: `A seat came free: ${liveClass.title}`,
      text: `Hello ${person.firstName ?? "there"},\n\nA seat came free in "${liveClass.title}" on ${when}, but you had no credits left to pay for it, so it went to the next person in line and you've left the waitlist. Nothing was taken from you.\n\nA class pack or a membership lets you book again: ${new URL("/credits", site)}\n\nStillhour`,
      idempotencyKey: `waitlist-passed-over:${classId}:${uid}`,
    },
    { uid },
  );
}
