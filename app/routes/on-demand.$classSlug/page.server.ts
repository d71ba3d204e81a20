import { getEnv } from "~/lib/env.server";
import { videoJsonLd } from "~/lib/seo";
import { durationLabel, isoDuration, picture } from "~/models/on-demand/on-demand";
import {
  MODALITY_NAMES,
  classHref,
  getCatalogue,
  getTranscript,
  seriesHref,
  streamSources,
  type TranscriptCue,
} from "~/models/on-demand/on-demand.server";
import { resumePosition } from "~/models/on-demand/watch-history";
import { getWatchRecord, isFavorite } from "~/models/on-demand/watch-history.server";
import { readTogether } from "~/server/batched-reads.server";
import { accessOf, favoriteNotice, signedInUid } from "~/server/on-demand.server";
import { getViewerState } from "~/server/viewer.server";

/**
 * One on-demand class (issue 10): its details for everyone; for a member the player (its stream
 * addresses only ever in this member's uncached page), the transcript and where they left off.
 */
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
    const [sources, transcript] = await Promise.all([streamSources(item), getTranscript(item.slug)]);
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
    notice: favoriteNotice(url),
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

/** What the class page shows, as its loader answers it. */
export type OnDemandClassPageModel = NonNullable<Awaited<ReturnType<typeof onDemandClassPage>>>;
