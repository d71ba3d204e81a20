import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { CLASSES, CLASS_TEMPLATES, forgetCachedClasses } from "./class-schedule.server";
import { ClassTemplateSchema, localDateOfClassId, occurrenceOn, type ClassTemplate } from "./class-schedule";
import { LiveClassSchema, type LiveClass } from "./live-class";
import { CLASS_SEATS } from "./booking.server";

/**
 * Bringing a template's future classes in line after it was edited, paused or removed (issue 26;
 * docs/decisions/051-class-templates.md). Only classes nobody holds a place in, and that no staff
 * member changed (cancelled or given a substitute), are moved, updated or removed; every other class
 * keeps what its members booked and is reported, so the admin can change it through the cancel or
 * substitute path, which e-mails them. Each class is decided in its own transaction that reads the
 * class and its seat counts, so a booking made at the same moment either lands first (and the class
 * is kept) or finds the class already moved.
 */

const SeatCountSchema = z.object({ booked: z.number().int().min(0).default(0), waitlist: z.array(z.unknown()).default([]) });

/** The fields a template gives its classes; a class whose fields all match needs no write. */
const TEMPLATE_FIELDS = [
  "title",
  "teacherId",
  "modality",
  "level",
  "startsAt",
  "durationMinutes",
  "description",
  "whatToHaveReady",
  "capacity",
  "tags",
  "timeZone",
  "studioId",
  "roomId",
  "creditCost",
] as const satisfies ReadonlyArray<keyof LiveClass>;

/** A template's classes still to start, soonest first. */
async function comingClassesOf(templateId: string, now: Date) {
  const { docs } = await getStore().query(CLASSES, LiveClassSchema, {
    where: [
      { field: "templateId", op: "==", value: templateId },
      { field: "startsAt", op: ">", value: now.toISOString() },
    ],
    orderBy: [{ field: "startsAt" }],
  });
  return docs;
}

/** Whether anyone holds a place (booked or waiting) by these seat counts. */
const holdsPlaces = (seats: ReadonlyArray<z.infer<typeof SeatCountSchema> | null>) =>
  seats.some((s) => s !== null && (s.booked > 0 || s.waitlist.length > 0));

export type SyncDecision =
  | { kind: "same" }
  | { kind: "update"; patch: Partial<LiveClass> }
  | { kind: "delete" }
  | { kind: "keep"; reason: "booked" | "changed by staff" | "started" };

/**
 * What to do with one existing class of a template (null = the template is paused or gone). Pure:
 * `held` says whether anyone is booked or waiting.
 */
export function decideClass(template: ClassTemplate | null, existing: LiveClass, held: boolean, now: Date): SyncDecision {
  if (Date.parse(existing.startsAt) <= now.getTime()) return { kind: "keep", reason: "started" };
  const localDate = template ? localDateOfClassId(template.id, existing.id) : null;
  const wanted = template && template.active && localDate ? occurrenceOn(template, localDate) : null;
  const patch: Partial<LiveClass> = {};
  if (wanted)
    for (const field of TEMPLATE_FIELDS)
      if (JSON.stringify(existing[field] ?? null) !== JSON.stringify(wanted[field] ?? null))
        Object.assign(patch, { [field]: wanted[field] });
  if (wanted && Object.keys(patch).length === 0) return { kind: "same" };
  if (held) return { kind: "keep", reason: "booked" };
  if (existing.status !== "scheduled" || existing.substituteTeacherId !== null) return { kind: "keep", reason: "changed by staff" };
  // A class moved to a time already past is removed rather than shown as over.
  if (!wanted || Date.parse(wanted.startsAt) <= now.getTime()) return { kind: "delete" };
  return { kind: "update", patch };
}

export interface KeptClass {
  id: string;
  title: string;
  startsAt: string;
  reason: "booked" | "changed by staff";
}

export interface SyncResult {
  updated: number;
  deleted: number;
  /** Future classes left as they were although the template now says otherwise. */
  kept: KeptClass[];
}

/**
 * Brings one template's future classes in line with it (removed ones when the template is paused
 * or was deleted), then marks the revision it read as synced. `seatCollections` names where places
 * are counted: online seats here, and the studios' in-person seats when the caller can see them.
 */
export async function syncTemplateClasses(
  templateId: string,
  options: { now?: Date; seatCollections?: readonly string[] } = {},
): Promise<SyncResult> {
  const now = options.now ?? new Date();
  const seatCollections = options.seatCollections ?? [CLASS_SEATS];
  const store = getStore();
  const template = await store.get(CLASS_TEMPLATES, templateId, ClassTemplateSchema);
  const docs = await comingClassesOf(templateId, now);
  const result: SyncResult = { updated: 0, deleted: 0, kept: [] };
  for (const { id, data: listed } of docs) {
    const outcome = await store.transaction(async (tx) => {
      const current = await tx.get(CLASSES, id, LiveClassSchema);
      const latest = await tx.get(CLASS_TEMPLATES, templateId, ClassTemplateSchema);
      if (!current) return { kind: "same" } as SyncDecision;
      const seats = [];
      for (const collection of seatCollections) seats.push(await tx.get(collection, id, SeatCountSchema));
      const decision = decideClass(latest, current, holdsPlaces(seats), now);
      if (decision.kind === "update") tx.update(CLASSES, id, { ...decision.patch, sequence: current.sequence + 1 });
      if (decision.kind === "delete") tx.delete(CLASSES, id);
      return decision;
    });
    if (outcome.kind === "update") result.updated += 1;
    if (outcome.kind === "delete") result.deleted += 1;
    if (outcome.kind === "keep" && outcome.reason !== "started" && listed.status === "scheduled")
      result.kept.push({ id, title: listed.title, startsAt: listed.startsAt, reason: outcome.reason });
  }
  const revision = template?.revision ?? 0;
  if (template && (template.syncedRevision ?? 0) < revision) {
    await store.transaction(async (tx) => {
      const latest = await tx.get(CLASS_TEMPLATES, templateId, ClassTemplateSchema);
      if (latest && (latest.syncedRevision ?? 0) < revision) tx.update(CLASS_TEMPLATES, templateId, { syncedRevision: revision });
    });
  }
  if (result.updated + result.deleted > 0) forgetCachedClasses();
  return result;
}

/**
 * The template's future classes that differ from it but were left alone (someone booked, or staff
 * changed them), soonest first, for the template page to list with the way to change them.
 */
export async function classesOutOfLine(
  templateId: string,
  options: { now?: Date; seatCollections?: readonly string[] } = {},
): Promise<KeptClass[]> {
  const now = options.now ?? new Date();
  const store = getStore();
  const template = await store.get(CLASS_TEMPLATES, templateId, ClassTemplateSchema);
  const docs = await comingClassesOf(templateId, now);
  const kept: KeptClass[] = [];
  for (const { data } of docs) {
    if (data.status !== "scheduled") continue;
    const seats = await Promise.all(
      (options.seatCollections ?? [CLASS_SEATS]).map((collection) => store.get(collection, data.id, SeatCountSchema)),
    );
    const decision = decideClass(template, data, holdsPlaces(seats), now);
    if (decision.kind === "keep" && decision.reason !== "started")
      kept.push({ id: data.id, title: data.title, startsAt: data.startsAt, reason: decision.reason });
  }
  return kept;
}

/** The job's half (ADR 051): every template edited since its last sync is synced now, so a save cut short is finished. */
export async function syncChangedTemplates(
  options: { now?: Date; seatCollections?: readonly string[] } = {},
): Promise<{ templates: number; updated: number; deleted: number }> {
  const { docs } = await getStore().query(CLASS_TEMPLATES, ClassTemplateSchema);
  const totals = { templates: 0, updated: 0, deleted: 0 };
  for (const { data } of docs.filter((doc) => (doc.data.syncedRevision ?? 0) < (doc.data.revision ?? 0))) {
    const result = await syncTemplateClasses(data.id, options);
    totals.templates += 1;
    totals.updated += result.updated;
    totals.deleted += result.deleted;
  }
  return totals;
}
