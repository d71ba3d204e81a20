import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { cached, invalidatePrefix } from "~/lib/cache.server";
import { getStore } from "~/services/store/index.server";
import { getStreaming } from "~/services/streaming/index.server";
import { getEnv } from "~/lib/env.server";
import {
  ClassTagSchema,
  MODALITIES,
  OnDemandClassSchema,
  OnDemandSeriesSchema,
  OnDemandShelfSchema,
  type ClassTag,
  type Modality,
  type OnDemandClass,
  type OnDemandSeries,
  type OnDemandShelf,
  durationLabel,
  picture,
  type OnDemandCardData,
} from "./on-demand";
import type { WatchRecord } from "./watch-history";
import { getTeachersByIds } from "~/models/content/teacher.server";

/**
 * The on-demand catalogue as the site reads it (issue 10): every visible class, series, shelf and tag
 * in one cached read, so a hub, a class page or a search never waits on the store twice.
 */

export const ON_DEMAND_CLASSES = "onDemandClasses";
export const ON_DEMAND_SERIES = "onDemandSeries";
export const ON_DEMAND_SHELVES = "onDemandShelves";
export const CLASS_TAGS = "classTags";
export const ON_DEMAND_TRANSCRIPTS = "onDemandTranscripts";

const CATALOGUE_KEY = "onDemand:catalogue";

export interface CatalogueTeacher {
  id: string;
  name: string;
  href: string | null;
}

export interface Catalogue {
  classes: OnDemandClass[];
  series: OnDemandSeries[];
  shelves: OnDemandShelf[];
  tags: ClassTag[];
  teachers: CatalogueTeacher[];
}

export function getCatalogue(): Promise<Catalogue> {
  return cached(CATALOGUE_KEY, { ttlSeconds: getEnv().CONTENT_CACHE_SECONDS }, async () => {
    const store = getStore();
    const [classes, series, shelves, tags] = await Promise.all([
      store.query(ON_DEMAND_CLASSES, OnDemandClassSchema),
      store.query(ON_DEMAND_SERIES, OnDemandSeriesSchema),
      store.query(ON_DEMAND_SHELVES, OnDemandShelfSchema),
      store.query(CLASS_TAGS, ClassTagSchema),
    ]);
    const visible = classes.docs.map((doc) => doc.data).filter((c) => !c.hidden);
    visible.sort((a, b) => b.publishedAt - a.publishedAt || a.slug.localeCompare(b.slug));
    const slugs = new Set(visible.map((c) => c.slug));
    const teacherIds = [...new Set([...visible.map((c) => c.teacherId), ...series.docs.map((s) => s.data.teacherId)])];
    const listed = await getTeachersByIds(teacherIds);
    const teachers = teacherIds.map((id) => {
      const teacher = listed.find((t) => t.id === id);
      return { id, name: teacher?.fullName ?? "A Stillhour teacher", href: teacher ? `/teachers/${teacher.urlParam}` : null };
    });
    return {
      classes: visible,
      series: series.docs
        .map((doc) => ({ ...doc.data, lessons: doc.data.lessons.filter((lesson) => slugs.has(lesson)) }))
        .filter((s) => s.lessons.length > 0),
      shelves: shelves.docs
        .map((doc) => ({ ...doc.data, classes: doc.data.classes.filter((slug) => slugs.has(slug)) }))
        .filter((shelf) => shelf.classes.length > 0)
        .sort((a, b) => a.order - b.order),
      tags: tags.docs.map((doc) => doc.data).sort((a, b) => a.label.localeCompare(b.label)),
      teachers,
    };
  });
}

/** Call after the catalogue changes (seeding, an editor's save) so pages and search see it at once. */
export function invalidateCatalogue() {
  invalidatePrefix("onDemand:");
}

export function isModality(value: string | null | undefined): value is Modality {
  return (MODALITIES as readonly string[]).includes(value ?? "");
}

export const MODALITY_NAMES: Record<Modality, string> = {
  meditation: "Meditation",
  breathwork: "Breathwork",
  mindfulness: "Mindfulness",
  sleep: "Sleep",
};

/** One line of a class's transcript; captions and the transcript under the player come from these. */
export const TranscriptCueSchema = z.object({
  start: z.number().min(0),
  end: z.number().min(0),
  text: z.string().min(1).max(1000),
});
export type TranscriptCue = z.infer<typeof TranscriptCueSchema>;

export const TranscriptSchema = z.object({
  id: z.string().min(1),
  cues: z.array(TranscriptCueSchema),
});

export function getTranscript(classSlug: string): Promise<TranscriptCue[]> {
  return cached(`onDemand:transcript:${classSlug}`, { ttlSeconds: getEnv().CONTENT_CACHE_SECONDS }, async () => {
    const doc = await getStore().get(ON_DEMAND_TRANSCRIPTS, classSlug, TranscriptSchema);
    return doc?.cues ?? [];
  });
}

/** The class's stream addresses for a member's player, or null when the streaming service fails. */
export function streamSources(item: Pick<OnDemandClass, "mediaId" | "voiceMediaId">) {
  return getStreaming()
    .sources({ mediaId: item.mediaId, voiceMediaId: item.voiceMediaId })
    .catch(() => null);
}

function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const rest = ms % 1000;
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(h)}:${two(m)}:${two(s)}.${String(rest).padStart(3, "0")}`;
}

/** WebVTT from transcript cues; text that could end a cue early ("-->", blank lines) is neutralised. */
export function captionsVtt(cues: TranscriptCue[]): string {
  const body = cues
    .filter((cue) => cue.end > cue.start)
    .map((cue, index) => {
      const text = cue.text
        .replace(/-->/g, "→")
        .replace(/\r?\n\s*\r?\n/g, "\n")
        .trim();
      return `${index + 1}\n${vttTime(cue.start)} --> ${vttTime(cue.end)}\n${text}`;
    })
    .join("\n\n");
  return `WEBVTT\n\n${body}\n`;
}

/** What a demo recording's package says about itself (scripts/make-demo-media.mjs writes it). */
export interface DemoRecording {
  id: string;
  durationSeconds: number;
  cues: TranscriptCue[];
}

/**
 * The demo recordings, read from `media/demo/<id>/transcript.json`: their real lengths and their
 * transcripts. Missing or unreadable packages are skipped (their classes show without captions).
 */
export function readDemoRecordings(root = path.resolve(getEnv().DEMO_MEDIA_DIR)): DemoRecording[] {
  let folders: string[];
  try {
    folders = readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
  const recordings: DemoRecording[] = [];
  for (const folder of folders.sort()) {
    try {
      const raw = JSON.parse(readFileSync(path.join(root, folder, "transcript.json"), "utf8"));
      const cues = z.array(TranscriptCueSchema).parse(raw.cues);
      const durationSeconds = z.number().int().min(1).parse(raw.durationSeconds);
      recordings.push({ id: folder, durationSeconds, cues });
    } catch {
      // A folder without a readable transcript is not a recording.
    }
  }
  return recordings;
}

/** A class as a card on the hub, a shelf or the search results. */
export type ClassCard = OnDemandCardData;

export const classHref = (slug: string) => `/on-demand/${slug}`;
export const seriesHref = (slug: string) => `/on-demand/series/${slug}`;

/** A series as the hub and favourites show it: its lessons, how many are done, its poster. */
export function seriesCard(series: OnDemandSeries, catalogue: Catalogue, records: Map<string, WatchRecord>) {
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

export function toCard(item: OnDemandClass, catalogue: Pick<Catalogue, "teachers">, record?: WatchRecord | null): ClassCard {
  return {
    slug: item.slug,
    href: classHref(item.slug),
    title: item.title,
    teacherName: catalogue.teachers.find((t) => t.id === item.teacherId)?.name ?? "A Stillhour teacher",
    duration: durationLabel(item.durationSeconds),
    level: item.level,
    modality: MODALITY_NAMES[item.modality],
    poster: picture(item),
    posterColor: item.posterColor,
    progress: record && !record.completed && record.position > 0 ? Math.min(1, record.position / record.durationSeconds) : null,
  };
}
