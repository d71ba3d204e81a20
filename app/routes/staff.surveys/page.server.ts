import { redirect } from "@remix-run/node";
import { z } from "zod";
import { errorsOf } from "~/lib/forms/submission";
import { AUDIENCE_LABEL } from "~/models/engagement/surveys";
import { answersTo, getSurveyWeights, listCampaigns } from "~/models/engagement/surveys.server";
import { CampaignSwitchSchema, WeightsSchema, readSurveyForm, surveyFormValues } from "~/models/staff/survey-form";
import { createCampaign, setCampaignActive, setSurveyWeights } from "~/models/staff/surveys.server";
import type { AuditActor } from "~/models/staff/audit";
import { refuse } from "~/server/submission.server";

const NOTICES: Record<string, string> = {
  created: "Survey created. Members it is for will meet it on the pages that show surveys.",
  paused: "Survey paused. Nobody is shown it until it is resumed.",
  resumed: "Survey resumed.",
  weights: "Weights saved. Members already in an arm keep it; new members are drawn with these.",
  unchanged: "Nothing changed, so nothing was recorded.",
};

/** The campaigns with their answer counts, and the experiment's weights (issue 27; ADR 048). */
export async function surveysPage(url: URL) {
  const [campaigns, weights] = await Promise.all([listCampaigns(), getSurveyWeights()]);
  const counts = await Promise.all(campaigns.map((c) => answersTo(c.id).then((a) => a.length)));
  return {
    notice: NOTICES[url.searchParams.get("done") ?? ""] ?? null,
    weights,
    campaigns: campaigns.map((c, i) => ({
      id: c.id,
      title: c.title,
      audience: AUDIENCE_LABEL[c.audience],
      active: c.active,
      questions: c.questionIds.length,
      answers: counts[i],
    })),
  };
}

export type SurveysPage = Awaited<ReturnType<typeof surveysPage>>;

/** The page's three forms are told apart by `intent`; an unknown one is answered by the pause/resume buttons' reader. */
export const SurveyIntentSchema = z.object({ intent: z.string().max(40) });

type Sent = { fields: Record<string, string>; formData: FormData };

/** A new campaign; refused, every field comes back as typed with `intent` so the page knows the form. */
async function create(actor: AuditActor, { formData }: Sent) {
  const values = surveyFormValues(formData);
  const read = readSurveyForm(values);
  if (!read.ok) return refuse({ form: "Please check the fields marked below.", ...read.errors }, { intent: "create" as const, ...values });
  await createCampaign(actor, read.campaign);
  return redirect("/staff/surveys?done=created");
}

/** The weights of lifeScorePreferencesSurveyTest; an empty box is no number, not 0. */
async function weights(actor: AuditActor, { fields }: Sent) {
  const typed = { show: fields.show ?? "", hide: fields.hide ?? "" };
  const parsed = WeightsSchema.safeParse({ show: typed.show.trim() || undefined, hide: typed.hide.trim() || undefined });
  if (!parsed.success)
    return refuse({ form: "Please check the weights.", ...errorsOf(parsed.error) }, { intent: "weights" as const, ...typed });
  const changed = await setSurveyWeights(actor, [parsed.data.show, parsed.data.hide]);
  return redirect(`/staff/surveys?done=${changed ? "weights" : "unchanged"}`);
}

/** Pause or resume a campaign. */
async function pauseOrResume(actor: AuditActor, { fields }: Sent) {
  const parsed = CampaignSwitchSchema.safeParse(fields);
  if (!parsed.success) return refuse({ form: "Please use the buttons beside a survey." }, {});
  const result = await setCampaignActive(actor, parsed.data.campaignId, parsed.data.intent === "resume");
  if (!result.ok) return refuse({ form: "We couldn't find that survey." }, {}, 404);
  return redirect(`/staff/surveys?done=${result.changed ? (parsed.data.intent === "pause" ? "paused" : "resumed") : "unchanged"}`);
}

export function surveyIntent(intent: string) {
  if (intent === "create") return create;
  if (intent === "weights") return weights;
  return pauseOrResume;
}
