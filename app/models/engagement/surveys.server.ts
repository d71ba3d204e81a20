import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import { recordEvent } from "~/platform/analytics-event.server";
import {
  DEFAULT_SURVEY_WEIGHTS,
  SURVEY_ANSWERS,
  SURVEY_CAMPAIGNS,
  SURVEY_EXPERIMENT,
  SURVEY_QUESTIONS,
  SURVEY_WEIGHTS_ID,
  SurveyAnswerSchema,
  SurveyCampaignSchema,
  SurveyQuestionSchema,
  SurveyWeightsSchema,
  USER_SURVEYS,
  UserSurveysSchema,
  armFor,
  decideSurvey,
  readAnswers,
  surveyAnswerId,
  targets,
  withShowing,
  type AnswerErrors,
  type AnswerValues,
  type SurveyCampaign,
  type SurveyQuestion,
  type UserSurveys,
} from "./surveys";

/** Store work for surveys (issue 27, ADR 048); the rules are in ./surveys.ts. */

const StoredUserSurveysSchema = UserSurveysSchema.extend({ eligibleAt: z.number().int().nullable().default(null) });

export async function getSurveyWeights(): Promise<[number, number]> {
  const stored = await getStore().get("globals", SURVEY_WEIGHTS_ID, SurveyWeightsSchema);
  return stored ? [stored.weights[0], stored.weights[1]] : DEFAULT_SURVEY_WEIGHTS;
}

export async function listCampaigns(): Promise<SurveyCampaign[]> {
  const { docs } = await getStore().query(SURVEY_CAMPAIGNS, SurveyCampaignSchema, { limit: 200 });
  return docs.map((d) => d.data).sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
}

async function activeCampaigns(): Promise<SurveyCampaign[]> {
  const { docs } = await getStore().query(SURVEY_CAMPAIGNS, SurveyCampaignSchema, {
    where: [{ field: "active", op: "==", value: true }],
    limit: 100,
  });
  return docs.map((d) => d.data);
}

export async function getCampaign(id: string): Promise<{ campaign: SurveyCampaign; questions: SurveyQuestion[] } | null> {
  const campaign = await getStore().get(SURVEY_CAMPAIGNS, id, SurveyCampaignSchema);
  if (!campaign) return null;
  const found = await getStore().getMany(
    campaign.questionIds.map((qid) => ({ collection: SURVEY_QUESTIONS, id: qid, schema: SurveyQuestionSchema })),
  );
  const questions = found.filter((q): q is SurveyQuestion => q !== null).sort((a, b) => a.position - b.position);
  return { campaign, questions };
}

export interface SurveyMember {
  uid: string;
  isSubscribed: boolean;
}

/**
 * The survey a member sees on a surveys page now, or null. A member becomes part of the experiment the
 * first time an active campaign targets them: their arm is drawn from the weights then in force and
 * kept, and one "eligible" exposure is logged (in both arms). A new showing is counted in the same
 * transaction that decides it, so two pages opened at once count one showing.
 */
export async function surveyForMember(
  member: SurveyMember,
  now = Date.now(),
): Promise<{ campaign: SurveyCampaign; questions: SurveyQuestion[] } | null> {
  const campaigns = await activeCampaigns();
  if (!campaigns.some((c) => targets(c.audience, member.isSubscribed))) return null;
  const weights = await getSurveyWeights();
  const outcome = await getStore().transaction(async (tx) => {
    const stored = await tx.get(USER_SURVEYS, member.uid, StoredUserSurveysSchema);
    const state = stored ?? { ...StoredUserSurveysSchema.parse({ arm: armFor(member.uid, weights) }) };
    const firstEligible = state.eligibleAt === null;
    const decision = decideSurvey(state, campaigns, member.isSubscribed, now);
    const next = decision.show && decision.newShowing ? withShowing(state, decision.show.id, now) : state;
    if (!stored || firstEligible || next !== state) tx.set(USER_SURVEYS, member.uid, { ...next, eligibleAt: state.eligibleAt ?? now });
    return { decision, arm: state.arm, firstEligible };
  });
  if (outcome.firstEligible) {
    await recordEvent(
      { name: "Experiment_Eligible", properties: { experiment: SURVEY_EXPERIMENT, variant: outcome.arm } },
      { uid: member.uid, now, id: `experiment-eligible-${SURVEY_EXPERIMENT}-${member.uid}` },
    );
  }
  return outcome.decision.show ? getCampaign(outcome.decision.show.id) : null;
}

export async function getUserSurveys(uid: string): Promise<UserSurveys | null> {
  return getStore().get(USER_SURVEYS, uid, StoredUserSurveysSchema);
}

/** A campaign this member has been shown and may still answer, with its questions; null otherwise. */
export async function campaignToAnswer(
  uid: string,
  campaignId: string,
): Promise<{ campaign: SurveyCampaign; questions: SurveyQuestion[]; answered: boolean } | null> {
  const [state, found] = await Promise.all([getUserSurveys(uid), getCampaign(campaignId)]);
  const mine = state?.campaigns[campaignId];
  if (!found || !mine || !found.campaign.active) return null;
  return { ...found, answered: mine.state === "answered" };
}

export type AnswerOutcome = { ok: true; already: boolean } | { ok: false; errors: AnswerErrors } | { ok: false; missing: true };

/**
 * Stores a member's answers to a campaign once: the answer document's id is campaign and member, so
 * a replayed or doubled post finds it there and changes nothing.
 */
export async function answerSurvey(uid: string, campaignId: string, values: AnswerValues, now = Date.now()): Promise<AnswerOutcome> {
  const found = await campaignToAnswer(uid, campaignId);
  if (!found) return { ok: false, missing: true };
  const read = readAnswers(found.questions, values);
  if (!read.ok) return { ok: false, errors: read.errors };
  return getStore().transaction(async (tx) => {
    const [existing, state] = [
      await tx.get(SURVEY_ANSWERS, surveyAnswerId(campaignId, uid), SurveyAnswerSchema),
      await tx.get(USER_SURVEYS, uid, StoredUserSurveysSchema),
    ];
    if (existing) return { ok: true as const, already: true };
    tx.create(SURVEY_ANSWERS, surveyAnswerId(campaignId, uid), { campaignId, uid, answeredAt: now, answers: read.answers });
    if (state) {
      const mine = state.campaigns[campaignId] ?? { state: "open" as const, showings: 1, lastShownAt: now };
      tx.set(USER_SURVEYS, uid, { ...state, campaigns: { ...state.campaigns, [campaignId]: { ...mine, state: "answered" } } });
    }
    return { ok: true as const, already: false };
  });
}

/** "Not now" (this campaign, for good) or "No more surveys" (all of them). A repeat changes nothing. */
export async function putSurveysAway(uid: string, choice: { notNow: string } | { noMore: true }): Promise<void> {
  await getStore().transaction(async (tx) => {
    const state = await tx.get(USER_SURVEYS, uid, StoredUserSurveysSchema);
    if (!state) return;
    if ("noMore" in choice) {
      if (!state.noMoreSurveys) tx.set(USER_SURVEYS, uid, { ...state, noMoreSurveys: true });
      return;
    }
    const mine = state.campaigns[choice.notNow];
    if (!mine || mine.state !== "open") return;
    tx.set(USER_SURVEYS, uid, { ...state, campaigns: { ...state.campaigns, [choice.notNow]: { ...mine, state: "notNow" } } });
  });
}

export async function answersTo(campaignId: string): Promise<Array<z.infer<typeof SurveyAnswerSchema>>> {
  const out: Array<z.infer<typeof SurveyAnswerSchema>> = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof queryAnswers>> = await queryAnswers(campaignId, cursor);
    out.push(...page.docs.map((d) => d.data));
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

function queryAnswers(campaignId: string, cursor: string | null) {
  return getStore().query(SURVEY_ANSWERS, SurveyAnswerSchema, {
    where: [{ field: "campaignId", op: "==", value: campaignId }],
    limit: 500,
    cursor,
  });
}

/**
 * Account deletion (ADR 032, issue 35): their answers (free text included) and their survey state
 * go. The counts on /staff/surveys are read from the answers, so they no longer count them either.
 */
export async function forgetSurveys(uid: string): Promise<void> {
  const store = getStore();
  for (const { id } of await documentsWhere(SURVEY_ANSWERS, "uid", uid)) await store.delete(SURVEY_ANSWERS, id);
  await store.delete(USER_SURVEYS, uid);
}
