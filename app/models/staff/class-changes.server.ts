import { getStore } from "~/services/store/index.server";
import { changeClass, type ClassChange } from "~/models/classes/class-changes.server";
import { CLASSES, listUpcomingClasses } from "~/models/classes/class-schedule.server";
import { LiveClassSchema, type LiveClass } from "~/models/classes/live-class";
import { cancellationReach } from "~/models/classes/booking.server";
import { settleCancelledStudioClass, studioCancellationReach } from "~/models/studios/studio-cancellation.server";
import { formatMoney } from "~/models/billing/promotion-code";
import { creditsLabel } from "~/models/wallet/credit-pack";
import { problemOf, type Problem } from "~/lib/errors";
import { mayChangeClass, type StaffMember } from "./class-access";
import type { AuditActor } from "./audit";
import { recordChange } from "./audit.server";
import { auditClassLabel } from "./audit";
import { count } from "~/lib/forms/confirm";

/**
 * The staff class page's rules (issue 23): what a staff member may see to change, and a change made
 * only where they may make it. A cancelled studio class is settled here too (tickets released,
 * credits and drop-ins given back, holders told), on the first press and again on any repeat, so a
 * cancellation cut short is finished by pressing again.
 */

/** The classes in the window this staff member may change, online and in studios, soonest first. */
export async function classesToChange(staff: StaffMember, window: { from: Date; to: Date }): Promise<LiveClass[]> {
  const classes = await listUpcomingClasses({ ...window, anywhere: true });
  return classes.filter((liveClass) => mayChangeClass(staff, liveClass));
}

export type StaffChangeResult = { ok: true; liveClass: LiveClass } | { ok: false; problem: Problem };

/** Cancels a class or names its substitute for a staff member allowed to; refuses, changing nothing, anyone else. */
export async function changeClassAsStaff(
  staff: StaffMember,
  change: ClassChange,
  actor: AuditActor,
  now = new Date(),
): Promise<StaffChangeResult> {
  const liveClass = await getStore().get(CLASSES, change.classId, LiveClassSchema);
  if (!liveClass) return { ok: false, problem: problemOf("class_not_found") };
  if (!mayChangeClass(staff, liveClass)) return { ok: false, problem: problemOf("class_not_yours") };
  // One audit entry, written in the change's own transaction (issue 26).
  const result = await changeClass(change, now, (tx, before, after) =>
    recordChange(tx, {
      actor,
      area: "classes",
      action: change.intent === "cancel" ? "cancelled the class" : "named a substitute",
      target: { collection: CLASSES, id: before.id, label: auditClassLabel(before) },
      before: classFacts(before),
      after: classFacts(after),
      at: now,
    }),
  );
  if (change.intent === "cancel" && liveClass.studioId) await settleStudioClass(change.classId, now);
  if (!result.ok) return { ok: false, problem: { code: "class_cancelled", status: 409, message: result.message } };
  return { ok: true, liveClass: result.liveClass };
}

/**
 * What cancelling a class would do, read without changing anything (issue 34), for the question
 * staff answer before it happens: the people e-mailed (booked and waiting), the credits given back
 * and the drop-ins refunded. Refused, as the change itself would be, for a class this staff member
 * may not change, one already cancelled or one that has ended.
 */
export async function previewCancellation(
  staff: StaffMember,
  classId: string,
  now = new Date(),
): Promise<{ ok: true; liveClass: LiveClass; facts: string[] } | { ok: false; problem: Problem }> {
  const liveClass = await getStore().get(CLASSES, classId, LiveClassSchema);
  if (!liveClass) return { ok: false, problem: problemOf("class_not_found") };
  if (!mayChangeClass(staff, liveClass)) return { ok: false, problem: problemOf("class_not_yours") };
  if (liveClass.status === "cancelled")
    return { ok: false, problem: { code: "class_cancelled", status: 409, message: "That class is already cancelled." } };
  if (Date.parse(liveClass.startsAt) + liveClass.durationMinutes * 60_000 <= now.getTime())
    return { ok: false, problem: { code: "class_cancelled", status: 409, message: "That class has already ended." } };
  const online = await cancellationReach(classId);
  const studio = liveClass.studioId ? await studioCancellationReach(liveClass) : null;
  const booked = online.booked + (studio?.booked ?? 0);
  const waiting = online.waitlisted + (studio?.waitlisted ?? 0);
  const creditPlaces = online.creditBookings + (studio?.creditTickets ?? 0);
  const credits = online.credits + (studio?.credits ?? 0);
  const facts = [
    booked + waiting === 0
      ? "Nobody is booked or waiting, so nobody will be e-mailed."
      : `${count(booked, "person", "people")} booked and ${count(waiting, "person", "people")} waiting will be e-mailed that it is cancelled.`,
    creditPlaces === 0
      ? "No places were paid with credits, so no credits go back."
      : `${count(creditPlaces, "place was", "places were")} paid with credits: ${creditsLabel(credits)} ${credits === 1 ? "goes" : "go"} back to ${creditPlaces === 1 ? "that member" : "those members"}.`,
  ];
  if (studio) {
    facts.push(
      studio.dropIns === 0
        ? "No drop-ins to refund."
        : `${count(studio.dropIns, "drop-in is", "drop-ins are")} refunded: ${studio.dropInTotals.map((t) => formatMoney(t.amount, t.currency)).join(" and ")} in all.`,
    );
  }
  facts.push("A cancelled class can't be put back on the schedule.");
  return { ok: true, liveClass, facts };
}

/** The fields of a class a staff change can move; the sequence is bookkeeping and stays out of the log. */
function classFacts(liveClass: LiveClass) {
  return { status: liveClass.status, teacherId: liveClass.teacherId, substituteTeacherId: liveClass.substituteTeacherId ?? null };
}

async function settleStudioClass(classId: string, now: Date) {
  try {
    await settleCancelledStudioClass(classId, now);
  } catch (error) {
    // The class is cancelled either way; the sweep finishes what this could not.
    console.warn(
      JSON.stringify({
        level: "warn",
        msg: "cancelled studio class not settled yet",
        classId,
        cause: error instanceof Error ? error.name : "unknown",
      }),
    );
  }
}
