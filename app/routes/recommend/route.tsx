import type { MetaFunction } from "@remix-run/node";
import { Link } from "~/components/link";
import { CtaBand } from "~/components/cta-band";
import { useSalesCall } from "~/components/site-shell";
import { SectionHeading } from "~/components/section-heading";
import { defineHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";

export const handle = defineHandle({ name: "recommend", layout: "main", theme: "dark" });

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Recommend a friend",
    description: "Share Stillhour with someone who could use a calmer hour. They get 30 days free, and you get a month on us.",
    path: "/recommend",
    matches,
  });

const STEPS = [
  { title: "Share your link", body: "Find your personal link in the app or in your settings, and send it however you like." },
  { title: "They join", body: "Your friend gets 30 days free, instead of the usual week, when they start a membership through your link." },
  { title: "You both breathe easier", body: "When their first payment goes through, a free month lands on your account." },
];

export default function RecommendRoute() {
  const call = useSalesCall();
  return (
    <>
      <section className="page-intro" aria-labelledby="recommend-title">
        <div className="container">
          <p className="eyebrow">Recommend a friend</p>
          <h1 id="recommend-title">Calm is better shared</h1>
          <p>
            Know someone who could use a quieter hour? Send them your link. They get 30 days free, and you get a month on us once they stay.
            No pressure either way.
          </p>
          {call === "none" ? null : (
            <div className="button-row">
              {/* A member already has a link to send: settings keeps it. */}
              {call === "member" ? (
                <Link className="button" to="/settings#referrals">
                  Find your invitation link
                </Link>
              ) : (
                <Link className="button" to="/subscribe">
                  Start your free week first
                </Link>
              )}
            </div>
          )}
        </div>
      </section>
      <section className="section section--flush-top" aria-labelledby="recommend-steps">
        <div className="container">
          <SectionHeading id="recommend-steps" eyebrow="How it works" title="Three easy steps" />
          <ol className="steps">
            {STEPS.map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <p>{step.body}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <section className="section section--flush-top" aria-labelledby="recommend-fine-print">
        <div className="container container--narrow">
          <h2 id="recommend-fine-print">The fine print, kept short</h2>
          <div className="prose">
            <ul>
              <li>Your friend must be new to Stillhour.</li>
              <li>There is no limit on how many friends you can invite.</li>
              <li>Free months stack, and they never turn into a charge on their own.</li>
            </ul>
          </div>
        </div>
      </section>
      <CtaBand title="Practise together" body="Friends who take a class together tend to come back. Invite one today." />
    </>
  );
}
