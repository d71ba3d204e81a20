import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageNotices } from "~/components/page-notices";
import { SurveyForm } from "~/components/survey-form";
import { campaignToAnswer } from "~/models/engagement/surveys.server";
import { notFound } from "~/lib/errors";
import { safeRedirectPath } from "~/lib/navigation";
import { defineHandle } from "~/lib/route-handle";
import { requireAccess } from "~/server/viewer.server";
import { surveyAction, type SurveyRefusal } from "./page.server";
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

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  answer: { does: ["write"], bound: "one answer per member and survey, replaced; surveys are drawn at most one a week" },
});

export async function action({ request, params, context }: ActionFunctionArgs) {
  const state = await requireAccess(request, handle, { context });
  return surveyAction(request, state.viewer.uid, params.campaignId ?? "");
}

export default function SurveyRoute() {
  const page = useLoaderData<typeof loader>();
  const result: SurveyRefusal | undefined = useActionData<typeof action>();
  return (
    <section className="section" aria-labelledby="survey-page-title">
      <div className="container container--narrow stack">
        <PageNotices error={result?.errors.form ?? null} />
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
