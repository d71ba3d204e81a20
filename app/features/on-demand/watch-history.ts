import { z } from "zod";

/**
 * Watch history's rules (issue 10; spec §3 watchHistory), pure so they can be tested alone. The
 * player reports where it is while playing; each report belongs to one viewing (a run from the first
 * play to the end) and carries a counter, so a report that arrives late, twice, or from a page left
 * open in another tab never moves a record backwards.
 */

/** Within this many seconds of the end a class counts as finished. */
export const FINISH_MARGIN_SECONDS = 3;
/** Closer to the start than this there is nothing worth resuming. */
export const MIN_RESUME_SECONDS = 5;

export const ViewingIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "must be a viewing id");

export const WatchRecordSchema = z.object({
  uid: z.string().min(1),
  classSlug: z.string().min(1),
  position: z.number().min(0),
  durationSeconds: z.number().int().min(1),
  completed: z.boolean(),
  viewing: z.string(),
  seq: z.number().int().min(0),
  views: z.number().int().min(0),
  updatedAt: z.number().int(),
});
export type WatchRecord = z.infer<typeof WatchRecordSchema>;

export interface ProgressReport {
  position: number;
  ended: boolean;
  viewing: string;
  seq: number;
}

/**
 * Folds one report into a member's record for a class. A report from an older point of the same
 * viewing (lower or equal counter) changes nothing; a new viewing counts one more view.
 */
export function mergeProgress(
  existing: WatchRecord | null,
  report: ProgressReport,
  context: { uid: string; classSlug: string; durationSeconds: number; now: number },
): WatchRecord {
  if (existing && existing.viewing === report.viewing && report.seq <= existing.seq) return existing;
  const duration = context.durationSeconds;
  const position = Math.min(Math.max(0, report.position), duration);
  const newViewing = !existing || existing.viewing !== report.viewing;
  const finished = report.ended || position >= duration - FINISH_MARGIN_SECONDS;
  return {
    uid: context.uid,
    classSlug: context.classSlug,
    position: finished ? duration : Math.round(position * 10) / 10,
    durationSeconds: duration,
    completed: finished || (!newViewing && existing.completed),
    viewing: report.viewing,
    seq: report.seq,
    views: (existing?.views ?? 0) + (newViewing ? 1 : 0),
    updatedAt: context.now,
  };
}

/** Where the player should start: from the saved place, or from the top for a finished class. */
export function resumePosition(record: Pick<WatchRecord, "position" | "completed" | "durationSeconds"> | null): number {
  if (!record || record.completed) return 0;
  if (record.position < MIN_RESUME_SECONDS || record.position >= record.durationSeconds - FINISH_MARGIN_SECONDS) return 0;
  return record.position;
}

/** "Continue watching": started, not finished, most recent first. */
export function continueWatching<T extends Pick<WatchRecord, "position" | "completed" | "durationSeconds" | "updatedAt">>(records: T[]): T[] {
  return records.filter((record) => resumePosition(record) > 0).sort((a, b) => b.updatedAt - a.updatedAt);
}
