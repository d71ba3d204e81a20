import type { MetaFunction } from "@remix-run/node";
import { Link } from "~/components/link";
import { defineHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";

export const handle = defineHandle({ query: [], name: "privacy", layout: "main", theme: "dark" });

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Privacy",
    description: "What Stillhour collects, why, and the choices you have. Written plainly.",
    path: "/privacy",
    matches,
  });

export default function PrivacyRoute() {
  return (
    <>
      <section className="page-intro" aria-labelledby="privacy-title">
        <div className="container container--narrow">
          <p className="eyebrow">The small print</p>
          <h1 id="privacy-title">Privacy</h1>
          <p>Stillhour is a fictional company made for a demo, so this is an example policy. It is written plainly all the same.</p>
          <p>
            <Link to="/privacy/choices">Your privacy choices</Link>: turn analytics and advertising off in this browser.
          </p>
        </div>
      </section>
      <section className="section section--flush-top">
        <div className="container container--narrow">
          <div className="prose">
            <h2>What we collect</h2>
            <p>
              When you join, we keep your name, email address or phone number, and the classes you take. If you subscribe, our payment
              provider holds your card details; we only see the last four digits.
            </p>
            <h2>Why we collect it</h2>
            <ul>
              <li>To run your account and the classes you book.</li>
              <li>To remember where you left off in a series.</li>
              <li>To understand, in aggregate, which classes help people most.</li>
            </ul>
            <h2>What we never do</h2>
            <p>We do not sell your data. We do not share what you practise with your employer, your insurer or anyone else.</p>
            <h2>Your choices</h2>
            <p>
              You can download or delete your data at any time from your settings, or by writing to{" "}
              <a href="mailto:privacy@stillhour.example">privacy@stillhour.example</a>. We reply within 30 days, usually much sooner.
            </p>
            <h2>Cookies</h2>
            <p>
              We use one cookie to keep you signed in and to remember small preferences. Analytics are counted without following you around
              the rest of the web.
            </p>
            <p className="muted">Last updated: January 2026.</p>
          </div>
        </div>
      </section>
    </>
  );
}
