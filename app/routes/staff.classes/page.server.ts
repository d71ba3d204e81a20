import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { ClassChangeSchema } from "~/models/classes/class-changes.server";
import { changeClassAsStaff, classesToChange, previewCancellation } from "~/models/staff/class-changes.server";
import { carriedFields, isConfirmed, type Confirmation } from "~/lib/forms/confirm";
import { parseFields } from "~/lib/forms/submission";
import { ClassNoteSchema, NOTE_MAX, sendClassNote } from "~/models/staff/class-notes.server";
import { CohostAssignmentSchema, assignCohost, listCohosts, rosterOf } from "~/models/staff/cohost.server";
import type { LiveClass } from "~/models/classes/live-class";
import { clockRange, clockShortDay, placeNote } from "~/models/identity/clock";
import { zoneLabel } from "~/models/identity/time-zone";
import { getTeachers } from "~/models/content/teacher.server";
import { listStudios } from "~/models/studios/studio.server";
import { shoutOutsFor } from "~/models/engagement/shout-outs.server";
import type { StaffState } from "~/server/staff-access.server";
import { refuse } from "~/server/submission.server";
import { SHOUT_OUT_HOURS } from "./shout-out-window";

const NOTICES: Record<string, string> = {
  cancelled: "Cancelled. Everyone booked or waiting has been e-mailed.",
  substituted: "Saved. Everyone booked or waiting has been e-mailed.",
  noted: "Sent. Everyone booked has been e-mailed your note.",
  "noted-again": "That note was already sent, so nobody was e-mailed twice.",
  "cohost-added": "Cohost added. The class is on their page now.",
  "cohost-removed": "Cohost removed.",
  "cohost-unchanged": "Nothing changed, so nothing was recorded.",
};

/**
 * The classes of the next two weeks this person may change (issue 9; a facilitator's own, an admin's
 * all, ADR 037), each with its roster and, for an admin, its cohosts (ADR 051); and the shout-outs of
 * the last hours (ADR 049).
 */
export async function classesPage({ staff, zone }: StaffState, url: URL) {
  const now = new Date();
  const window = { from: now, to: new Date(now.getTime() + 14 * 86_400_000) };
  const isAdmin = staff.roles.includes("admin");
  const [classes, teachers, studios, recent, cohosts] = await Promise.all([
    classesToChange(staff, window),
    getTeachers(),
    listStudios(),
    classesToChange(staff, { from: new Date(now.getTime() - SHOUT_OUT_HOURS * 3_600_000), to: now }),
    isAdmin ? listCohosts() : Promise.resolve([]),
  ]);
  const cohostName = new Map(cohosts.map((c) => [c.uid, c.name]));
  const rosters = await Promise.all(classes.map((c) => (c.status === "scheduled" ? rosterOf(c) : Promise.resolve([]))));
  const studioById = new Map(studios.map((s) => [s.id, s]));
  // Issue 34: an online class on the staff member's own clock; a studio's on the studio's, its zone
  // named when that clock reads otherwise than theirs.
  const when = (c: LiveClass) => {
    const studio = c.studioId ? studioById.get(c.studioId) : undefined;
    const place = studio?.timeZone ?? zone;
    const end = Date.parse(c.startsAt) + c.durationMinutes * 60_000;
    return `${clockShortDay(c.startsAt, place)}, ${clockRange(c.startsAt, end, place)}${studio ? placeNote(c.startsAt, place, zone) : ""}`;
  };
  // Issue 27 (ADR 049): members who reached a milestone in these classes and allow a shout-out.
  const shoutOuts = await Promise.all(
    recent
      .filter((c) => c.status !== "cancelled")
      .map(async (c) => ({ id: c.id, title: c.title, when: when(c), members: await shoutOutsFor(c.id) })),
  );
  const names = new Map(teachers.map((t) => [t.id, t.fullName]));
  return {
    zoneLabel: zoneLabel(zone, now),
    notice: NOTICES[url.searchParams.get("done") ?? ""] ?? null,
    noteMax: NOTE_MAX,
    shoutOuts,
    // Issue 26 (ADR 051): an admin names each class's cohosts here.
    cohosts: isAdmin ? cohosts : null,
    teachers: teachers.map((t) => ({ id: t.id, name: t.fullName })),
    classes: classes.map((c, index) => ({
      roster: rosters[index],
      id: c.id,
      title: c.title,
      href: c.studioId ? `/studios/${studioById.get(c.studioId)?.slug ?? ""}/classes/${c.id}` : `/classes/${c.id}`,
      studio: c.studioId ? (studioById.get(c.studioId)?.name ?? "") : null,
      when: when(c),
      teacherId: c.substituteTeacherId ?? c.teacherId,
      teacher: names.get(c.substituteTeacherId ?? c.teacherId) ?? "",
      cancelled: c.status === "cancelled",
      cohosts: isAdmin ? c.cohostUids.map((uid) => ({ uid, name: cohostName.get(uid) ?? "Someone no longer a cohost" })) : [],
    })),
  };
}

export type ClassesPage = Awaited<ReturnType<typeof classesPage>>;
export type StaffClassRow = ClassesPage["classes"][number];

/** The page's forms, told apart by `intent`; each reads its own fields below. */
export const ClassIntentSchema = z.object({ intent: z.enum(["note", "add-cohost", "remove-cohost", "cancel", "substitute"]) });

/** What a refusal sends back: the class it is shown beside, and a note as it was typed. */
export const CLASS_ECHO = ["classId", "note"] as const;

type Sent = { fields: Record<string, string>; formData: FormData; echo: Partial<Record<(typeof CLASS_ECHO)[number], string>> };
type Intent = z.output<typeof ClassIntentSchema>["intent"];

/** A note to everyone booked, sent once however often it is posted (ADR 050). */
async function sendNote({ staff, actor }: StaffState, sent: Sent) {
  const parsed = parseFields(ClassNoteSchema, sent.fields);
  if (!parsed.ok) return refuse(parsed.errors, sent.echo);
  const result = await sendClassNote(staff, actor, parsed.value);
  if (!result.ok) return refuse({ form: result.problem.message }, sent.echo, result.problem.status);
  return redirect(`/staff/classes?done=${result.first ? "noted" : "noted-again"}`);
}

/** Naming cohosts is the admin's alone; a facilitator opens this page for their own classes only. */
async function nameCohost({ staff, actor }: StaffState, sent: Sent) {
  if (!staff.roles.includes("admin")) throw new Response(null, { status: 403, statusText: "Only an admin names cohosts" });
  const parsed = parseFields(CohostAssignmentSchema, sent.fields);
  if (!parsed.ok) return refuse(parsed.errors, sent.echo);
  const result = await assignCohost(actor, parsed.value);
  if (!result.ok) return refuse({ form: result.problem.message }, sent.echo, result.problem.status);
  const done = parsed.value.intent === "add-cohost" ? "cohost-added" : "cohost-removed";
  return redirect(`/staff/classes?done=${result.changed ? done : "cohost-unchanged"}`);
}

/** Cancelling e-mails everyone and gives money back: the first press only asks (issue 34). */
async function cancelQuestion({ staff, zone }: StaffState, classId: string, sent: Sent) {
  const preview = await previewCancellation(staff, classId);
  if (!preview.ok) return refuse({ form: preview.problem.message }, sent.echo, preview.problem.status);
  const c = preview.liveClass;
  const end = Date.parse(c.startsAt) + c.durationMinutes * 60_000;
  const confirmation: Confirmation = {
    heading: `Cancel ${c.title}, ${clockShortDay(c.startsAt, zone)}, ${clockRange(c.startsAt, end, zone)}?`,
    facts: preview.facts,
    confirmLabel: "Yes, cancel the class",
    keepLabel: "Keep the class",
    fields: carriedFields(sent.formData),
  };
  return data({ errors: {}, values: sent.echo, confirmation });
}

/** Cancel a class or name a substitute (issue 9); everyone booked or waiting is e-mailed. */
async function changeClass(state: StaffState, sent: Sent) {
  const parsed = parseFields(ClassChangeSchema, sent.fields);
  if (!parsed.ok) return refuse(parsed.errors, sent.echo);
  if (parsed.value.intent === "cancel" && !isConfirmed(sent.formData)) return cancelQuestion(state, parsed.value.classId, sent);
  const result = await changeClassAsStaff(state.staff, parsed.value, state.actor);
  if (!result.ok) return refuse({ form: result.problem.message }, sent.echo, result.problem.status);
  return redirect(`/staff/classes?done=${parsed.value.intent === "cancel" ? "cancelled" : "substituted"}`);
}

export const CLASS_INTENTS: Record<Intent, (state: StaffState, sent: Sent) => ReturnType<typeof changeClass>> = {
  note: sendNote,
  "add-cohost": nameCohost,
  "remove-cohost": nameCohost,
  cancel: changeClass,
  substitute: changeClass,
};
