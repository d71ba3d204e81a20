import { cached } from "~/services/cache.server";
import { getStore } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { LandingPageSchema, landingPageId, type LandingPage } from "./landing-page";

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
