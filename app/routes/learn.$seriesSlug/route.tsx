import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LearnSeriesView } from "~/components/content/learn-series-view";
import { getLearningSeriesBySlug } from "~/models/content/content.server";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";

export const handle = defineHandle({
  query: [],
  name: "learn-series",
  layout: "main",
  theme: "light",
  banner: true,
});

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta({
    title: data ? data.series.title : "Series not found",
    description: data?.series.summary,
    path: data ? `/learn/${data.series.slug}` : "/learn",
    matches,
  });

export async function loader({ params }: LoaderFunctionArgs) {
  const series = await getLearningSeriesBySlug(params.seriesSlug ?? "");
  if (!series) throw notFound();
  return {
    series: {
      slug: series.slug,
      title: series.title,
      summary: series.summary,
      lessons: series.lessons.map((lesson) => ({
        slug: lesson.slug,
        title: lesson.title,
        summary: lesson.summary,
        durationMinutes: lesson.durationMinutes,
        bodyHtml: lesson.bodyHtml,
      })),
    },
  };
}

export default function LearnSeriesRoute() {
  const { series } = useLoaderData<typeof loader>();
  return <LearnSeriesView series={series} />;
}
