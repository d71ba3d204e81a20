import { createHash } from "node:crypto";
import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import { getEnv } from "~/lib/env.server";
import { problemOf, type Problem } from "~/lib/errors";
import { sendOnce } from "~/platform/mail.server";
import { peopleFor } from "~/models/classes/booking.server";
import { CLASSES } from "~/models/classes/class-schedule.server";
import { LiveClassSchema } from "~/models/classes/live-class";
import { getPrivateUser } from "~/models/identity/user.server";
import { mayChangeClass, type StaffMember } from "./class-access";
import type { AuditActor } from "./audit";
import { recordChange } from "./audit.server";
import { clockDayTime } from "~/models/identity/clock";
import { auditClassLabel } from "./audit";

/**
 * A note from a class's teacher (or an admin) to everyone booked on it (issue 26; ADR 050), sent
 * once. The note is recorded as `classNotes/{hash of class and text}`, created with its audit entry
 * in one transaction, and each member's e-mail goes through `sendOnce` keyed by that note and that
 * member: a double post, a retry or two servers at once send each member one e-mail. A post that
 * repeats a note already recorded sends only what a cut-short first post did not.
 */

export const CLASS_NOTES = "classNotes";
export const NOTE_MAX = 1000;

export const ClassNoteSchema = z.object({
  classId: z
    .string()
    .max(120, "Please choose a class.")
    .regex(/^[A-Za-z0-9_-]{1,120}$/, "Please choose a class."),
  note: z
    .string()
    .trim()
    .min(1, "Please write the note.")
    .max(NOTE_MAX, `Please keep the note under ${NOTE_MAX} characters.`)
    .transform((value) => value.replace(/\r\n?/g, "\n")),
});

export type ClassNoteResult = { ok: true; first: boolean; told: number } | { ok: false; problem: Problem };

export function noteIdOf(classId: string, note: string): string {
  return createHash("sha256").update(`${classId}\n${note}`).digest("hex").slice(0, 40);
}

export async function sendClassNote(
  staff: StaffMember,
  actor: AuditActor,
  input: z.infer<typeof ClassNoteSchema>,
  now = new Date(),
): Promise<ClassNoteResult> {
  const liveClass = await getStore().get(CLASSES, input.classId, LiveClassSchema);
  if (!liveClass) return { ok: false, problem: problemOf("class_not_found") };
  if (!mayChangeClass(staff, liveClass)) return { ok: false, problem: problemOf("staff_note_not_yours") };
  if (liveClass.status === "cancelled") return { ok: false, problem: problemOf("class_cancelled") };
  const id = noteIdOf(liveClass.id, input.note);
  const first = await getStore().transaction(async (tx) => {
    if (await tx.get(CLASS_NOTES, id, z.object({ classId: z.string() }))) return false;
    tx.create(CLASS_NOTES, id, { classId: liveClass.id, note: input.note, sentBy: actor.uid, at: now.toISOString() });
    recordChange(tx, {
      actor,
      area: "classes",
      action: "wrote to the members booked",
      target: { collection: CLASSES, id: liveClass.id, label: auditClassLabel(liveClass) },
      before: null,
      after: { note: input.note },
      at: now,
    });
    return true;
  });
  const { booked } = await peopleFor(liveClass.id);
  const sender = actor.name.split(" ")[0] || "Your teacher";
  const page = new URL(`/classes/${liveClass.slug || liveClass.id}`, getEnv().PUBLIC_SITE_URL).toString();
  let told = 0;
  for (const uid of booked) {
    const person = await getPrivateUser(uid);
    if (!person?.email) continue;
    const zone = person.mostRecentTimeZone;
    const when = clockDayTime(liveClass.startsAt, zone);
    const result = await sendOnce(
      {
        to: person.email,
        subject: `A note about ${liveClass.title}`,
        text: `Hello ${person.firstName ?? "there"},\n\n${sender} wrote to everyone booked on "${liveClass.title}" on ${when}:\n\n${input.note}\n\nThe class page: ${page}\n\nStillhour`,
        idempotencyKey: `class-note:${id}:${uid}`,
      },
      { uid },
    );
    if (result !== "failed") told += 1;
  }
  return { ok: true, first, told };
}

/** Account deletion (ADR 032, issue 35): a note they sent stays with its class, sent by the pseudonym. */
export async function anonymiseClassNotes(uid: string, pseudonym: string): Promise<void> {
  for (const { id } of await documentsWhere(CLASS_NOTES, "sentBy", uid)) await getStore().update(CLASS_NOTES, id, { sentBy: pseudonym });
}
