import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PressCoverage } from "~/components/content/press-coverage";
import { PressStrip } from "~/components/content/press-strip";
import { getPressArticles } from "~/models/content/content.server";
import { defineHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";

export const handle = defineHandle({
  query: [],
  name: "press",
  layout: "main",
  header: "fixed",
  menuOnly: "scrolled",
  theme: "dark",
  surveys: true,
});

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta({
    title: "Press",
    description: "Stillhour in the news, and how to reach our press team.",
    path: "/press",
    matches,
  });

export async function loader() {
  const articles = await getPressArticles();
  return {
    articles: articles.map(({ id, outlet, title, publishedAt, url, excerpt }) => ({
      id,
      outlet,
      title,
      publishedAt,
      url,
      excerpt,
    })),
  };
}

export default function PressRoute() {
  const { articles } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="page-intro" aria-labelledby="press-title">
        <div className="container">
          <p className="eyebrow">Press</p>
          <h1 id="press-title">Stillhour in the news</h1>
          <p>
            Writing about meditation, breathwork or the way we rest? We are happy to help. Write to{" "}
            <a href="mailto:press@stillhour.example">press@stillhour.example</a>.
          </p>
        </div>
      </section>
      <PressStrip items={articles.map(({ id, outlet }) => ({ id, outlet }))} label="Featured in" />
      <section className="section" aria-labelledby="coverage-title">
        <div className="container container--narrow">
          <h2 id="coverage-title">Coverage</h2>
          <PressCoverage articles={articles} />
        </div>
      </section>
    </>
  );
}
