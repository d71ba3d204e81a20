import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import type { AnswerErrors, AnswerValues } from "~/models/engagement/surveys";
import { answerSurvey, campaignToAnswer, putSurveysAway } from "~/models/engagement/surveys.server";
import { ERRORS, notFound } from "~/lib/errors";
import { safeRedirectPath } from "~/lib/navigation";
import { readSubmission, type Refusal } from "~/server/submission.server";

/** `back` with the note the panel shows there (`survey=thanks|later|off`). */
function backWith(back: string, done: "thanks" | "later" | "off"): string {
  const url = new URL(back, "http://stillhour.local");
  url.searchParams.set("survey", done);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The controls the survey's form sends beside its answers: which button, and the page to go back to. */
const SurveyPostSchema = z.object({
  intent: z.enum(["answer", "not-now", "no-more"]).default("answer"),
  back: z.string().optional(),
});

/** The answers a survey's form sent, `answer.<question id>` each, a checkbox question's as a list. */
function answersOf(form: FormData): AnswerValues {
  const values: AnswerValues = {};
  for (const [key, value] of form.entries()) {
    if (!key.startsWith("answer.") || typeof value !== "string") continue;
    const id = key.slice("answer.".length);
    const before = values[id];
    values[id] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return values;
}

/**
 * Answers a survey, or puts surveys away ("Not now", "No more surveys"), then goes back to the page the
 * form came from with a short note; answers that need another look come back beside their questions.
 */
export async function surveyAction(request: Request, uid: string, campaignId: string) {
  const submission = await readSubmission(request, SurveyPostSchema);
  if (!submission.ok) return submission.reply;
  const back = safeRedirectPath(submission.value.back);
  if (submission.value.intent === "no-more") {
    await putSurveysAway(uid, { noMore: true });
    return redirect(backWith(back, "off"));
  }
  if (submission.value.intent === "not-now") {
    if (!(await campaignToAnswer(uid, campaignId))) throw notFound();
    await putSurveysAway(uid, { notNow: campaignId });
    return redirect(backWith(back, "later"));
  }
  const values = answersOf(submission.formData);
  const outcome = await answerSurvey(uid, campaignId, values);
  if (!outcome.ok && "missing" in outcome) throw notFound();
  if (!outcome.ok) return checkAnswers(outcome.errors, values, back);
  return redirect(backWith(back, "thanks"));
}

/** What a refused post hands back: the messages, the answers as given and the way back (a body over its cap brings neither). */
export type SurveyRefusal = Refusal<AnswerValues> & { back?: string };

/** Answers that need another look: the message above, one beside each question, what was chosen kept, and the way back. */
function checkAnswers(errors: AnswerErrors, values: AnswerValues, back: string) {
  const refusal: SurveyRefusal = {
    errors: { ...errors, form: ERRORS.survey_check_answers.message },
    values,
    back,
  };
  return data(refusal, { status: ERRORS.survey_check_answers.status, headers: { "Cache-Control": "private, no-store" } });
}
