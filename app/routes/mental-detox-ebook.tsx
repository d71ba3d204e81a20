import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Hero } from "~/components/hero";
import { SectionHeading } from "~/components/section-heading";
import { defineHandle } from "~/models/route-handle";
import { pageMeta } from "~/models/seo";

export const handle = defineHandle({ name: "mental-detox-ebook", layout: "main", theme: "dark" });

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "The mental detox e-book",
    description: "A free, short guide to clearing mental clutter: seven days of small practices from the Stillhour teachers.",
    path: "/mental-detox-ebook",
    matches,
  });

const CHAPTERS = [
  { title: "Notice the noise", body: "A five-minute check-in to see what is actually taking up space in your head." },
  { title: "Clear the inputs", body: "Gentle limits on news, feeds and notifications, without going off-grid." },
  { title: "Breathe it out", body: "Two breathing patterns for the moments when your thoughts start to race." },
  { title: "Rest on purpose", body: "How to take a real break, even a short one, and come back clearer." },
];

export default function MentalDetoxEbookRoute() {
  return (
    <>
      <Hero
        eyebrow="Free e-book"
        title="The mental detox: seven days to a clearer head"
        lede="A short, friendly guide from our teachers with one small practice a day. Read it in a sitting, practise it over a week."
        actions={
          <Link className="button" to="/mental-detox">
            Join the mental detox programme
          </Link>
        }
        note="The download form is coming soon. Until then, the programme page has every practice in class form."
      />
      <section className="section section--flush-top" aria-labelledby="inside-title">
        <div className="container">
          <SectionHeading id="inside-title" eyebrow="Inside" title="What you will find" />
          <ol className="steps">
            {CHAPTERS.map((chapter) => (
              <li key={chapter.title}>
                <h3>{chapter.title}</h3>
                <p>{chapter.body}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <section className="section section--flush-top" aria-labelledby="who-title">
        <div className="container container--narrow">
          <h2 id="who-title">Who it is for</h2>
          <div className="prose">
            <p>
              Anyone whose mind feels a little full. No experience needed, and nothing to buy. If a practice does not
              suit you, skip it; the rest still work.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
