import { cached } from "~/lib/cache.server";
import { getStore } from "~/services/store/index.server";
import { getEnv } from "~/lib/env.server";
import { notFound } from "~/lib/errors";
import { LandingPageSchema, landingCtaHref, landingPageId, type LandingPage } from "./landing-page";
import { toTeacherCard } from "./teacher";
import { getTeachersByIds } from "./teacher.server";

/** A lander or partner page by its path (without the leading slash), or null. */
export function getLandingPage(slug: string): Promise<LandingPage | null> {
  return cached(`landingPage:${slug}`, { ttlSeconds: getEnv().CONTENT_CACHE_SECONDS }, () =>
    getStore().get("landingPages", landingPageId(slug), LandingPageSchema),
  );
}

export async function listLandingPages(): Promise<LandingPage[]> {
  return cached("landingPages", { ttlSeconds: getEnv().CONTENT_CACHE_SECONDS }, async () => {
    const { docs } = await getStore().query("landingPages", LandingPageSchema, { orderBy: [{ field: "slug" }] });
    return docs.map((d) => d.data);
  });
}

/** What a lander or partner page renders, by its path; throws 404 when there is no such page. */
export async function requireLandingPageView(pathname: string) {
  const slug = pathname.replace(/^\/+|\/+$/g, "");
  const page = await getLandingPage(slug);
  if (!page) throw notFound();
  const teachers = await getTeachersByIds(page.teacherIds);
  const { seoTitle, seoDescription, ...rest } = page;
  return {
    page: { ...rest, ctaHref: landingCtaHref(page) },
    teachers: teachers.map(toTeacherCard),
    seo: { title: seoTitle || page.headline, description: seoDescription || page.subheadline },
  };
}
