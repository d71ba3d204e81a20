import { DateTime } from "luxon";
import { z } from "zod";
import { WEEKDAYS } from "~/models/classes/weekdays";
import { errorsOf } from "~/lib/forms/submission";

/**
 * The admin's class template form (issue 26; ADR 051): what is typed, as strings, checked field by
 * field, and turned into the template fields the schedule reads. Pure and browser-safe. The time is
 * a wall-clock time in the named IANA zone, so "07:00 America/Los_Angeles" stays 07:00 there across
 * daylight saving.
 */

export const TEMPLATE_FIELDS = [
  "id",
  "title",
  "teacherId",
  "modality",
  "level",
  "weekdays",
  "localTime",
  "timeZone",
  "durationMinutes",
  "capacity",
  "creditCost",
  "place",
  "description",
  "whatToHaveReady",
] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];
export type TemplateFormValues = Record<Exclude<TemplateField, "weekdays">, string> & { weekdays: string[] };

export interface TemplateFormContext {
  teacherIds: readonly string[];
  /** "online", or "studioId/roomId" for each studio room. */
  places: readonly string[];
}

/** The template fields the form sets (the schedule's ClassTemplate without id, tags and bookkeeping). */
export interface TemplateFields {
  title: string;
  teacherId: string;
  modality: "meditation" | "mindfulness" | "breathwork";
  level: string;
  weekdays: number[];
  localTime: string;
  timeZone: string;
  durationMinutes: number;
  capacity: number;
  creditCost: number | null;
  studioId: string | null;
  roomId: string | null;
  description: string;
  whatToHaveReady: string;
}

const text = (max: number, label: string) =>
  z
    .string()
    .transform((value) => value.normalize("NFC").trim())
    .pipe(
      z
        .string()
        .max(max, `Please keep ${label} under ${max} characters.`)
        .regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/, `Please remove the control characters from ${label}.`),
    );
const whole = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^\d{1,6}$/.test(v) && Number(v) >= min && Number(v) <= max, message)
    .transform(Number);

export const TemplateIdSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{1,40}$/, "Use 1 to 40 lower-case letters, numbers or hyphens, such as evening-calm.");

/** The form's zod schema for this site's teachers and rooms. */
export function templateFormSchema(context: TemplateFormContext) {
  return z
    .object({
      title: text(80, "the title").pipe(z.string().min(1, "Please give the class a title.")),
      teacherId: z.string().refine((id) => context.teacherIds.includes(id), "Please choose a teacher from the list."),
      modality: z.enum(["meditation", "mindfulness", "breathwork"], {
        errorMap: () => ({ message: "Please choose a practice from the list." }),
      }),
      level: text(40, "the level").transform((v) => v || "All levels"),
      weekdays: z
        .array(z.enum(["1", "2", "3", "4", "5", "6", "7"], { errorMap: () => ({ message: "Please choose days from the list." }) }))
        .min(1, "Please choose at least one day."),
      localTime: z
        .string()
        .trim()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Please give a time as HH:MM on a 24-hour clock, such as 07:00."),
      timeZone: z
        .string()
        .trim()
        .refine(
          (zone) => /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone) && DateTime.local().setZone(zone).isValid,
          "Please give a time zone by its IANA name, such as America/Los_Angeles.",
        ),
      durationMinutes: whole(5, 180, "Please give a length from 5 to 180 minutes."),
      capacity: whole(1, 10_000, "Please give a number of places from 1 to 10,000."),
      creditCost: z.union([
        z.literal("").transform(() => null),
        whole(1, 20, "Please give a whole number of credits from 1 to 20, or leave it empty for members only."),
      ]),
      place: z.string().refine((p) => context.places.includes(p), "Please choose online or a studio room from the list."),
      description: text(1000, "the description"),
      whatToHaveReady: text(400, "what to have ready"),
    })
    .transform((v): TemplateFields => {
      const [studioId, roomId] = v.place === "online" ? [null, null] : v.place.split("/");
      return {
        title: v.title,
        teacherId: v.teacherId,
        modality: v.modality,
        level: v.level,
        weekdays: [...new Set(v.weekdays.map(Number))].sort(),
        localTime: v.localTime,
        timeZone: v.timeZone,
        durationMinutes: v.durationMinutes,
        capacity: v.capacity,
        creditCost: v.creditCost,
        studioId: studioId ?? null,
        roomId: roomId ?? null,
        description: v.description,
        whatToHaveReady: v.whatToHaveReady,
      };
    });
}

export type TemplateFormResult = { ok: true; fields: TemplateFields } | { ok: false; errors: Partial<Record<TemplateField, string>> };

/** Checks the typed form and builds the template's fields, or says what to fix beside each field. */
export function readTemplateForm(values: TemplateFormValues, context: TemplateFormContext): TemplateFormResult {
  const parsed = templateFormSchema(context).safeParse(values);
  if (parsed.success) return { ok: true, fields: parsed.data };
  return { ok: false, errors: errorsOf(parsed.error) as Partial<Record<TemplateField, string>> };
}

/** The form's values from a post, every field a string (unknown fields ignored, long ones cut). */
export function templateFormValues(form: { get(name: string): unknown; getAll(name: string): unknown[] }): TemplateFormValues {
  const field = (name: string, max = 120) => String(form.get(name) ?? "").slice(0, max);
  return {
    id: field("id", 60),
    title: field("title", 400),
    teacherId: field("teacherId"),
    modality: field("modality"),
    level: field("level", 200),
    weekdays: form
      .getAll("weekdays")
      .map((v) => String(v).slice(0, 2))
      .slice(0, 7),
    localTime: field("localTime", 10),
    timeZone: field("timeZone", 64),
    durationMinutes: field("durationMinutes", 10),
    capacity: field("capacity", 10),
    creditCost: field("creditCost", 10),
    place: field("place", 90),
    description: field("description", 4000),
    whatToHaveReady: field("whatToHaveReady", 1600),
  };
}

/** The form's values for a stored template (editing), or the empty form's defaults. */
export function valuesOfTemplate(template: (Partial<TemplateFields> & { id?: string }) | null): TemplateFormValues {
  const t = template ?? {};
  return {
    id: t.id ?? "",
    title: t.title ?? "",
    teacherId: t.teacherId ?? "",
    modality: t.modality ?? "meditation",
    level: t.level ?? "All levels",
    weekdays: (t.weekdays ?? []).map(String),
    localTime: t.localTime ?? "",
    timeZone: t.timeZone ?? "America/Los_Angeles",
    durationMinutes: t.durationMinutes !== undefined ? String(t.durationMinutes) : "30",
    capacity: t.capacity !== undefined ? String(t.capacity) : "20",
    creditCost: t.creditCost ? String(t.creditCost) : "",
    place: t.studioId && t.roomId ? `${t.studioId}/${t.roomId}` : "online",
    description: t.description ?? "",
    whatToHaveReady: t.whatToHaveReady ?? "",
  };
}

/** The small forms beside a template: pause, resume, remove. */
export const TemplateSwitchSchema = z.object({ intent: z.enum(["pause", "resume", "remove"]), id: TemplateIdSchema });

/** A template's slot in words: "Monday, Friday at 07:30 (America/Los Angeles) · 20 min". */
export function describeSlot(template: {
  weekdays: readonly number[];
  localTime: string;
  timeZone: string;
  durationMinutes: number;
}): string {
  const days = WEEKDAYS.filter((d) => template.weekdays.includes(Number(d.value))).map((d) => d.label);
  return `${days.join(", ")} at ${template.localTime} (${template.timeZone.replaceAll("_", " ")}) · ${template.durationMinutes} min`;
}
