import { data, redirect } from "@remix-run/node";
import { getEnv } from "~/lib/env.server";
import { notFound } from "~/lib/errors";
import { getStreaming } from "~/services/streaming/index.server";
import { readTogether } from "./batched-reads.server";
import { durationLabel, isoDuration, picture, type OnDemandClass, type OnDemandSeries } from "~/models/on-demand/on-demand";
import {
  MODALITY_NAMES,
  classHref,
  getCatalogue,
  getTranscript,
  isModality,
  seriesHref,
  toCard,
  type Catalogue,
  type TranscriptCue,
} from "~/models/on-demand/on-demand.server";
import { videoJsonLd } from "~/lib/seo";
import { recordOnDemandCompleted } from "~/models/engagement/practice-events.server";
import { notePractice, practiceZone } from "./practice.server";
import { getViewerState, type ViewerState } from "./viewer.server";
import { continueWatching, resumePosition, type WatchRecord } from "~/models/on-demand/watch-history";
import {
  getWatchRecord,
  isFavorite,
  listFavorites,
  listWatchHistory,
  saveProgress,
  setFavorite,
  type FavoriteKind,
} from "~/models/on-demand/watch-history.server";
import { readRouteForm } from "./body-limits.server";

/**
 * What the on-demand pages show (issue 10): the hub, a class, a series, history and favourites, for a
 * visitor, a signed-in person without a membership, and a member. Only a member's pages are personal;
 * a visitor's are the same for everyone and may be cached.
 */

/** Who is looking: `member` may play; `account` is signed in without a membership; `visitor` is neither. */
export type Access = "member" | "account" | "visitor";

export function accessOf(state: ViewerState | null): Access {
  if (!state || state.viewer.anonymous) return "visitor";
  return state.user.isSubscribed ? "member" : "account";
}

function signedInUid(state: ViewerState | null): string | null {
  return state && !state.viewer.anonymous ? state.viewer.uid : null;
}

// ---------------------------------------------------------------------------------------------------
// The hub

export async function hubPage(request: Request, context: object) {
  const url = new URL(request.url);
  const wanted = url.searchParams.get("modality");
  const modality = isModality(wanted) ? wanted : null;
  const [catalogue, state] = await Promise.all([getCatalogue(), getViewerState(request, context)]);
  const uid = signedInUid(state);
  const history = uid ? await listWatchHistory(uid) : [];
  const records = new Map(history.map((record) => [record.classSlug, record]));
  const bySlug = new Map(catalogue.classes.map((item) => [item.slug, item]));
  const inModality = (item: OnDemandClass) => !modality || item.modality === modality;
  const card = (item: OnDemandClass) => toCard(item, catalogue, records.get(item.slug));

  const modalities = [...new Set(catalogue.classes.map((item) => item.modality))];
  const featured = catalogue.classes.filter((item) => item.featured && inModality(item)).slice(0, 2);
  const shelves = catalogue.shelves
    .filter((shelf) => !modality || !shelf.modality || shelf.modality === modality)
    .map((shelf) => ({
      id: shelf.id,
      title: shelf.title,
      classes: shelf.classes
        .map((slug) => bySlug.get(slug))
        .filter((item): item is OnDemandClass => Boolean(item && inModality(item)))
        .map(card),
    }))
    .filter((shelf) => shelf.classes.length > 0);
  const resume = continueWatching(history)
    .map((record) => bySlug.get(record.classSlug))
    .filter((item): item is OnDemandClass => Boolean(item))
    .slice(0, 8)
    .map(card);

  return {
    modality,
    modalityLabel: modality ? MODALITY_NAMES[modality] : null,
    toggle: [
      { value: null, label: "All", href: "/on-demand" },
      ...modalities.map((value) => ({ value, label: MODALITY_NAMES[value], href: `/on-demand?modality=${value}` })),
    ],
    featured: featured.map((item) => ({ ...card(item), description: item.description })),
    continueWatching: resume,
    shelves,
    series: catalogue.series
      .filter((series) => !modality || series.modality === modality)
      .map((series) => seriesCard(series, catalogue, records)),
    latest: catalogue.classes.filter(inModality).slice(0, 8).map(card),
    access: accessOf(state),
    personal: Boolean(uid),
  };
}

function seriesCard(series: OnDemandSeries, catalogue: Catalogue, records: Map<string, WatchRecord>) {
  const first = catalogue.classes.find((item) => item.slug === series.lessons[0]);
  const done = series.lessons.filter((slug) => records.get(slug)?.completed).length;
  return {
    slug: series.slug,
    href: seriesHref(series.slug),
    title: series.title,
    teacherName: catalogue.teachers.find((t) => t.id === series.teacherId)?.name ?? "A Stillhour teacher",
    lessonCount: series.lessons.length,
    done,
    poster: picture(series),
    posterColor: first?.posterColor ?? "#5b7a6e",
  };
}

// ---------------------------------------------------------------------------------------------------
// One class

const NOTICES: Record<string, string> = {
  favorited: "Saved to your favourites.",
  unfavorited: "Removed from your favourites.",
};

export async function onDemandClassPage(request: Request, context: object, slug: string) {
  const catalogue = await getCatalogue();
  const item = catalogue.classes.find((c) => c.slug === slug);
  if (!item) return null;
  const state = await getViewerState(request, context);
  const access = accessOf(state);
  const uid = signedInUid(state);
  const teacher = catalogue.teachers.find((t) => t.id === item.teacherId) ?? null;
  const path = classHref(item.slug);
  const series = item.seriesId ? (catalogue.series.find((s) => s.slug === item.seriesId) ?? null) : null;
  const lessonIndex = series ? series.lessons.indexOf(item.slug) : -1;
  // The member's watch record and favourite, two gets started together: one batched read (ADR 042).
  const [record, favorite] = uid
    ? await readTogether(() => Promise.all([getWatchRecord(uid, item.slug), isFavorite(uid, "class", item.slug)]))
    : [null, false];

  let player: null | {
    picture: string;
    voice: string | null;
    captions: string;
    resumeAt: number;
    transcript: TranscriptCue[];
  } = null;
  let playerError: string | null = null;
  if (access === "member") {
    const [sources, transcript] = await Promise.all([
      getStreaming()
        .sources({ mediaId: item.mediaId, voiceMediaId: item.voiceMediaId })
        .catch(() => null),
      getTranscript(item.slug),
    ]);
    if (sources)
      player = {
        picture: sources.picture,
        voice: sources.voice,
        captions: `${path}/captions.vtt`,
        resumeAt: resumePosition(record),
        transcript,
      };
    else playerError = "This class can't be played just now. Please try again in a little while.";
  }

  const url = new URL(request.url);
  return {
    slug: item.slug,
    path,
    title: item.title,
    description: item.description,
    modality: MODALITY_NAMES[item.modality],
    modalityValue: item.modality,
    level: item.level,
    durationSeconds: item.durationSeconds,
    duration: durationLabel(item.durationSeconds),
    poster: picture(item),
    posterColor: item.posterColor,
    teacher,
    tags: item.tags.map((id) => ({ id, label: catalogue.tags.find((t) => t.id === id)?.label ?? id })),
    series: series
      ? {
          title: series.title,
          href: seriesHref(series.slug),
          lesson: lessonIndex + 1,
          of: series.lessons.length,
          next: series.lessons[lessonIndex + 1] ? classHref(series.lessons[lessonIndex + 1]) : null,
        }
      : null,
    access,
    favorite,
    canFavorite: Boolean(uid),
    player,
    playerError,
    watched: record ? { completed: record.completed, views: record.views } : null,
    notice: NOTICES[url.searchParams.get("saved") ?? ""] ?? null,
    subscribeHref: `/subscribe?next=${encodeURIComponent(path)}`,
    signInHref: `/sign-in?next=${encodeURIComponent(path)}`,
    personal: Boolean(uid),
    jsonLd: videoJsonLd({
      siteUrl: getEnv().PUBLIC_SITE_URL,
      path,
      title: item.title,
      description: item.description || item.title,
      thumbnail: item.poster.src,
      uploadDate: new Date(item.publishedAt).toISOString(),
      duration: isoDuration(item.durationSeconds),
      teacherName: teacher?.name ?? null,
    }),
  };
}

// ---------------------------------------------------------------------------------------------------
// A series

export async function seriesPage(request: Request, context: object, slug: string) {
  const catalogue = await getCatalogue();
  const series = catalogue.series.find((s) => s.slug === slug);
  if (!series) return null;
  const state = await getViewerState(request, context);
  const uid = signedInUid(state);
  const [history, favorite] = uid ? await Promise.all([listWatchHistory(uid), isFavorite(uid, "series", series.slug)]) : [[], false];
  const records = new Map(history.map((record) => [record.classSlug, record]));
  const lessons = series.lessons
    .map((lessonSlug) => catalogue.classes.find((c) => c.slug === lessonSlug))
    .filter((item): item is OnDemandClass => Boolean(item))
    .map((item, index) => {
      const record = records.get(item.slug) ?? null;
      return {
        ...toCard(item, catalogue, record),
        number: index + 1,
        description: item.description,
        status: record?.completed ? ("done" as const) : record && resumePosition(record) > 0 ? ("started" as const) : ("new" as const),
      };
    });
  // The next lesson is the first not yet finished, whenever the member comes back: nothing resets.
  const next = lessons.find((lesson) => lesson.status !== "done") ?? null;
  const done = lessons.filter((lesson) => lesson.status === "done").length;
  return {
    slug: series.slug,
    title: series.title,
    description: series.description,
    teacherName: catalogue.teachers.find((t) => t.id === series.teacherId)?.name ?? "A Stillhour teacher",
    modality: MODALITY_NAMES[series.modality],
    lessons,
    done,
    next: uid && done > 0 && next ? { href: next.href, title: next.title, number: next.number, resuming: next.status === "started" } : null,
    access: accessOf(state),
    favorite,
    canFavorite: Boolean(uid),
    notice: NOTICES[new URL(request.url).searchParams.get("saved") ?? ""] ?? null,
    personal: Boolean(uid),
  };
}

// ---------------------------------------------------------------------------------------------------
// History and favourites (any signed-in account: they outlive a membership)

export async function historyPage(uid: string) {
  const [catalogue, history] = await Promise.all([getCatalogue(), listWatchHistory(uid)]);
  const entries = history.flatMap((record) => {
    const item = catalogue.classes.find((c) => c.slug === record.classSlug);
    if (!item) return [];
    return [
      {
        ...toCard(item, catalogue, record),
        completed: record.completed,
        watchedAt: new Date(record.updatedAt).toISOString(),
        resumeAt: resumePosition(record),
      },
    ];
  });
  return { entries };
}

export async function favoritesPage(uid: string) {
  const [catalogue, favorites] = await Promise.all([getCatalogue(), listFavorites(uid)]);
  const classes = favorites.flatMap((fav) => {
    if (fav.kind !== "class") return [];
    const item = catalogue.classes.find((c) => c.slug === fav.slug);
    return item ? [toCard(item, catalogue)] : [];
  });
  const series = favorites.flatMap((fav) => {
    if (fav.kind !== "series") return [];
    const found = catalogue.series.find((s) => s.slug === fav.slug);
    return found ? [seriesCard(found, catalogue, new Map())] : [];
  });
  return { classes, series };
}

// ---------------------------------------------------------------------------------------------------
// Actions

export type FavoriteOutcome =
  { ok: true; favorite: boolean; redirect: string } | { ok: false; status: 400 | 401 | 404 | 413; error: string };

/** The heart: `favorite=on|off` for a class or series the catalogue has; any signed-in account. */
export async function favoriteAction(request: Request, context: object, kind: FavoriteKind, slug: string): Promise<FavoriteOutcome> {
  const state = await getViewerState(request, context);
  const uid = signedInUid(state);
  if (!uid) return { ok: false, status: 401, error: "Sign in to keep favourites." };
  const catalogue = await getCatalogue();
  const exists = kind === "class" ? catalogue.classes.some((c) => c.slug === slug) : catalogue.series.some((s) => s.slug === slug);
  if (!exists) return { ok: false, status: 404, error: "That class isn't in the library." };
  const body = await readRouteForm(request);
  if (!body.ok) return { ok: false, status: body.status === 413 ? 413 : 400, error: body.message };
  const wanted = body.formData.get("favorite");
  if (wanted !== "on" && wanted !== "off") return { ok: false, status: 400, error: "Choose whether to save or remove it." };
  await setFavorite(uid, kind, slug, wanted === "on");
  const base = kind === "class" ? classHref(slug) : seriesHref(slug);
  return { ok: true, favorite: wanted === "on", redirect: `${base}?saved=${wanted === "on" ? "favorited" : "unfavorited"}` };
}

const SLUG = /^[a-z0-9-]{1,80}$/;

/** Whether a path segment can be a class or series slug at all (anything else is simply not found). */
export function isOnDemandSlug(slug: string): boolean {
  return SLUG.test(slug);
}

/**
 * The heart's post on a class or series page: an unknown slug is not found, a refusal comes back with
 * its message for the page, a change redirects (post/redirect/get) to the page saying what it did.
 */
export async function answerFavorite(request: Request, context: object, kind: FavoriteKind, slug: string) {
  if (!isOnDemandSlug(slug)) throw notFound();
  const outcome = await favoriteAction(request, context, kind, slug);
  if (!outcome.ok) {
    if (outcome.status === 404) throw notFound();
    return data({ error: outcome.error }, { status: outcome.status });
  }
  return redirect(outcome.redirect, 303);
}

/** The player's progress report: members only, for a class the catalogue has. */
export async function progressAction(request: Request, context: object, slug: string) {
  const state = await getViewerState(request, context);
  if (accessOf(state) !== "member" || !state) return { status: 403, body: { error: "Playing classes is part of the membership." } };
  const catalogue = await getCatalogue();
  const item = catalogue.classes.find((c) => c.slug === slug);
  if (!item) return { status: 404, body: { error: "That class isn't in the library." } };
  const body = await readRouteForm(request);
  if (!body.ok) return { status: body.status, body: { error: body.message } };
  const outcome = await saveProgress(state.viewer.uid, item, Object.fromEntries(body.formData));
  if (!outcome.ok) return { status: outcome.status, body: { error: outcome.error } };
  // A viewing that reached the §4 Completed event is a practice (issue 27), once per viewing, when its
  // recorded progress covers the class (issue 35): a Completed report alone is not a practice.
  const viewing = outcome.record.viewing;
  if (outcome.completed) {
    const zone = await practiceZone(request, state);
    await notePractice("on-demand class completed", () => recordOnDemandCompleted(state.viewer.uid, item, viewing, zone));
  }
  return { status: 200, body: { position: outcome.record.position, completed: outcome.record.completed } };
}
