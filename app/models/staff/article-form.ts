import { z } from "zod";
import { addressFromTitle } from "~/lib/slug";
import { PUBLISH_INTENTS, PUBLISH_STATES, PUBLISH_STATE_LABEL, readPublishAt, type PublishIntent, type PublishState } from "./publishing";
import { errorsOf } from "~/lib/forms/submission";

/**
 * The blog editor's article form (issue 26; ADR 047), pure and browser-safe: what the form posts,
 * what each field must be, and the states an article moves through. Saving lives in
 * ./articles.server.ts.
 */

export const ARTICLE_STATES = PUBLISH_STATES;
export type ArticleState = PublishState;
export const ARTICLE_STATE_LABEL = PUBLISH_STATE_LABEL;

/** The cover art the public pages draw for an article: one of the site's article colours. */
export const COVER_COLORS = [
  { value: "#d2a24c", label: "Ochre" },
  { value: "#c0683f", label: "Terracotta" },
  { value: "#c9775b", label: "Clay" },
  { value: "#b05a6e", label: "Rose" },
  { value: "#6a5a8f", label: "Dusk" },
  { value: "#4f6d8f", label: "Slate blue" },
  { value: "#5b7fa8", label: "Lake" },
  { value: "#3f8f83", label: "Teal" },
  { value: "#4c9a8a", label: "Sage" },
  { value: "#7d8f5a", label: "Moss" },
] as const;

export const ARTICLE_INTENTS = PUBLISH_INTENTS;
export type ArticleIntent = PublishIntent;

/** The front door caps a plain form at 16 KB (FORM_MAX_BYTES), percent-encoding included: this leaves room. */
export const BODY_MAX = 10_000;

export const ArticleFormSchema = z.object({
  intent: z.enum(ARTICLE_INTENTS, { errorMap: () => ({ message: "Please use one of the buttons below the form." }) }),
  title: z.string().trim().min(1, "Please give the article a title.").max(160, "Please keep the title under 160 characters."),
  titleSlug: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "Please give the article an address, such as breathing-at-your-desk.")
    .max(120, "Please keep the address under 120 characters.")
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Use lower-case letters, digits and single hyphens, such as breathing-at-your-desk."),
  excerpt: z.string().trim().max(400, "Please keep the summary under 400 characters."),
  category: z.string().trim().min(1, "Please name the topic, such as Sleep.").max(40, "Please keep the topic under 40 characters."),
  authorTeacherId: z.string().trim().min(1, "Please choose the teacher who wrote it.").max(120, "Please choose the teacher who wrote it."),
  heroColor: z.enum(COVER_COLORS.map((c) => c.value) as [string, ...string[]], {
    errorMap: () => ({ message: "Please choose a cover from the list." }),
  }),
  bodyHtml: z.string().trim().min(1, "Please write the article.").max(BODY_MAX, "Please keep the article under 10,000 characters."),
  /** The wall-clock time in the form's zone (datetime-local), only needed to schedule. */
  publishAt: z.string().trim().max(40),
});
export type ArticleFormValues = { [K in keyof z.input<typeof ArticleFormSchema>]: string };
export type ArticleField = Exclude<keyof ArticleFormValues, "intent">;
export type ArticleForm = z.output<typeof ArticleFormSchema>;

export const EMPTY_ARTICLE_FORM: ArticleFormValues = {
  intent: "save",
  title: "",
  titleSlug: "",
  excerpt: "",
  category: "",
  authorTeacherId: "",
  heroColor: COVER_COLORS[0].value,
  bodyHtml: "",
  publishAt: "",
};

/** The posted values; an address left empty is made from the title (the browser fills it as one types, with JavaScript). */
export function articleFormValues(form: FormData): ArticleFormValues {
  const read = (name: keyof ArticleFormValues) => String(form.get(name) ?? "");
  const values = Object.fromEntries(
    Object.keys(EMPTY_ARTICLE_FORM).map((key) => [key, read(key as keyof ArticleFormValues)]),
  ) as ArticleFormValues;
  return values.titleSlug.trim() ? values : { ...values, titleSlug: addressFromTitle(values.title, 120) };
}

export type ArticleFormRead =
  { ok: true; form: ArticleForm; publishAt: Date | null } | { ok: false; errors: Partial<Record<ArticleField | "intent", string>> };

/**
 * Reads the form. `publishAt` is a datetime-local value on `zone`'s clock (the editor's own, which
 * the page names beside the field); a time to schedule must lie ahead of `now`.
 */
export function readArticleForm(values: ArticleFormValues, now: Date, zone = "UTC"): ArticleFormRead {
  const parsed = ArticleFormSchema.safeParse(values);
  const errors: Partial<Record<ArticleField | "form", string>> = parsed.success ? {} : errorsOf(parsed.error);
  let publishAt: Date | null = null;
  if (values.intent === "schedule") {
    const read = readPublishAt(values.publishAt, now, zone);
    if (read.ok) publishAt = read.at;
    else errors.publishAt = read.message;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, form: parsed.data, publishAt };
}

/** Roughly how long the article takes to read, at 220 words a minute. */
export function readingMinutesOf(html: string): number {
  const words = html
    .replace(/<[^>]*>/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / 220));
}
