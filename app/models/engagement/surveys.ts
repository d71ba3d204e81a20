import { z } from "zod";
import { EXPERIMENTS, hashToUnit, pickVariant } from "~/platform/experiments";

/**
 * Surveys (issue 27, ADR 048): campaigns of a few questions shown to members on the pages whose route
 * handle says surveys are shown, only in the show-surveys arm of §9 `lifeScorePreferencesSurveyTest`.
 * The rules are pure and here; the store work lives in ./surveys.server.ts.
 *
 * - One survey at a time: a campaign's *showing* opens a 7-day window in which no other campaign is
 *   shown (the same one stays on the surveys pages until it is answered or put away).
 * - A campaign stops for a member after 3 showings without an answer.
 * - "Not now" puts that campaign away for good; "No more surveys" puts all of them away.
 */

export const SURVEY_CAMPAIGNS = "surveyCampaigns";
export const SURVEY_QUESTIONS = "surveyQuestions";
export const SURVEY_ANSWERS = "surveyAnswers";
export const USER_SURVEYS = "userSurveys";

export const SURVEY_EXPERIMENT = "lifeScorePreferencesSurveyTest" as const;
export const SURVEY_ARMS = EXPERIMENTS[SURVEY_EXPERIMENT].variants;
export type SurveyArm = (typeof SURVEY_ARMS)[number];

export const SURVEY_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
export const MAX_UNANSWERED_SHOWINGS = 3;

export const QUESTION_KINDS = ["single", "multiple", "scale", "text"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABEL: Record<QuestionKind, string> = {
  single: "One choice",
  multiple: "Several choices",
  scale: "A scale from 1 to 5",
  text: "A short answer",
};

export const AUDIENCES = ["everyone", "subscribers", "non-subscribers"] as const;
export type Audience = (typeof AUDIENCES)[number];
export const AUDIENCE_LABEL: Record<Audience, string> = {
  everyone: "Every member",
  subscribers: "Members with a membership",
  "non-subscribers": "Members without a membership",
};

export const TEXT_ANSWER_MAX = 500;

export const SurveyQuestionSchema = z.object({
  id: z.string().min(1),
  campaignId: z.string().min(1),
  position: z.number().int().min(0),
  kind: z.enum(QUESTION_KINDS),
  prompt: z.string().min(1).max(300),
  /** The choices of a single or multiple choice question; empty for the others. */
  options: z.array(z.string().min(1).max(120)).max(8).default([]),
  /** For the scale: what 1 and 5 mean. */
  lowLabel: z.string().max(60).default(""),
  highLabel: z.string().max(60).default(""),
});
export type SurveyQuestion = z.infer<typeof SurveyQuestionSchema>;

export const SurveyCampaignSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1).max(120),
  intro: z.string().max(400).default(""),
  audience: z.enum(AUDIENCES),
  active: z.boolean(),
  /** Milliseconds; campaigns are offered oldest first. */
  createdAt: z.number().int(),
  questionIds: z.array(z.string().min(1)).min(1).max(10),
});
export type SurveyCampaign = z.infer<typeof SurveyCampaignSchema>;

export const CAMPAIGN_STATES = ["open", "answered", "notNow", "stopped"] as const;
export const MemberCampaignSchema = z.object({
  state: z.enum(CAMPAIGN_STATES),
  showings: z.number().int().min(0),
  lastShownAt: z.number().int().nullable(),
});
export type MemberCampaign = z.infer<typeof MemberCampaignSchema>;

/** `userSurveys/{uid}`: the member's arm, their choices and what they have been shown. */
export const UserSurveysSchema = z.object({
  arm: z.enum(SURVEY_ARMS),
  noMoreSurveys: z.boolean().default(false),
  /** The campaign whose 7-day window is open, and when it opened. */
  currentCampaignId: z.string().nullable().default(null),
  windowStartedAt: z.number().int().nullable().default(null),
  campaigns: z.record(MemberCampaignSchema).default({}),
});
export type UserSurveys = z.infer<typeof UserSurveysSchema>;

export const AnswerValueSchema = z.union([z.string(), z.array(z.string()), z.number().int()]);
export const SurveyAnswerSchema = z.object({
  campaignId: z.string().min(1),
  uid: z.string().min(1),
  answeredAt: z.number().int(),
  answers: z.record(AnswerValueSchema),
});
export type SurveyAnswer = z.infer<typeof SurveyAnswerSchema>;

/** The stored weights of the experiment (`globals/surveyExperiment`); the §9 default 0:1 without it. */
export const SurveyWeightsSchema = z.object({
  id: z.literal("surveyExperiment"),
  weights: z.tuple([z.number().int().min(0).max(100), z.number().int().min(0).max(100)]),
});
export const SURVEY_WEIGHTS_ID = "surveyExperiment";
export const DEFAULT_SURVEY_WEIGHTS: [number, number] = [...EXPERIMENTS[SURVEY_EXPERIMENT].weights] as [number, number];

export const surveyAnswerId = (campaignId: string, uid: string) => `${campaignId}__${uid}`;

/** A member's arm from the weights in force when they first became eligible (then kept). */
export function armFor(uid: string, weights: readonly [number, number]): SurveyArm {
  return pickVariant({ enabled: true, variants: SURVEY_ARMS, weights }, hashToUnit(`${SURVEY_EXPERIMENT}:${uid}`)) as SurveyArm;
}

export function targets(audience: Audience, isSubscribed: boolean): boolean {
  return audience === "everyone" || (audience === "subscribers") === isSubscribed;
}

/** Campaigns this member could ever be shown, the arm aside (oldest first). */
export function campaignsFor(campaigns: readonly SurveyCampaign[], state: UserSurveys | null, isSubscribed: boolean): SurveyCampaign[] {
  return campaigns
    .filter((c) => c.active && targets(c.audience, isSubscribed))
    .filter((c) => {
      const mine = state?.campaigns[c.id];
      return !mine || (mine.state === "open" && mine.showings < MAX_UNANSWERED_SHOWINGS);
    })
    .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
}

export type SurveyDecision =
  /** Nothing to show. */
  | { show: null; newShowing: false }
  /** Show this campaign; `newShowing` when it opens a new 7-day window (counted as one showing). */
  | { show: SurveyCampaign; newShowing: boolean };

/**
 * What a member in the show-surveys arm sees on a surveys page now. Within an open window only its own
 * campaign, and only while it is still open; after it, the oldest campaign that still may be shown.
 */
export function decideSurvey(state: UserSurveys, campaigns: readonly SurveyCampaign[], isSubscribed: boolean, now: number): SurveyDecision {
  if (state.arm !== "show-surveys" || state.noMoreSurveys) return { show: null, newShowing: false };
  const offered = campaignsFor(campaigns, state, isSubscribed);
  const windowOpen = state.windowStartedAt !== null && now - state.windowStartedAt < SURVEY_WINDOW_MS;
  if (windowOpen) {
    const current = offered.find((c) => c.id === state.currentCampaignId);
    // The showing already counted when the window opened; a campaign that reached its limit at that
    // showing still stays for the rest of its own window.
    const same =
      current ??
      campaigns.find(
        (c) => c.id === state.currentCampaignId && c.active && state.campaigns[c.id]?.state === "open" && targets(c.audience, isSubscribed),
      );
    return same ? { show: same, newShowing: false } : { show: null, newShowing: false };
  }
  const next = offered[0];
  return next ? { show: next, newShowing: true } : { show: null, newShowing: false };
}

/** The state after a new showing of `campaignId` opened at `now`. */
export function withShowing(state: UserSurveys, campaignId: string, now: number): UserSurveys {
  const mine = state.campaigns[campaignId] ?? { state: "open" as const, showings: 0, lastShownAt: null };
  return {
    ...state,
    currentCampaignId: campaignId,
    windowStartedAt: now,
    campaigns: { ...state.campaigns, [campaignId]: { ...mine, showings: mine.showings + 1, lastShownAt: now } },
  };
}

export type AnswerValues = Record<string, string | string[]>;
export type AnswerErrors = Record<string, string>;

/**
 * Checks a member's answers against the questions: one choice and the scale must be answered, several
 * choices need at least one, a short answer is optional. Answers name questions by id.
 */
export function readAnswers(
  questions: readonly SurveyQuestion[],
  values: AnswerValues,
): { ok: true; answers: SurveyAnswer["answers"] } | { ok: false; errors: AnswerErrors } {
  const answers: SurveyAnswer["answers"] = {};
  const errors: AnswerErrors = {};
  for (const q of questions) {
    const raw = values[q.id];
    const list = Array.isArray(raw) ? raw : raw === undefined || raw === "" ? [] : [raw];
    if (q.kind === "single") {
      if (list.length !== 1 || !q.options.includes(list[0])) errors[q.id] = "Please choose one answer.";
      else answers[q.id] = list[0];
    } else if (q.kind === "multiple") {
      const chosen = [...new Set(list)];
      if (chosen.length === 0) errors[q.id] = "Please choose at least one answer.";
      else if (chosen.some((v) => !q.options.includes(v))) errors[q.id] = "Please choose from the answers shown.";
      else answers[q.id] = q.options.filter((o) => chosen.includes(o));
    } else if (q.kind === "scale") {
      const n = list.length === 1 && /^[1-5]$/.test(list[0]) ? Number(list[0]) : null;
      if (n === null) errors[q.id] = "Please choose a number from 1 to 5.";
      else answers[q.id] = n;
    } else {
      const text = (list[0] ?? "").trim();
      if (text.length > TEXT_ANSWER_MAX) errors[q.id] = `Please keep it to ${TEXT_ANSWER_MAX} characters.`;
      else if (text) answers[q.id] = text;
    }
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, answers };
}

export interface QuestionResult {
  question: SurveyQuestion;
  answered: number;
  /** Each option (or 1..5) with how many chose it; empty for short answers. */
  counts: Array<{ label: string; count: number }>;
}

export function summarizeAnswers(questions: readonly SurveyQuestion[], answers: readonly SurveyAnswer[]): QuestionResult[] {
  return questions.map((question) => {
    const given = answers.map((a) => a.answers[question.id]).filter((v) => v !== undefined);
    const labels = question.kind === "scale" ? ["1", "2", "3", "4", "5"] : question.kind === "text" ? [] : question.options;
    const counts = labels.map((label) => ({
      label,
      count: given.filter((v) => (Array.isArray(v) ? v.includes(label) : String(v) === label)).length,
    }));
    return { question, answered: given.length, counts };
  });
}

function csvCell(value: string): string {
  // A leading =, +, - or @ would be read as a formula by a spreadsheet: quote it as text.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One row per answer, one column per question (several choices joined with "; "). No member ids. */
export function answersCsv(questions: readonly SurveyQuestion[], answers: readonly SurveyAnswer[]): string {
  const header = ["answered_at", ...questions.map((q) => q.prompt)];
  const rows = [...answers]
    .sort((a, b) => a.answeredAt - b.answeredAt)
    .map((a) => [
      new Date(a.answeredAt).toISOString(),
      ...questions.map((q) => {
        const v = a.answers[q.id];
        return v === undefined ? "" : Array.isArray(v) ? v.join("; ") : String(v);
      }),
    ]);
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
