import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ChallengeList } from "~/components/challenge-list";
import { LanderRoute } from "~/components/landers/lander-route";
import { pageCaching } from "~/lib/cache-control";
import { defineHandle } from "~/lib/route-handle";
import { challengeListData } from "~/server/challenges.server";

export const handle = defineHandle({ name: "challenge", localTimes: true });

/** The lander's own content, then the challenges running in the reader's month (issue 27). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return data({ challenges: await challengeListData(request, context) }, { headers: pageCaching(false) });
}

export default function ChallengeLander() {
  const { challenges } = useLoaderData<typeof loader>();
  return (
    <>
      <LanderRoute />
      {challenges.length > 0 ? (
        <section className="section" aria-labelledby="challenges-now-title">
          <div className="container container--narrow stack">
            <h2 id="challenges-now-title">This month's challenges</h2>
            <ChallengeList challenges={challenges} headingLevel={3} />
          </div>
        </section>
      ) : null}
    </>
  );
}
