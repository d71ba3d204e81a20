import { redirect } from "@remix-run/node";
import { getStore } from "~/services/store/index.server";
import { notFound } from "~/lib/errors";
import { safeRedirectPath } from "~/lib/navigation";
import { SHORT_LINK_TOKEN, ShortLinkSchema, isLive } from "./short-link";

/** Redirects a known, live short link to its target; anything else is thrown as 404. */
export async function resolveShortLink(token: string): Promise<never> {
  if (SHORT_LINK_TOKEN.test(token)) {
    const link = await getStore().get("shortLinks", token, ShortLinkSchema);
    if (link && isLive(link, Date.now())) throw redirect(safeRedirectPath(link.target));
  }
  throw notFound();
}
