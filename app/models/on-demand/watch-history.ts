import { z } from "zod";
import { MAX_PLAYBACK_RATE, MOSTLY_COMPLETED_SHARE } from "./viewing-progress";

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

/** Rounding and latency allowed on one step between two reports, in media seconds. */
const STEP_SLACK_SECONDS = 5;
/**
 * The player reports every 10 s while playing (and on pause): a longer step forward is a seek, or
 * reports written by hand, however long ago the last one was. A report lost on the way still fits.
 */
const MAX_STEP_SECONDS = 60;

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
  /**
   * The current viewing as the server saw it (issue 35): when its first report arrived, when the last
   * did, and how many seconds of the class its reports covered in order, each step no further than
   * the time since the one before allows. Records written before these were kept lack them.
   */
  viewingStartedAt: z.number().int().optional(),
  reportedAt: z.number().int().optional(),
  covered: z.number().min(0).optional(),
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
  let covered = 0;
  if (!newViewing) {
    // A step counts when it moves forward no faster than the fastest speed allows since the last
    // report, and no further than the player's reports are apart.
    const elapsedSeconds = Math.max(0, context.now - (existing.reportedAt ?? existing.updatedAt)) / 1000;
    const step = position - existing.position;
    const counted = step > 0 && step <= MAX_STEP_SECONDS && step <= elapsedSeconds * MAX_PLAYBACK_RATE + STEP_SLACK_SECONDS ? step : 0;
    covered = Math.min(duration, (existing.covered ?? 0) + counted);
  }
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
    viewingStartedAt: newViewing ? context.now : (existing.viewingStartedAt ?? existing.updatedAt),
    reportedAt: context.now,
    covered: Math.round(covered * 10) / 10,
  };
}

/**
 * Whether `viewing` really covered the class, so its Completed report may count as a practice
 * (issue 35): its reports moved through MOSTLY_COMPLETED_SHARE of the class in order, and at least
 * the time that takes at the fastest speed has passed since the viewing's first report. A forged
 * Completed (a new viewing id, position 0) covers nothing.
 */
export function viewingCoversClass(record: WatchRecord | null, viewing: string, now: number): boolean {
  if (!record || record.viewing !== viewing) return false;
  const needed = MOSTLY_COMPLETED_SHARE * record.durationSeconds;
  const since = (now - (record.viewingStartedAt ?? now)) / 1000;
  return (record.covered ?? 0) >= needed && since >= needed / MAX_PLAYBACK_RATE;
}

/** Where the player should start: from the saved place, or from the top for a finished class. */
export function resumePosition(record: Pick<WatchRecord, "position" | "completed" | "durationSeconds"> | null): number {
  if (!record || record.completed) return 0;
  if (record.position < MIN_RESUME_SECONDS || record.position >= record.durationSeconds - FINISH_MARGIN_SECONDS) return 0;
  return record.position;
}

/** "Continue watching": started, not finished, most recent first. */
export function continueWatching<T extends Pick<WatchRecord, "position" | "completed" | "durationSeconds" | "updatedAt">>(
  records: T[],
): T[] {
  return records.filter((record) => resumePosition(record) > 0).sort((a, b) => b.updatedAt - a.updatedAt);
}
