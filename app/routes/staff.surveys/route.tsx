import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PageNotices } from "~/components/page-notices";
import { StaffPage } from "~/components/staff/staff-page";
import { EMPTY_SURVEY_FORM, type SurveyFormValues } from "~/models/staff/survey-form";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";
import { readSubmission } from "~/server/submission.server";
import { defineActionLimits, STAFF_ONLY } from "~/lib/action-limits";
import { SurveyIntentSchema, surveyIntent, surveysPage } from "./page.server";
import { SurveyList } from "./survey-list";
import { NewSurveyForm } from "./new-survey-form";
import { WeightsForm } from "./weights-form";

/**
 * Issue 27 (ADR 048): surveys, for admins. Write a campaign with up to four questions and say who it
 * is for; pause or resume it; open its answers; set the weights of §9 lifeScorePreferencesSurveyTest
 * (show-surveys : no-surveys, 0:1 unless changed). Each real change leaves one audit entry.
 */
export const handle = defineHandle({
  name: "staff-surveys",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.surveys.roles],
});

export const meta: MetaFunction = () => [{ title: "Surveys · Staff · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "surveys");
  const page = await surveysPage(new URL(request.url));
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  staff: { does: ["write"], bound: STAFF_ONLY },
});

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireStaff(request, "surveys");
  const submission = await readSubmission(request, SurveyIntentSchema);
  if (!submission.ok) return submission.reply;
  return surveyIntent(submission.value.intent)(actor, submission);
}

/** Which form a refusal came from: its values carry the form's `intent`. */
const isCreate = (values: object): values is SurveyFormValues => "intent" in values && values.intent === "create";
const isWeights = (values: object): values is { show: string; hide: string } => "intent" in values && values.intent === "weights";

export default function StaffSurveysRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const values: object = result?.values ?? {};
  const created = isCreate(values) ? values : null;
  const weighed = isWeights(values) ? values : null;
  return (
    <StaffPage
      id="surveys-title"
      title="Surveys"
      intro="Short surveys members meet on the pages that show surveys, one at a time and at most one a week. Every change is recorded in the audit log."
      notice={page.notice}
    >
      <PageNotices error={result?.errors.form ?? null} />
      <SurveyList campaigns={page.campaigns} busy={busy} />
      <NewSurveyForm values={created ?? EMPTY_SURVEY_FORM} errors={created ? (result?.errors ?? {}) : {}} busy={busy} />
      <WeightsForm weights={page.weights} typed={weighed} errors={weighed ? (result?.errors ?? {}) : {}} busy={busy} />
    </StaffPage>
  );
}
