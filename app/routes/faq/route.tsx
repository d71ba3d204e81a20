import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CtaBand } from "~/components/cta-band";
import { EmptyState } from "~/components/empty-state";
import { JsonLd } from "~/components/json-ld";
import { getFaqEntries } from "~/models/content/content.server";
import { defineHandle } from "~/lib/route-handle";
import { faqJsonLd, pageMeta } from "~/lib/seo";

export const handle = defineHandle({ query: [], name: "faq", layout: "main", header: "fixed", menuOnly: "scrolled" });

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta({
    title: "Frequently asked questions",
    description: "Answers about Stillhour classes, membership, your free week, billing and how to cancel.",
    path: "/faq",
    matches,
  });

export async function loader() {
  const entries = await getFaqEntries();
  const groups = new Map<string, Array<{ id: string; question: string; paragraphs: string[] }>>();
  for (const entry of entries) {
    const group = groups.get(entry.category) ?? [];
    group.push({
      id: entry.id,
      question: entry.question,
      paragraphs: entry.answer
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean),
    });
    groups.set(entry.category, group);
  }
  return {
    groups: [...groups].map(([category, items]) => ({ category, slug: slugify(category), items })),
  };
}

export default function FaqRoute() {
  const { groups } = useLoaderData<typeof loader>();
  const questions = groups.flatMap((group) =>
    group.items.map((item) => ({ question: item.question, answer: item.paragraphs.join("\n\n") })),
  );
  return (
    <>
      {questions.length > 0 ? <JsonLd data={faqJsonLd(questions)} /> : null}
      <section className="page-intro" aria-labelledby="faq-title">
        <div className="container container--narrow">
          <p className="eyebrow">Help</p>
          <h1 id="faq-title">Questions, gently answered</h1>
          <p>
            Most answers are here. If yours is not, write to <a href="mailto:hello@stillhour.example">hello@stillhour.example</a> and a
            person will reply.
          </p>
        </div>
      </section>
      <section className="section section--flush-top" aria-label="Questions by topic">
        <div className="container container--narrow">
          {groups.length > 1 ? (
            <nav aria-label="Topics">
              <ul className="category-nav">
                {groups.map((group) => (
                  <li key={group.slug}>
                    <a href={`#${group.slug}`}>{group.category}</a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {groups.length > 0 ? (
            groups.map((group) => (
              <section key={group.slug} className="faq-group" aria-labelledby={group.slug}>
                <h2 id={group.slug}>{group.category}</h2>
                <div className="faq-list">
                  {group.items.map((item) => (
                    <details key={item.id} className="faq-item" id={`q-${item.id}`}>
                      <summary>{item.question}</summary>
                      <div className="faq-item__answer">
                        {item.paragraphs.map((paragraph, index) => (
                          <p key={index}>{paragraph}</p>
                        ))}
                      </div>
                    </details>
                  ))}
                </div>
              </section>
            ))
          ) : (
            <EmptyState
              title="Answers are on their way"
              message="We are updating this page. Until then, write to hello@stillhour.example and we will help."
              link={{ to: "/", label: "Back to the home page", quiet: true }}
            />
          )}
        </div>
      </section>
      <CtaBand
        title="The best answer is a class"
        body="Try a week for free. You can cancel in two taps, and we will not make it awkward."
      />
    </>
  );
}

function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "topic"
  );
}
