import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ChallengeList } from "~/components/challenge-list";
import { EmptyState } from "~/components/empty-state";
import { pageCaching } from "~/lib/cache-control";
import { defineHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";
import { challengeListData } from "~/server/challenges.server";

/** Issue 27: the challenges running in the reader's month: one page per zone. */
export const handle = defineHandle({ query: [], name: "challenges", layout: "main", theme: "light", localTimes: true });

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Challenges",
    description: "Monthly practice challenges: pick a tier of classes and practise at your own pace.",
    path: "/challenges",
    matches,
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  return data({ challenges: await challengeListData(request, context) }, { headers: pageCaching(false) });
}

export default function ChallengesRoute() {
  const page = useLoaderData<typeof loader>();
  return (
    <section className="section" aria-labelledby="challenges-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">Practise together</p>
          <h1 id="challenges-title">Challenges</h1>
          <p>Each runs for a month on your own calendar. Every class you take that month counts, even the ones before you joined.</p>
        </header>
        {page.challenges.length === 0 ? (
          <EmptyState
            title="No challenges this month"
            message="Classes are open every day in the meantime."
            link={{ to: "/classes", label: "See live classes", quiet: true }}
          />
        ) : (
          <ChallengeList challenges={page.challenges} />
        )}
      </div>
    </section>
  );
}
