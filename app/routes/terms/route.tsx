import type { MetaFunction } from "@remix-run/node";
import { defineHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";

export const handle = defineHandle({ query: [], name: "terms", layout: "main", theme: "dark" });

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Terms",
    description: "The terms for using Stillhour classes and membership, in plain words.",
    path: "/terms",
    matches,
  });

export default function TermsRoute() {
  return (
    <>
      <section className="page-intro" aria-labelledby="terms-title">
        <div className="container container--narrow">
          <p className="eyebrow">The small print</p>
          <h1 id="terms-title">Terms of use</h1>
          <p>Stillhour is a fictional company made for a demo, so these are example terms. Short and plain on purpose.</p>
        </div>
      </section>
      <section className="section section--flush-top">
        <div className="container container--narrow">
          <div className="prose">
            <h2>Your membership</h2>
            <p>
              A membership gives you live and on-demand classes for as long as it runs. Its free trial (a week, or longer when a partner
              page or a code says so) turns into a paid membership only if you do not cancel before it ends. The day it ends is shown before
              you pay, on the payment page and in your settings.
            </p>
            <h2>Cancelling</h2>
            <p>
              You can cancel any time in your settings. Your membership stays active until the end of the period you have paid for. We will
              make you one honest offer on the way out, and that is all.
            </p>
            <h2>Looking after yourself</h2>
            <p>
              Our classes support well-being; they are not medical treatment. If a practice feels wrong for your body or your mind, stop,
              rest and breathe normally. Breathwork is not suitable for everyone: if you are pregnant or have a heart, lung or seizure
              condition, ask your doctor first.
            </p>
            <h2>Being kind in class</h2>
            <p>
              Live classes are shared spaces. Please be respectful in chat, and do not record or share other members. We may remove anyone
              who makes the space unsafe.
            </p>
            <h2>Questions</h2>
            <p>
              Write to <a href="mailto:hello@stillhour.example">hello@stillhour.example</a>. A person will read it.
            </p>
            <p className="muted">Last updated: January 2026.</p>
          </div>
        </div>
      </section>
    </>
  );
}
