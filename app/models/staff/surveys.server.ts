import { randomUUID } from "node:crypto";
import { getStore } from "~/services/store/index.server";
import {
  SURVEY_CAMPAIGNS,
  SURVEY_QUESTIONS,
  SURVEY_WEIGHTS_ID,
  SurveyCampaignSchema,
  SurveyWeightsSchema,
  DEFAULT_SURVEY_WEIGHTS,
} from "~/models/engagement/surveys";
import type { AuditActor } from "./audit";
import { recordChange } from "./audit.server";
import type { NewCampaign } from "./survey-form";

/**
 * The back office's survey work (issue 27, ADR 048): create a campaign with its questions, pause or
 * resume it, set the experiment's weights. Each real change leaves one audit entry in its own
 * transaction; a change to nothing leaves none. Surveys are shown only on members' uncached pages,
 * so no public page needs to be invalidated.
 */

export async function createCampaign(actor: AuditActor, input: NewCampaign, now = Date.now()): Promise<string> {
  const id = `survey-${now.toString(36)}-${randomUUID().slice(0, 6)}`;
  const questions = input.questions.map((q, position) => ({ id: `${id}__q${position + 1}`, campaignId: id, position, ...q }));
  const campaign = {
    id,
    title: input.title,
    intro: input.intro,
    audience: input.audience,
    active: true,
    createdAt: now,
    questionIds: questions.map((q) => q.id),
  };
  await getStore().transaction(async (tx) => {
    for (const q of questions) tx.create(SURVEY_QUESTIONS, q.id, q);
    tx.create(SURVEY_CAMPAIGNS, id, { ...campaign, createdBy: actor.uid });
    recordChange(tx, {
      actor,
      area: "surveys",
      action: "created the survey",
      target: { collection: SURVEY_CAMPAIGNS, id, label: input.title },
      before: null,
      after: {
        ...campaign,
        questions: questions.map((q) => `${q.kind}: ${q.prompt}${q.options.length ? ` (${q.options.join(" / ")})` : ""}`),
      },
      at: new Date(now),
    });
  });
  return id;
}

export type SwitchResult = { ok: true; changed: boolean } | { ok: false };

export async function setCampaignActive(actor: AuditActor, campaignId: string, active: boolean): Promise<SwitchResult> {
  return getStore().transaction(async (tx) => {
    const campaign = await tx.get(SURVEY_CAMPAIGNS, campaignId, SurveyCampaignSchema);
    if (!campaign) return { ok: false as const };
    if (campaign.active === active) return { ok: true as const, changed: false };
    tx.update(SURVEY_CAMPAIGNS, campaignId, { active });
    recordChange(tx, {
      actor,
      area: "surveys",
      action: active ? "resumed the survey" : "paused the survey",
      target: { collection: SURVEY_CAMPAIGNS, id: campaignId, label: campaign.title },
      before: { active: campaign.active },
      after: { active },
    });
    return { ok: true as const, changed: true };
  });
}

/** New weights for show-surveys : no-surveys. Members already in an arm keep it (ADR 048). */
export async function setSurveyWeights(actor: AuditActor, weights: [number, number]): Promise<boolean> {
  return getStore().transaction(async (tx) => {
    const stored = await tx.get("globals", SURVEY_WEIGHTS_ID, SurveyWeightsSchema);
    const before = stored ? stored.weights : DEFAULT_SURVEY_WEIGHTS;
    if (before[0] === weights[0] && before[1] === weights[1]) return false;
    tx.set("globals", SURVEY_WEIGHTS_ID, { id: SURVEY_WEIGHTS_ID, weights });
    recordChange(tx, {
      actor,
      area: "surveys",
      action: "changed the survey experiment's weights",
      target: { collection: "globals", id: SURVEY_WEIGHTS_ID, label: "lifeScorePreferencesSurveyTest" },
      before: { showSurveys: before[0], noSurveys: before[1] },
      after: { showSurveys: weights[0], noSurveys: weights[1] },
    });
    return true;
  });
}
