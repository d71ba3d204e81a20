import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageNotices } from "~/components/page-notices";
import { SurveyForm } from "~/components/survey-form";
import type { AnswerValues } from "~/models/engagement/surveys";
import { answerSurvey, campaignToAnswer, putSurveysAway } from "~/models/engagement/surveys.server";
import { ERRORS, notFound } from "~/lib/errors";
import { safeRedirectPath } from "~/lib/navigation";
import { defineHandle } from "~/lib/route-handle";
import { requireAccess } from "~/server/viewer.server";
import { readRouteForm } from "~/server/body-limits.server";
import { defineActionLimits } from "~/lib/action-limits";

/**
 * Issue 27 (ADR 048): where a survey's form posts, and the survey on a page of its own (a member can
 * open it here too). Answers are stored once; "Not now" and "No more surveys" put surveys away. Every
 * post goes back to the page it came from with a short note, and works without JavaScript.
 */
export const handle = defineHandle({ name: "survey", layout: "main", theme: "light", requiresAuth: true, trackViews: false });

export const meta: MetaFunction = () => [{ title: "A short survey · Stillhour" }, { name: "robots", content: "noindex" }];

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const state = await requireAccess(request, handle, { context });
  const found = await campaignToAnswer(state.viewer.uid, params.campaignId ?? "");
  if (!found) throw notFound();
  const back = safeRedirectPath(new URL(request.url).searchParams.get("back"));
  return data(
    { campaign: publicCampaign(found.campaign), questions: found.questions, answered: found.answered, back },
    { headers: PRIVATE },
  );
}

function publicCampaign(c: { id: string; title: string; intro: string }) {
  return { id: c.id, title: c.title, intro: c.intro };
}

/** `back` with the note the panel shows there (`survey=thanks|later|off`). */
function backWith(back: string, done: "thanks" | "later" | "off"): string {
  const url = new URL(back, "http://stillhour.local");
  url.searchParams.set("survey", done);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  answer: { does: ["write"], bound: "one answer per member and survey, replaced; surveys are drawn at most one a week" },
});

export async function action({ request, params, context }: ActionFunctionArgs) {
  const state = await requireAccess(request, handle, { context });
  const uid = state.viewer.uid;
  const campaignId = params.campaignId ?? "";
  const body = await readRouteForm(request);
  if (!body.ok)
    return data({ error: body.message, errors: {}, values: {} as AnswerValues, back: "/" }, { status: body.status, headers: PRIVATE });
  const form = body.formData;
  const back = safeRedirectPath(form.get("back"));
  const intent = String(form.get("intent") ?? "answer");
  if (intent === "no-more") {
    await putSurveysAway(uid, { noMore: true });
    return redirect(backWith(back, "off"));
  }
  if (intent === "not-now") {
    if (!(await campaignToAnswer(uid, campaignId))) throw notFound();
    await putSurveysAway(uid, { notNow: campaignId });
    return redirect(backWith(back, "later"));
  }
  const values: AnswerValues = {};
  for (const [key, value] of form.entries()) {
    if (!key.startsWith("answer.") || typeof value !== "string") continue;
    const id = key.slice("answer.".length);
    const before = values[id];
    values[id] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  const outcome = await answerSurvey(uid, campaignId, values);
  if (!outcome.ok && "missing" in outcome) throw notFound();
  if (!outcome.ok)
    return data(
      { error: ERRORS.survey_check_answers.message, errors: outcome.errors, values, back },
      { status: ERRORS.survey_check_answers.status, headers: PRIVATE },
    );
  return redirect(backWith(back, "thanks"));
}

export default function SurveyRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section className="section" aria-labelledby="survey-page-title">
      <div className="container container--narrow stack">
        <PageNotices error={result?.error ?? null} />
        {page.answered ? (
          <>
            <h1 id="survey-page-title">{page.campaign.title}</h1>
            <p>You have answered this survey. Thank you.</p>
            <p>
              <a href={result?.back ?? page.back}>Go back</a>
            </p>
          </>
        ) : (
          <SurveyForm
            campaign={page.campaign}
            questions={page.questions}
            back={result?.back ?? page.back}
            values={result?.values}
            errors={result?.errors}
            idPrefix="survey-page"
            headingLevel={1}
          />
        )}
      </div>
    </section>
  );
}
