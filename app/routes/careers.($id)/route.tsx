import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getJobOpenings } from "~/models/content/content.server";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";
import { JobOpeningPage } from "./job-opening";
import { OpenRoles } from "./open-roles";

export const handle = defineHandle({ query: [], name: "careers", layout: "main", theme: "dark" });

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) => {
  if (data?.opening) {
    return pageMeta({
      title: `${data.opening.title} · Careers`,
      description: data.opening.summary,
      path: `/careers/${data.opening.id}`,
      matches,
    });
  }
  if (params.id) return pageMeta({ title: "Page not found", path: `/careers/${params.id}`, matches });
  return pageMeta({
    title: "Careers",
    description: "Work with Stillhour: help more people find a calm hour in their day.",
    path: "/careers",
    matches,
  });
};

export async function loader({ params }: LoaderFunctionArgs) {
  const openings = await getJobOpenings();
  if (params.id) {
    const opening = openings.find((job) => job.id === params.id);
    if (!opening) throw notFound();
    return { opening, openings: null };
  }
  return {
    opening: null,
    openings: openings.map(({ id, title, team, location, employmentType }) => ({ id, title, team, location, employmentType })),
  };
}

export default function CareersRoute() {
  const { opening, openings } = useLoaderData<typeof loader>();
  if (opening) return <JobOpeningPage opening={opening} />;
  return (
    <>
      <section className="page-intro" aria-labelledby="careers-title">
        <div className="container">
          <p className="eyebrow">Careers</p>
          <h1 id="careers-title">Help more people find a quiet hour</h1>
          <p>
            We are a small, remote-first team who take calm seriously, including our own. Sensible hours, real time off, and a weekly class
            together.
          </p>
        </div>
      </section>
      <OpenRoles openings={openings} />
    </>
  );
}
