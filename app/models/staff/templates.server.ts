import { getStore } from "~/services/store/index.server";
import { CLASS_TEMPLATES, SCHEDULE_CACHE_PREFIXES } from "~/models/classes/class-schedule.server";
import { ClassTemplateSchema, type ClassTemplate } from "~/models/classes/class-schedule";
import { classesOutOfLine, syncTemplateClasses, type KeptClass } from "~/models/classes/template-sync.server";
import { getTeachers } from "~/models/content/teacher.server";
import { SEAT_COLLECTIONS, generateClassesAndTellFollowers } from "~/models/engagement/following.server";
import { listStudios } from "~/models/studios/studio.server";
import { contentChanged } from "~/lib/cache.server";
import { problemOf, type Problem } from "~/lib/errors";
import type { AuditActor } from "./audit";
import { recordChange } from "./audit.server";
import type { TemplateFields, TemplateFormContext } from "./template-form";

/**
 * Class templates from the admin's side (issue 26; docs/decisions/051-class-templates.md): create,
 * edit, pause, resume and remove the recurring slots the schedule is made from. Each change is one
 * store transaction with its audit entry (none when nothing changed) that raises the template's
 * revision; then the schedule is regenerated at once with the generation job's own function: the
 * template's future classes nobody booked are moved, updated or removed, new ones are made (their
 * teacher's followers told), and the public pages are dropped from the caches. A class someone
 * booked keeps its time and is listed back, for the cancel or substitute path on /staff/classes.
 */

export type TemplateResult = { ok: true; changed: boolean; kept: KeptClass[] } | { ok: false; problem: Problem };

/** Teachers and places the form offers, with the ids the form's schema accepts. */
export async function templateFormContext(): Promise<
  TemplateFormContext & { teachers: Array<{ id: string; name: string }>; placeOptions: Array<{ value: string; label: string }> }
> {
  const [teachers, studios] = await Promise.all([getTeachers(), listStudios()]);
  const placeOptions = [
    { value: "online", label: "Online (live video)" },
    ...studios.flatMap((s) => s.rooms.map((room) => ({ value: `${s.id}/${room.id}`, label: `${s.name}: ${room.name}` }))),
  ];
  return {
    teachers: teachers.map((t) => ({ id: t.id, name: t.fullName })),
    teacherIds: teachers.map((t) => t.id),
    places: placeOptions.map((p) => p.value),
    placeOptions,
  };
}

/** Every template, online first, then by title. */
export async function listTemplates(): Promise<ClassTemplate[]> {
  const { docs } = await getStore().query(CLASS_TEMPLATES, ClassTemplateSchema);
  return docs
    .map((doc) => doc.data)
    .sort((a, b) => Number(Boolean(a.studioId)) - Number(Boolean(b.studioId)) || a.title.localeCompare(b.title));
}

export function getTemplate(id: string): Promise<ClassTemplate | null> {
  return getStore().get(CLASS_TEMPLATES, id, ClassTemplateSchema);
}

/** The template's coming classes that differ from it because someone booked them or staff changed them. */
export function templateClassesKept(id: string, now = new Date()): Promise<KeptClass[]> {
  return classesOutOfLine(id, { now, seatCollections: SEAT_COLLECTIONS });
}

/** The fields a change is described by in the log (the sync bookkeeping left out). */
function facts(template: ClassTemplate | null): Record<string, unknown> | null {
  if (!template) return null;
  const { revision: _revision, syncedRevision: _synced, ...rest } = template;
  return { ...rest, studioId: rest.studioId ?? null, roomId: rest.roomId ?? null };
}

const label = (template: Pick<ClassTemplate, "title" | "id">) => `${template.title} (${template.id})`;

/** Creates the template once (an id already taken is refused, never overwritten), then makes its classes. */
export async function createTemplate(actor: AuditActor, id: string, fields: TemplateFields, now = new Date()): Promise<TemplateResult> {
  const template = ClassTemplateSchema.parse({ id, ...fields, tags: [], active: true, revision: 1, syncedRevision: 0 });
  const result = await getStore().transaction(async (tx) => {
    if (await tx.get(CLASS_TEMPLATES, id, ClassTemplateSchema)) return { ok: false as const, problem: problemOf("staff_template_exists") };
    tx.create(CLASS_TEMPLATES, id, template);
    recordChange(tx, {
      actor,
      area: "classes",
      action: "created the class template",
      target: { collection: CLASS_TEMPLATES, id, label: label(template) },
      before: null,
      after: facts(template),
      at: now,
    });
    return { ok: true as const };
  });
  if (!result.ok) return result;
  return { ok: true, changed: true, kept: await regenerate(id, now) };
}

/** Saves an edit; an edit that changes nothing writes nothing, logs nothing and moves no class. */
export async function updateTemplate(actor: AuditActor, id: string, fields: TemplateFields, now = new Date()): Promise<TemplateResult> {
  return change(actor, id, now, "changed the class template", (current) => ({ ...current, ...fields }));
}

/** Pauses (its unbooked future classes go) or resumes (they come back) a template. */
export function setTemplateActive(actor: AuditActor, id: string, active: boolean, now = new Date()): Promise<TemplateResult> {
  return change(actor, id, now, active ? "resumed the class template" : "paused the class template", (current) => ({ ...current, active }));
}

async function change(
  actor: AuditActor,
  id: string,
  now: Date,
  action: string,
  edit: (current: ClassTemplate) => ClassTemplate,
): Promise<TemplateResult> {
  const result = await getStore().transaction(async (tx) => {
    const current = await tx.get(CLASS_TEMPLATES, id, ClassTemplateSchema);
    if (!current) return { ok: false as const, problem: problemOf("staff_template_not_found") };
    const next = ClassTemplateSchema.parse(edit(current));
    const before = facts(current);
    const after = facts(next);
    if (JSON.stringify(before) === JSON.stringify(after)) return { ok: true as const, changed: false };
    const revision = (current.revision ?? 0) + 1;
    tx.set(CLASS_TEMPLATES, id, { ...next, revision, syncedRevision: current.syncedRevision ?? 0 });
    recordChange(tx, {
      actor,
      area: "classes",
      action,
      target: { collection: CLASS_TEMPLATES, id, label: label(next) },
      before,
      after,
      at: now,
    });
    return { ok: true as const, changed: true };
  });
  if (!result.ok) return result;
  return { ok: true, changed: result.changed, kept: result.changed ? await regenerate(id, now) : [] };
}

/** Removes a template: its unbooked future classes go with it; booked ones stay, listed back. */
export async function removeTemplate(actor: AuditActor, id: string, now = new Date()): Promise<TemplateResult> {
  const result = await getStore().transaction(async (tx) => {
    const current = await tx.get(CLASS_TEMPLATES, id, ClassTemplateSchema);
    if (!current) return { ok: false as const, problem: problemOf("staff_template_not_found") };
    tx.delete(CLASS_TEMPLATES, id);
    recordChange(tx, {
      actor,
      area: "classes",
      action: "removed the class template",
      target: { collection: CLASS_TEMPLATES, id, label: label(current) },
      before: facts(current),
      after: null,
      at: now,
    });
    return { ok: true as const };
  });
  if (!result.ok) return result;
  return { ok: true, changed: true, kept: await regenerate(id, now) };
}

/**
 * The schedule made again at once: this template's classes brought in line, then the generation
 * job's own run (new classes, followers told), then every cached copy of a class page dropped,
 * rendered pages included. What could not be changed because someone booked it is answered.
 */
async function regenerate(id: string, now: Date): Promise<KeptClass[]> {
  const { kept } = await syncTemplateClasses(id, { now, seatCollections: SEAT_COLLECTIONS });
  await generateClassesAndTellFollowers({ now, templateId: id });
  contentChanged(SCHEDULE_CACHE_PREFIXES);
  return kept;
}
