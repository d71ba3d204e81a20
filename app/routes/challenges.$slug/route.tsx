import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { pageCaching } from "~/lib/cache-control";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";
import { getChallenge } from "~/models/engagement/challenges.server";
import { challengeAction, challengePageData } from "./page.server";
import { ChallengeFacts, RoundCard, RoundHistory } from "./challenge-parts";
import { defineActionLimits } from "~/lib/action-limits";

/**
 * Issue 27: one challenge's splash (what, when, how many have joined, the teachers) and its join
 * flow, a plain form: visitors sign in (and, for a members' challenge, subscribe) and come back here.
 */
export const handle = defineHandle({ query: ["saved"], name: "challenge-page", layout: "main", theme: "light", localTimes: true });

export const meta: MetaFunction<typeof loader> = ({ data: page, matches, location }) =>
  page
    ? pageMeta({ title: page.title, description: page.summary, path: `/challenges/${page.slug}`, matches })
    : pageMeta({ title: "Challenge not found", path: location.pathname, matches });

const SAVED: Record<string, string> = {
  joined: "You're in. Every class you take this month counts, including the ones before today.",
  left: "You've left this month's round. What you did stays in your history.",
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await challengePageData(request, context, params.slug ?? "");
  if (!page) throw notFound();
  const saved = page.personal ? (SAVED[new URL(request.url).searchParams.get("saved") ?? ""] ?? null) : null;
  return data({ ...page, saved }, { headers: pageCaching(page.personal) });
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  join: { does: ["write"], bound: "one round per member, challenge and month, written in a transaction; joining again reopens it" },
});

export async function action({ request, params, context }: ActionFunctionArgs) {
  const challenge = await getChallenge(params.slug ?? "");
  if (!challenge) throw notFound();
  return challengeAction(request, context, challenge);
}

export default function ChallengeRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // A round that cannot be left is named under `month`; everything else is the form's.
  const error = actionData ? (actionData.errors.form ?? actionData.errors.month ?? null) : null;
  return (
    <article className="section" aria-labelledby="challenge-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">
            <Link to="/challenges">Challenges</Link>
          </p>
          <h1 id="challenge-title">{page.title}</h1>
          <p>{page.summary}</p>
        </header>
        {page.saved ? (
          <p className="notice notice--success" role="status">
            {page.saved}
          </p>
        ) : null}
        {error ? (
          <p className="notice notice--error" role="alert">
            {error}
          </p>
        ) : null}
        <ChallengeFacts month={page.month} tiersLabel={page.tiersLabel} joined={page.joined} teachers={page.teachers} />
        {page.description ? <p>{page.description}</p> : null}
        <RoundCard mine={page.mine} running={page.running} membersOnly={page.membersOnly} personal={page.personal} busy={busy} />
        {page.history.length > 0 ? <RoundHistory history={page.history} /> : null}
      </div>
    </article>
  );
}
