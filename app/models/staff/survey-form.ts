import { z } from "zod";
import { AUDIENCES, QUESTION_KINDS, type Audience, type QuestionKind } from "~/models/engagement/surveys";

/**
 * The staff form that writes a survey campaign (issue 27, ADR 048): a title, a line of introduction,
 * who it is for, and up to QUESTION_SLOTS questions (a slot left without a prompt is skipped). Works
 * without JavaScript: the slots are all in the page. Pure and browser-safe.
 */

export const QUESTION_SLOTS = 4;
export const MAX_OPTIONS = 8;

export interface SurveyFormValues {
  title: string;
  intro: string;
  audience: string;
  questions: Array<{ kind: string; prompt: string; options: string; lowLabel: string; highLabel: string }>;
}

export const EMPTY_SURVEY_FORM: SurveyFormValues = {
  title: "",
  intro: "",
  audience: "everyone",
  questions: Array.from({ length: QUESTION_SLOTS }, () => ({ kind: "single", prompt: "", options: "", lowLabel: "", highLabel: "" })),
};

export interface NewQuestion {
  kind: QuestionKind;
  prompt: string;
  options: string[];
  lowLabel: string;
  highLabel: string;
}

export interface NewCampaign {
  title: string;
  intro: string;
  audience: Audience;
  questions: NewQuestion[];
}

/** Field names: title, intro, audience, and q0.kind, q0.prompt, q0.options … */
export type SurveyFormErrors = Record<string, string>;

export function surveyFormValues(form: { get(name: string): unknown }): SurveyFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    title: text("title"),
    intro: text("intro"),
    audience: text("audience"),
    questions: Array.from({ length: QUESTION_SLOTS }, (_, i) => ({
      kind: text(`q${i}.kind`),
      prompt: text(`q${i}.prompt`),
      options: text(`q${i}.options`),
      lowLabel: text(`q${i}.lowLabel`),
      highLabel: text(`q${i}.highLabel`),
    })),
  };
}

const Title = z.string().trim().min(1, "Please give the survey a title.").max(120, "Please keep the title to 120 characters.");
const Intro = z.string().trim().max(400, "Please keep the introduction to 400 characters.");
const AudienceField = z.enum(AUDIENCES, { errorMap: () => ({ message: "Please choose who the survey is for." }) });
const Kind = z.enum(QUESTION_KINDS, { errorMap: () => ({ message: "Please choose a kind of question." }) });
const Prompt = z.string().trim().max(300, "Please keep the question to 300 characters.");
const Label = z.string().trim().max(60, "Please keep this label to 60 characters.");

export function readSurveyForm(values: SurveyFormValues): { ok: true; campaign: NewCampaign } | { ok: false; errors: SurveyFormErrors } {
  const errors: SurveyFormErrors = {};
  const field = <T>(name: string, schema: z.ZodType<T>, value: unknown): T | null => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    errors[name] = parsed.error.issues[0]?.message ?? "Please check this field.";
    return null;
  };
  const title = field("title", Title, values.title);
  const intro = field("intro", Intro, values.intro);
  const audience = field("audience", AudienceField, values.audience);
  const questions: NewQuestion[] = [];
  values.questions.forEach((q, i) => {
    const prompt = field(`q${i}.prompt`, Prompt, q.prompt);
    if (!prompt) return;
    const kind = field(`q${i}.kind`, Kind, q.kind);
    const lowLabel = field(`q${i}.lowLabel`, Label, q.lowLabel) ?? "";
    const highLabel = field(`q${i}.highLabel`, Label, q.highLabel) ?? "";
    const options = [
      ...new Set(
        q.options
          .split(/\r?\n/)
          .map((o) => o.trim())
          .filter(Boolean),
      ),
    ];
    if (kind === "single" || kind === "multiple") {
      if (options.length < 2) errors[`q${i}.options`] = "Please give at least two answers, one a line.";
      else if (options.length > MAX_OPTIONS) errors[`q${i}.options`] = `Please give at most ${MAX_OPTIONS} answers.`;
      else if (options.some((o) => o.length > 120)) errors[`q${i}.options`] = "Please keep each answer to 120 characters.";
    }
    if (kind)
      questions.push({
        kind,
        prompt,
        options: kind === "single" || kind === "multiple" ? options : [],
        lowLabel: kind === "scale" ? lowLabel : "",
        highLabel: kind === "scale" ? highLabel : "",
      });
  });
  if (questions.length === 0 && !Object.keys(errors).some((k) => k.startsWith("q")))
    errors["q0.prompt"] = "Please write at least one question.";
  if (Object.keys(errors).length || title === null || audience === null) return { ok: false, errors };
  return { ok: true, campaign: { title, intro: intro ?? "", audience, questions } };
}

export const CampaignSwitchSchema = z.object({
  intent: z.enum(["pause", "resume"]),
  campaignId: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/),
});

export const WeightsSchema = z
  .object({
    show: z.coerce
      .number({ invalid_type_error: "Please give a whole number from 0 to 100." })
      .int("Please give a whole number from 0 to 100.")
      .min(0, "Please give a whole number from 0 to 100.")
      .max(100, "Please give a whole number from 0 to 100."),
    hide: z.coerce
      .number({ invalid_type_error: "Please give a whole number from 0 to 100." })
      .int("Please give a whole number from 0 to 100.")
      .min(0, "Please give a whole number from 0 to 100.")
      .max(100, "Please give a whole number from 0 to 100."),
  })
  .refine((w) => w.show + w.hide > 0, { message: "At least one of the two must be above 0.", path: ["show"] });
