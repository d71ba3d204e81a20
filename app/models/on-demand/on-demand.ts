import { z } from "zod";
import { SCENE_SIZE, illustrationSrc } from "~/lib/art/art";

/**
 * The on-demand library's records (issue 10; spec §3 onDemandClasses, onDemandSeries,
 * onDemandShelves, classTags). Shared by the server, the search index and the bench's generated
 * catalogue, so it imports nothing from the server.
 */

export const MODALITIES = ["meditation", "breathwork", "mindfulness", "sleep"] as const;
export type Modality = (typeof MODALITIES)[number];

export const LEVELS = ["Beginner", "All levels", "Intermediate", "Advanced"] as const;
export type Level = (typeof LEVELS)[number];

const slug = z.string().regex(/^[a-z0-9-]{1,80}$/);

export const OnDemandClassSchema = z.object({
  slug,
  title: z.string().min(1).max(120),
  teacherId: z.string().min(1),
  modality: z.enum(MODALITIES),
  level: z.enum(LEVELS).default("All levels"),
  /** The recording's real length, in whole seconds. */
  durationSeconds: z
    .number()
    .int()
    .min(1)
    .max(6 * 3600),
  description: z.string().default(""),
  /** `classTags` ids. */
  tags: z.array(z.string()).default([]),
  /** The media package the streaming service plays (the demo's are under `media/demo/`). */
  mediaId: z.string().regex(/^[A-Za-z0-9-]{1,80}$/),
  /** The voice-only media, where the streaming service holds it apart (the demo finds it in the package). */
  voiceMediaId: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,80}$/)
    .nullable()
    .default(null),
  /** Poster frame, a public image path, and its intrinsic size so the page reserves the space. */
  poster: z.object({ src: z.string(), width: z.number().int(), height: z.number().int() }),
  /** Dominant colour of the poster, for the placeholder. */
  posterColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .default("#5b7a6e"),
  seriesId: z.string().nullable().default(null),
  featured: z.boolean().default(false),
  publishedAt: z.number().int(),
  hidden: z.boolean().default(false),
});
export type OnDemandClass = z.infer<typeof OnDemandClassSchema>;

export const OnDemandSeriesSchema = z.object({
  slug,
  title: z.string().min(1),
  teacherId: z.string().min(1),
  description: z.string().default(""),
  /** Lesson class slugs, in order. */
  lessons: z.array(slug).min(1),
  modality: z.enum(MODALITIES),
});
export type OnDemandSeries = z.infer<typeof OnDemandSeriesSchema>;

export const OnDemandShelfSchema = z.object({
  id: slug,
  title: z.string().min(1),
  order: z.number().int(),
  /** Class slugs in display order. */
  classes: z.array(slug).default([]),
  /** When set, the shelf shows only under this modality of the toggle. */
  modality: z.enum(MODALITIES).nullable().default(null),
});
export type OnDemandShelf = z.infer<typeof OnDemandShelfSchema>;

export const ClassTagSchema = z.object({
  id: slug,
  label: z.string().min(1).max(40),
});
export type ClassTag = z.infer<typeof ClassTagSchema>;

/**
 * The picture a class or a series shows on cards, its page and the player: its own scene in the
 * illustration language (sleep, breathwork, meditation or mindfulness), drawn from its slug. The
 * stored `poster` stays the recording's frame, for social cards.
 */
export function picture(item: { slug: string; modality: Modality }): { src: string; width: number; height: number } {
  return { src: illustrationSrc(item.modality, item.slug), ...SCENE_SIZE };
}

/** "12 min" for a card; classes under a minute say "1 min". */
export function durationLabel(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** ISO 8601 duration for VideoObject JSON-LD ("PT4M12S"). */
export function isoDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s || (!h && !m) ? `${s}S` : ""}`;
}

/** What an on-demand card shows (toCard in on-demand.server.ts builds it). */
export interface OnDemandCardData {
  slug: string;
  href: string;
  title: string;
  teacherName: string;
  duration: string;
  level: string;
  modality: string;
  poster: { src: string; width: number; height: number };
  posterColor: string;
  /** Share watched, 0..1, on a member's cards. */
  progress: number | null;
}
