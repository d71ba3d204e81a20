import { z } from "zod";
import { COVER_COLORS } from "./article-form";

/**
 * The blog editor's press items and learn series (issue 26; ADR 053), pure and browser-safe: their
 * forms, and the three states both move through (draft → published → unpublished; no schedule).
 * Saving lives in ./editorial.server.ts.
 */

export const PUBLISH_STATES = ["draft", "published", "unpublished"] as const;
export type PublishState = (typeof PUBLISH_STATES)[number];
export const PUBLISH_INTENTS = ["save", "publish", "unpublish"] as const;
export type PublishIntent = (typeof PUBLISH_INTENTS)[number];

export const PUBLISH_STATE_LABEL: Record<PublishState, string> = { draft: "Draft", published: "Published", unpublished: "Unpublished" };

/** What the edit page says after a post (its `done` parameter). */
export const PUBLISH_NOTICES: Record<string, string> = {
  save: "Saved.",
  publish: "Published. It is on the public page now.",
  unpublish: "Taken down from the public page.",
  unchanged: "Nothing changed, so nothing was recorded.",
};

/** Where a button takes a record in each state; null when it does not apply. */
export function nextPublishState(intent: PublishIntent, from: PublishState): PublishState | null {
  if (intent === "save") return from;
  if (intent === "publish") return "published";
  return from === "published" ? "unpublished" : null;
}

const intent = z.enum(PUBLISH_INTENTS, { errorMap: () => ({ message: "Please use one of the buttons below the form." }) });
const address = (example: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .min(1, `Please give it an address, such as ${example}.`)
    .max(120, "Please keep the address under 120 characters.")
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, `Use lower-case letters, digits and single hyphens, such as ${example}.`);

/** A press item: a piece of coverage elsewhere, shown on /press with a link out. */
export const PressFormSchema = z.object({
  intent,
  outlet: z.string().trim().min(1, "Please name the outlet, such as The Morning Ledger.").max(80, "Please keep the outlet under 80 characters."),
  title: z.string().trim().min(1, "Please give the headline.").max(200, "Please keep the headline under 200 characters."),
  url: z
    .string()
    .trim()
    .max(500, "Please keep the link under 500 characters.")
    .url("Please give the full link, starting with https://.")
    .refine((u) => /^https:\/\//i.test(u), "Please give a secure link, starting with https://."),
  publishedAt: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Please give the day it ran, such as 2026-05-01.")
    .refine((d) => {
      const day = new Date(`${d}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === d;
    }, "Please give the day it ran, such as 2026-05-01."),
  excerpt: z.string().trim().max(400, "Please keep the summary under 400 characters."),
});
export type PressForm = z.output<typeof PressFormSchema>;
export type PressFormValues = { [K in keyof z.input<typeof PressFormSchema>]: string };
export const EMPTY_PRESS_FORM: PressFormValues = { intent: "save", outlet: "", title: "", url: "", publishedAt: "", excerpt: "" };

/** One lesson of a series as the form posts it (parallel fields, one row per lesson). */
export const LESSON_BODY_MAX = 4_000;
export const LessonFormSchema = z.object({
  title: z.string().trim().min(1, "Please give each lesson a title.").max(120, "Please keep each lesson's title under 120 characters."),
  summary: z.string().trim().max(300, "Please keep each lesson's summary under 300 characters."),
  durationMinutes: z.coerce.number({ invalid_type_error: "Please give each lesson's minutes as a number." }).int("Please give whole minutes.").min(1, "A lesson takes at least a minute.").max(120, "Please keep a lesson under two hours."),
  bodyHtml: z.string().trim().min(1, "Please write each lesson.").max(LESSON_BODY_MAX, "Please keep each lesson under 4,000 characters."),
});

export const LearnFormSchema = z.object({
  intent,
  title: z.string().trim().min(1, "Please give the series a title.").max(120, "Please keep the title under 120 characters."),
  slug: address("sleep-basics"),
  summary: z.string().trim().min(1, "Please say in a sentence what the series teaches.").max(300, "Please keep the summary under 300 characters."),
  color: z.enum(COVER_COLORS.map((c) => c.value) as [string, ...string[]], { errorMap: () => ({ message: "Please choose a colour from the list." }) }),
  order: z.coerce.number({ invalid_type_error: "Please give the place as a number." }).int("Please give a whole number.").min(0, "Please give 0 or more.").max(999, "Please give a number under 1000."),
  lessons: z.array(LessonFormSchema).min(1, "Please write at least one lesson.").max(20, "A series holds at most 20 lessons."),
});
export type LearnForm = z.output<typeof LearnFormSchema>;
export interface LessonFormValues {
  title: string;
  summary: string;
  durationMinutes: string;
  bodyHtml: string;
}
export interface LearnFormValues {
  intent: string;
  title: string;
  slug: string;
  summary: string;
  color: string;
  order: string;
  lessons: LessonFormValues[];
}
export const EMPTY_LESSON: LessonFormValues = { title: "", summary: "", durationMinutes: "", bodyHtml: "" };
export const EMPTY_LEARN_FORM: LearnFormValues = { intent: "save", title: "", slug: "", summary: "", color: COVER_COLORS[0].value, order: "0", lessons: [] };

export type FormErrors = Record<string, string>;

export function pressFormValues(form: FormData): PressFormValues {
  return Object.fromEntries(Object.keys(EMPTY_PRESS_FORM).map((key) => [key, String(form.get(key) ?? "")])) as PressFormValues;
}

/**
 * A series form's values: the lessons are parallel fields (lessonTitle, lessonSummary, …), one row per
 * lesson; a row left wholly empty (the spare one) is no lesson, and a row whose "remove" box is
 * ticked (lessonRemove = its index) is dropped.
 */
export function learnFormValues(form: FormData): LearnFormValues {
  const all = (name: string) => form.getAll(name).map(String);
  const [titles, summaries, minutes, bodies] = [all("lessonTitle"), all("lessonSummary"), all("lessonMinutes"), all("lessonBody")];
  const removed = new Set(all("lessonRemove"));
  const lessons: LessonFormValues[] = [];
  for (let i = 0; i < Math.min(Math.max(titles.length, bodies.length), 40); i += 1) {
    const lesson = { title: titles[i] ?? "", summary: summaries[i] ?? "", durationMinutes: minutes[i] ?? "", bodyHtml: bodies[i] ?? "" };
    if (removed.has(String(i)) || Object.values(lesson).every((v) => v.trim() === "")) continue;
    lessons.push(lesson);
  }
  const one = (name: string) => String(form.get(name) ?? "");
  return { intent: one("intent"), title: one("title"), slug: one("slug"), summary: one("summary"), color: one("color"), order: one("order"), lessons };
}

/** Validates with a schema, keeping the first message per field (a lesson's as `lessons.<i>.<field>`). */
export function readForm<S extends z.ZodTypeAny>(schema: S, values: unknown): { ok: true; form: z.output<S> } | { ok: false; errors: FormErrors } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, form: parsed.data };
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path.join(".")] ??= issue.message;
  return { ok: false, errors };
}

/** A lesson's anchor on the series page, from its title, unique within the series. */
export function lessonSlugs(titles: string[]): string[] {
  const seen = new Map<string, number>();
  return titles.map((title) => {
    const base =
      title
        .toLowerCase()
        .normalize("NFKD")
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, "")
        .slice(0, 80) || "lesson";
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  });
}
