import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import type { LanderData } from "~/components/lander-page";
import { toTeacherCard } from "~/components/teacher-card";
import { notFound } from "~/models/errors";
import { getLandingPage } from "~/models/landing-page.server";
import { defineHandle } from "~/models/route-handle";
import { pageMeta } from "~/models/seo";
import { getTeachersByIds } from "~/models/teacher.server";

/** A partner page: the child files only name the page; the content comes from the landingPages collection. */
export const handle = defineHandle({ name: "partner", layout: "lander", theme: "light" });

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data
    ? pageMeta({
        title: data.seo.title,
        description: data.seo.description,
        path: `/${data.page.slug}`,
        matches,
      })
    : pageMeta({ title: "Page not found", path: location.pathname, matches });

export async function loader({ request }: LoaderFunctionArgs) {
  const slug = new URL(request.url).pathname.replace(/^\/+|\/+$/g, "");
  const page = await getLandingPage(slug);
  if (!page) throw notFound();
  const teachers = await getTeachersByIds(page.teacherIds);
  const { seoTitle, seoDescription, ...rest } = page;
  const data: LanderData & { seo: { title: string; description: string } } = {
    page: rest,
    teachers: teachers.map(toTeacherCard),
    seo: { title: seoTitle || page.headline, description: seoDescription || page.subheadline },
  };
  return data;
}

export default function PartnerLayout() {
  return <Outlet />;
}
