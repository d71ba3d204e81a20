import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { FieldError, FieldHint, FormField, fieldIds } from "~/components/form-field";
import { PageNotices } from "~/components/page-notices";
import { StaffChoiceGroup, StaffPage } from "~/components/staff/staff-page";
import { AUDIENCES, AUDIENCE_LABEL, QUESTION_KINDS, QUESTION_KIND_LABEL } from "~/models/engagement/surveys";
import { answersTo, getSurveyWeights, listCampaigns } from "~/models/engagement/surveys.server";
import {
  CampaignSwitchSchema,
  EMPTY_SURVEY_FORM,
  QUESTION_SLOTS,
  WeightsSchema,
  readSurveyForm,
  surveyFormValues,
  type SurveyFormErrors,
  type SurveyFormValues,
} from "~/models/staff/survey-form";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { createCampaign, setCampaignActive, setSurveyWeights } from "~/models/staff/surveys.server";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";
import { readRouteForm } from "~/server/body-limits.server";
import { defineActionLimits, STAFF_ONLY } from "~/lib/action-limits";

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

const NOTICES: Record<string, string> = {
  created: "Survey created. Members it is for will meet it on the pages that show surveys.",
  paused: "Survey paused. Nobody is shown it until it is resumed.",
  resumed: "Survey resumed.",
  weights: "Weights saved. Members already in an arm keep it; new members are drawn with these.",
  unchanged: "Nothing changed, so nothing was recorded.",
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "surveys");
  const [campaigns, weights] = await Promise.all([listCampaigns(), getSurveyWeights()]);
  const counts = await Promise.all(campaigns.map((c) => answersTo(c.id).then((a) => a.length)));
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return data(
    {
      notice: NOTICES[done] ?? null,
      weights,
      campaigns: campaigns.map((c, i) => ({
        id: c.id,
        title: c.title,
        audience: AUDIENCE_LABEL[c.audience],
        active: c.active,
        questions: c.questionIds.length,
        answers: counts[i],
      })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type ActionResult = {
  intent: string | null;
  error: string | null;
  errors: SurveyFormErrors;
  values: SurveyFormValues;
  weights?: { show: string; hide: string };
};

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  staff: { does: ["write"], bound: STAFF_ONLY },
});

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireStaff(request, "surveys");
  const body = await readRouteForm(request);
  if (!body.ok)
    return data<ActionResult>({ intent: null, error: body.message, errors: {}, values: EMPTY_SURVEY_FORM }, { status: body.status });
  const form = body.formData;
  const intent = String(form.get("intent") ?? "");
  if (intent === "create") {
    const values = surveyFormValues(form);
    const read = readSurveyForm(values);
    if (!read.ok)
      return data<ActionResult>({ intent, error: "Please check the fields marked below.", errors: read.errors, values }, { status: 400 });
    await createCampaign(actor, read.campaign);
    return redirect("/staff/surveys?done=created");
  }
  if (intent === "weights") {
    const typed = { show: String(form.get("show") ?? ""), hide: String(form.get("hide") ?? "") };
    const parsed = WeightsSchema.safeParse({ show: typed.show.trim() || undefined, hide: typed.hide.trim() || undefined });
    if (!parsed.success) {
      const errors: SurveyFormErrors = {};
      for (const issue of parsed.error.issues) errors[`weights.${String(issue.path[0] ?? "show")}`] ??= issue.message;
      return data<ActionResult>(
        { intent, error: "Please check the weights.", errors, values: EMPTY_SURVEY_FORM, weights: typed },
        { status: 400 },
      );
    }
    const changed = await setSurveyWeights(actor, [parsed.data.show, parsed.data.hide]);
    return redirect(`/staff/surveys?done=${changed ? "weights" : "unchanged"}`);
  }
  const parsed = CampaignSwitchSchema.safeParse({ intent, campaignId: String(form.get("campaignId") ?? "") });
  if (!parsed.success)
    return data<ActionResult>(
      { intent: null, error: "Please use the buttons beside a survey.", errors: {}, values: EMPTY_SURVEY_FORM },
      { status: 400 },
    );
  const result = await setCampaignActive(actor, parsed.data.campaignId, parsed.data.intent === "resume");
  if (!result.ok)
    return data<ActionResult>({ intent, error: "We couldn't find that survey.", errors: {}, values: EMPTY_SURVEY_FORM }, { status: 404 });
  return redirect(`/staff/surveys?done=${result.changed ? (parsed.data.intent === "pause" ? "paused" : "resumed") : "unchanged"}`);
}

export default function StaffSurveysRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const creating = result?.intent === "create";
  const values = creating ? result.values : EMPTY_SURVEY_FORM;
  const errors = creating ? result.errors : {};
  const weightErrors = result?.intent === "weights" ? result.errors : {};
  const typedWeights = result?.intent === "weights" ? result.weights : undefined;
  return (
    <StaffPage
      id="surveys-title"
      title="Surveys"
      intro="Short surveys members meet on the pages that show surveys, one at a time and at most one a week. Every change is recorded in the audit log."
      notice={page.notice}
    >
      <PageNotices error={result?.error ?? null} />
      <h2>Surveys</h2>
      {page.campaigns.length === 0 ? (
        <EmptyState title="No surveys yet" message="Write the first one below." />
      ) : (
        <ul className="staff-codes" data-testid="surveys">
          {page.campaigns.map((c) => (
            <li key={c.id} className="staff-code" data-survey={c.id}>
              <h3 className="staff-areas__title">
                <a href={`/staff/surveys/${encodeURIComponent(c.id)}`} aria-label={`${c.title}: answers`}>
                  {c.title}
                </a>{" "}
                · {c.active ? "Running" : "Paused"}
              </h3>
              <p>
                {c.audience}. {c.questions} {c.questions === 1 ? "question" : "questions"}. Answered {c.answers}{" "}
                {c.answers === 1 ? "time" : "times"}.
              </p>
              <Form method="post">
                <input type="hidden" name="campaignId" value={c.id} />
                <button
                  type="submit"
                  name="intent"
                  value={c.active ? "pause" : "resume"}
                  className="button button--secondary button--small"
                  disabled={busy}
                  aria-label={`${c.active ? "Pause" : "Resume"} ${c.title}`}
                >
                  {c.active ? "Pause" : "Resume"}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" aria-labelledby="new-survey-title" noValidate className="stack">
        <input type="hidden" name="intent" value="create" />
        <h2 id="new-survey-title">New survey</h2>
        <FormField
          name="title"
          label="Title"
          hint="Members see it as the survey's heading."
          defaultValue={values.title}
          error={errors.title}
          focusOnError
          maxLength={120}
          autoComplete="off"
        />
        <FormField
          name="intro"
          label="Introduction"
          hint="One line on what it is for. Optional."
          defaultValue={values.intro}
          error={errors.intro}
          maxLength={400}
          autoComplete="off"
        />
        <StaffChoiceGroup
          type="radio"
          name="audience"
          legend="Who it is for"
          options={AUDIENCES.map((a) => ({ value: a, label: AUDIENCE_LABEL[a] }))}
          checked={[values.audience]}
          error={errors.audience}
          idBase="field-audience"
        />
        {Array.from({ length: QUESTION_SLOTS }, (_, i) => {
          const q = values.questions[i];
          const options = fieldIds(
            `q${i}.options`,
            "For one or several choices: each answer on its own line, two to eight.",
            errors[`q${i}.options`],
          );
          return (
            <fieldset key={i} className="staff-fieldset">
              <legend>
                Question {i + 1}
                {i > 0 ? " (optional)" : ""}
              </legend>
              <FormField
                name={`q${i}.prompt`}
                label={`Question ${i + 1}: wording`}
                defaultValue={q.prompt}
                error={errors[`q${i}.prompt`]}
                focusOnError
                maxLength={300}
                autoComplete="off"
              />
              <StaffChoiceGroup
                type="radio"
                name={`q${i}.kind`}
                legend={`Question ${i + 1}: kind`}
                options={QUESTION_KINDS.map((k) => ({ value: k, label: QUESTION_KIND_LABEL[k] }))}
                checked={[q.kind]}
                error={errors[`q${i}.kind`]}
                idBase={`field-q${i}-kind`}
              />
              <div className="field">
                <label htmlFor={options.id}>Question {i + 1}: answers</label>
                <FieldHint id={options.hintId} hint="For one or several choices: each answer on its own line, two to eight." />
                <textarea
                  id={options.id}
                  name={`q${i}.options`}
                  rows={4}
                  defaultValue={q.options}
                  aria-invalid={errors[`q${i}.options`] ? true : undefined}
                  aria-describedby={options.describedBy}
                />
                <FieldError id={options.errorId} error={errors[`q${i}.options`]} />
              </div>
              <FormField
                name={`q${i}.lowLabel`}
                label={`Question ${i + 1}: what 1 means`}
                hint="For a scale only. Optional."
                defaultValue={q.lowLabel}
                error={errors[`q${i}.lowLabel`]}
                maxLength={60}
                autoComplete="off"
              />
              <FormField
                name={`q${i}.highLabel`}
                label={`Question ${i + 1}: what 5 means`}
                hint="For a scale only. Optional."
                defaultValue={q.highLabel}
                error={errors[`q${i}.highLabel`]}
                maxLength={60}
                autoComplete="off"
              />
            </fieldset>
          );
        })}
        <button type="submit" className="button" disabled={busy}>
          Create the survey
        </button>
      </Form>
      <Form method="post" aria-labelledby="weights-title" noValidate className="stack">
        <input type="hidden" name="intent" value="weights" />
        <h2 id="weights-title">Who sees surveys</h2>
        <p>
          The experiment lifeScorePreferencesSurveyTest splits members into two arms by these weights, when they first meet a survey. It is{" "}
          {page.weights[0]}:{page.weights[1]} now
          {page.weights[0] === 0 ? ", so nobody new sees surveys" : ""}.
        </p>
        <FormField
          name="show"
          label="Weight of show-surveys"
          hint="A whole number from 0 to 100."
          inputMode="numeric"
          defaultValue={typedWeights?.show ?? String(page.weights[0])}
          error={weightErrors["weights.show"]}
          autoComplete="off"
        />
        <FormField
          name="hide"
          label="Weight of no-surveys"
          hint="A whole number from 0 to 100."
          inputMode="numeric"
          defaultValue={typedWeights?.hide ?? String(page.weights[1])}
          error={weightErrors["weights.hide"]}
          autoComplete="off"
        />
        <button type="submit" className="button button--secondary" disabled={busy}>
          Save the weights
        </button>
      </Form>
    </StaffPage>
  );
}
