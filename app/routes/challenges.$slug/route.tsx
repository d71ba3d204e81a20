import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { pageCaching } from "~/lib/cache-control";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";
import { getChallenge } from "~/models/engagement/challenges.server";
import { challengeAction, challengePageData } from "~/server/challenges.server";
import { defineActionLimits } from "~/lib/action-limits";

/**
 * Issue 27: one challenge's splash (what, when, how many have joined, the teachers) and its join
 * flow, a plain form: visitors sign in (and, for a members' challenge, subscribe) and come back here.
 */
export const handle = defineHandle({ query: ["saved"], name: "challenge-page", layout: "main", theme: "light" });

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

const people = (n: number) => (n === 1 ? "1 member has" : `${n} members have`);

export default function ChallengeRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const error = actionData && "error" in actionData ? actionData.error : null;
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
        <dl className="challenge-facts">
          <div>
            <dt>When</dt>
            <dd>{page.month}, every day of it on your own calendar</dd>
          </div>
          <div>
            <dt>The tiers</dt>
            <dd>{page.tiersLabel}</dd>
          </div>
          <div>
            <dt>Joined this month</dt>
            <dd>{people(page.joined)} joined</dd>
          </div>
          {page.teachers.length > 0 ? (
            <div>
              <dt>Teachers</dt>
              <dd>
                {page.teachers.map((t, i) => (
                  <span key={t.href}>
                    {i > 0 ? ", " : ""}
                    <Link to={t.href}>{t.name}</Link>
                  </span>
                ))}
              </dd>
            </div>
          ) : null}
        </dl>
        {page.description ? <p>{page.description}</p> : null}

        <section className="auth-card stack" aria-labelledby="round-title">
          <h2 id="round-title">{page.mine ? "Your month" : "Join"}</h2>
          {page.mine ? (
            <>
              <p className="challenge-progress">
                <strong>{page.mine.progress}</strong> classes{" "}
                {page.mine.done ? "— every tier reached this month." : "toward your next tier."}
              </p>
              {page.mine.reached.length > 0 ? (
                <ul className="practice-milestones" aria-label="Tiers reached">
                  {page.mine.reached.map((title) => (
                    <li key={title}>
                      <span className="practice-milestones__title">{title}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
              <Form method="post">
                <input type="hidden" name="intent" value="leave" />
                <input type="hidden" name="month" value={page.mine.month} />
                <button className="button button--secondary" type="submit" disabled={busy}>
                  Leave this month's round
                </button>
              </Form>
            </>
          ) : page.running ? (
            <>
              <p>
                {page.membersOnly ? "This challenge is part of the membership. " : ""}
                {page.personal ? "" : "You'll be asked to sign in first, then brought back here. "}
                Classes you've already taken this month count from the start.
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="join" />
                <button className="button" type="submit" disabled={busy}>
                  {busy ? "Joining…" : "Join the challenge"}
                </button>
              </Form>
            </>
          ) : (
            <p>This challenge is not running this month.</p>
          )}
        </section>

        {page.history.length > 0 ? (
          <section aria-labelledby="history-title">
            <h2 id="history-title">Your earlier rounds</h2>
            <ul>
              {page.history.map((h) => (
                <li key={h.month + h.progress}>
                  {h.month}: {h.progress}
                  {h.left ? " (left)" : ""}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </article>
  );
}
