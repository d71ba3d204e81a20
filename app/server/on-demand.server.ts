import { redirect } from "@remix-run/node";
import { notFound } from "~/lib/errors";
import { classHref, getCatalogue, seriesHref } from "~/models/on-demand/on-demand.server";
import { setFavorite, type FavoriteKind } from "~/models/on-demand/watch-history.server";
import { readSubmission, refuse } from "./submission.server";
import { getViewerState, type ViewerState } from "./viewer.server";
import { z } from "zod";
import { withFormMessage } from "~/lib/forms/submission";

/**
 * What every on-demand page asks of the request (issue 10): who is looking (a visitor's pages are the
 * same for everyone and may be cached; only a member's are personal), and the heart's post on a class
 * or a series page. Each page's own model is beside its route.
 */

/** Who is looking: `member` may play; `account` is signed in without a membership; `visitor` is neither. */
export type Access = "member" | "account" | "visitor";

export function accessOf(state: ViewerState | null): Access {
  if (!state || state.viewer.anonymous) return "visitor";
  return state.user.isSubscribed ? "member" : "account";
}

/** The signed-in person's uid, or null for a visitor (anonymous sessions included). */
export function signedInUid(state: ViewerState | null): string | null {
  return state && !state.viewer.anonymous ? state.viewer.uid : null;
}

const SLUG = /^[a-z0-9-]{1,80}$/;

/** Whether a path segment can be a class or series slug at all (anything else is simply not found). */
export function isOnDemandSlug(slug: string): boolean {
  return SLUG.test(slug);
}

const SAVED: Record<string, string> = {
  favorited: "Saved to your favourites.",
  unfavorited: "Removed from your favourites.",
};

/** What the page says after the heart's post (`?saved=`), or null. */
export function favoriteNotice(url: URL): string | null {
  return SAVED[url.searchParams.get("saved") ?? ""] ?? null;
}

/** The heart is one hidden field: anything else reads as this sentence. */
const FavoriteSchema = withFormMessage(z.object({ favorite: z.enum(["on", "off"]) }), "Choose whether to save or remove it.");

/**
 * The heart's post on a class or series page (`favorite=on|off`, any signed-in account): an unknown
 * slug is not found, a refusal comes back as `{ errors: { form }, values }` for the page, a change
 * redirects (post/redirect/get) to the page saying what it did.
 */
export async function answerFavorite(request: Request, context: object, kind: FavoriteKind, slug: string) {
  if (!isOnDemandSlug(slug)) throw notFound();
  const uid = signedInUid(await getViewerState(request, context));
  if (!uid) return refuse({ form: "Sign in to keep favourites." }, {}, 401);
  const catalogue = await getCatalogue();
  const exists = kind === "class" ? catalogue.classes.some((c) => c.slug === slug) : catalogue.series.some((s) => s.slug === slug);
  if (!exists) throw notFound();
  const submission = await readSubmission(request, FavoriteSchema);
  if (!submission.ok) return submission.reply;
  const on = submission.value.favorite === "on";
  await setFavorite(uid, kind, slug, on);
  const base = kind === "class" ? classHref(slug) : seriesHref(slug);
  return redirect(`${base}?saved=${on ? "favorited" : "unfavorited"}`, 303);
}
