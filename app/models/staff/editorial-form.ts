import { z } from "zod";
import { addressFromTitle } from "~/lib/slug";
import { COVER_COLORS } from "./article-form";
import { PUBLISH_INTENTS, readPublishAt } from "./publishing";
import { errorsOf } from "~/lib/forms/submission";

/**
 * The blog editor's press items and learn series (issue 26; ADR 053), pure and browser-safe: their
 * forms. Their states and buttons are the articles' own (./publishing.ts): draft → scheduled →
 * published → unpublished.
 * Saving lives in ./editorial.server.ts.
 */

export {
  PUBLISH_INTENTS,
  PUBLISH_STATES,
  PUBLISH_STATE_LABEL,
  nextPublishState,
  type PublishIntent,
  type PublishState,
} from "./publishing";

/** What the edit page says after a post (its `done` parameter). */
export const PUBLISH_NOTICES: Record<string, string> = {
  save: "Saved.",
  schedule: "Scheduled. It publishes itself at its time.",
  publish: "Published. It is on the public page now.",
  unpublish: "Taken down from the public page.",
  unschedule: "Unscheduled. It is a draft again.",
  unchanged: "Nothing changed, so nothing was recorded.",
};

/** The wall-clock time (datetime-local, on the editor's clock) a scheduled record publishes itself; read by `readPublishAt`. */
const publishAt = z.string().trim().max(40).default("");
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
  outlet: z
    .string()
    .trim()
    .min(1, "Please name the outlet, such as The Morning Ledger.")
    .max(80, "Please keep the outlet under 80 characters."),
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
    .max(10, "Please give the day it ran, such as 2026-05-01.")
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Please give the day it ran, such as 2026-05-01.")
    .refine((d) => {
      const day = new Date(`${d}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === d;
    }, "Please give the day it ran, such as 2026-05-01."),
  excerpt: z.string().trim().max(400, "Please keep the summary under 400 characters."),
  publishAt,
});
export type PressForm = z.output<typeof PressFormSchema>;
export type PressFormValues = { [K in keyof z.input<typeof PressFormSchema>]-?: string };
export const EMPTY_PRESS_FORM: PressFormValues = {
  intent: "save",
  outlet: "",
  title: "",
  url: "",
  publishedAt: "",
  excerpt: "",
  publishAt: "",
};

/** One lesson of a series as the form posts it (parallel fields, one row per lesson). */
export const LESSON_BODY_MAX = 4_000;
export const LessonFormSchema = z.object({
  title: z.string().trim().min(1, "Please give each lesson a title.").max(120, "Please keep each lesson's title under 120 characters."),
  summary: z.string().trim().max(300, "Please keep each lesson's summary under 300 characters."),
  durationMinutes: z.coerce
    .number({ invalid_type_error: "Please give each lesson's minutes as a number." })
    .int("Please give whole minutes.")
    .min(1, "A lesson takes at least a minute.")
    .max(120, "Please keep a lesson under two hours."),
  bodyHtml: z.string().trim().min(1, "Please write each lesson.").max(LESSON_BODY_MAX, "Please keep each lesson under 4,000 characters."),
});

export const LearnFormSchema = z.object({
  intent,
  title: z.string().trim().min(1, "Please give the series a title.").max(120, "Please keep the title under 120 characters."),
  slug: address("sleep-basics"),
  summary: z
    .string()
    .trim()
    .min(1, "Please say in a sentence what the series teaches.")
    .max(300, "Please keep the summary under 300 characters."),
  color: z.enum(COVER_COLORS.map((c) => c.value) as [string, ...string[]], {
    errorMap: () => ({ message: "Please choose a colour from the list." }),
  }),
  order: z.coerce
    .number({ invalid_type_error: "Please give the place as a number." })
    .int("Please give a whole number.")
    .min(0, "Please give 0 or more.")
    .max(999, "Please give a number under 1000."),
  lessons: z.array(LessonFormSchema).min(1, "Please write at least one lesson.").max(20, "A series holds at most 20 lessons."),
  publishAt,
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
  publishAt: string;
}
export const EMPTY_LESSON: LessonFormValues = { title: "", summary: "", durationMinutes: "", bodyHtml: "" };
export const EMPTY_LEARN_FORM: LearnFormValues = {
  intent: "save",
  title: "",
  slug: "",
  summary: "",
  color: COVER_COLORS[0].value,
  order: "0",
  lessons: [],
  publishAt: "",
};

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
  // An address left empty is made from the title (the browser fills it as one types, with JavaScript).
  const slug = one("slug").trim() ? one("slug") : addressFromTitle(one("title"), 120);
  return {
    intent: one("intent"),
    title: one("title"),
    slug,
    summary: one("summary"),
    color: one("color"),
    order: one("order"),
    lessons,
    publishAt: one("publishAt"),
  };
}

/**
 * Validates with a schema, keeping the first message per field (a lesson's as `lessons.<i>.<field>`).
 * To schedule, the "Publish at" field is read as for articles (`readPublishAt`: on `zone`'s clock,
 * the editor's own, and still ahead of `now`), its message beside the field.
 */
export function readForm<S extends z.ZodTypeAny>(
  schema: S,
  values: unknown,
  now = new Date(),
  zone = "UTC",
): { ok: true; form: z.output<S>; publishAt: Date | null } | { ok: false; errors: FormErrors } {
  const parsed = schema.safeParse(values);
  const errors: FormErrors = parsed.success ? {} : (errorsOf(parsed.error) as FormErrors);
  let publishAt: Date | null = null;
  const raw = values as { intent?: unknown; publishAt?: unknown };
  if (raw.intent === "schedule") {
    const read = readPublishAt(String(raw.publishAt ?? ""), now, zone);
    if (read.ok) publishAt = read.at;
    else errors.publishAt ??= read.message;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, form: parsed.data, publishAt };
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
