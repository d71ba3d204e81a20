import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import { getClass } from "~/models/classes/class-schedule.server";
import { CHECK_IN_INFO, CheckInInfoSchema } from "~/models/studios/check-in.server";
import { STUDIOS } from "~/models/studios/studio-records";
import { StudioSchema } from "~/models/studios/studio";
import { PracticeEntrySchema, localDay, type PracticeEntry, type PracticeSource } from "./practice-calendar";
import { PracticeSettingsSchema, defaultPracticeSettings, type PracticeSettings } from "./practice-settings";
import { FALLBACK_TIME_ZONE } from "~/models/identity/user";

/**
 * The practice record (issue 27, ADR 045). Live classes joined and on-demand classes completed are
 * written here once per source event (the id is the event's), each with the member's zone at that
 * moment and the day it was there; nothing rewrites them. Studio check-ins are not copied: the front
 * desk already writes each one once (`userCheckInInfo`, which an undo clears), so the record reads
 * them from there, dated on the studio's own clock, where the member was.
 */

export const PRACTICE_ENTRIES = "practiceEntries";
export const PRACTICE_SETTINGS = "practiceSettings";
/** How many practices a member's page reads at most (about seven years of daily practice). */
const RECORD_LIMIT = 2_500;

export interface PracticeEvent {
  uid: string;
  source: Exclude<PracticeSource, "studio">;
  /** The source event's own id: a live class's id, an on-demand viewing's id. */
  eventId: string;
  classRef: string;
  title: string;
  seriesId?: string | null;
  at: number;
  zone: string;
  minutes: number;
}

export const practiceEntryId = (uid: string, source: PracticeSource, eventId: string) => `${uid}__${source}__${eventId}`;

/** Writes the practice once; a repeat of the same event writes nothing and answers null. */
export async function recordPractice(event: PracticeEvent): Promise<PracticeEntry | null> {
  const id = practiceEntryId(event.uid, event.source, event.eventId);
  const entry: PracticeEntry = PracticeEntrySchema.parse({
    id,
    uid: event.uid,
    source: event.source,
    classRef: event.classRef,
    title: event.title,
    seriesId: event.seriesId ?? null,
    at: event.at,
    zone: event.zone,
    day: localDay(event.at, event.zone),
    minutes: Math.max(0, Math.min(24 * 60, Math.round(event.minutes))),
  });
  return (await getStore().createIfAbsent(PRACTICE_ENTRIES, id, entry)) ? entry : null;
}

/**
 * The member's practice record, oldest first: what was written here, and their studio check-ins.
 * Read newest first up to RECORD_LIMIT (issue 35), so a record longer than that loses its oldest
 * days, never arbitrary ones in the middle of a streak.
 */
export async function listPractice(uid: string): Promise<PracticeEntry[]> {
  const [{ docs }, studio] = await Promise.all([
    getStore().query(PRACTICE_ENTRIES, PracticeEntrySchema, {
      where: [{ field: "uid", op: "==", value: uid }],
      orderBy: [{ field: "at", direction: "desc" }],
      limit: RECORD_LIMIT,
    }),
    studioPractice(uid),
  ]);
  return [...docs.map((d) => d.data).filter((e) => e.uid === uid), ...studio].sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
}

async function studioPractice(uid: string): Promise<PracticeEntry[]> {
  const checkedIn = (await documentsWhere(CHECK_IN_INFO, "uid", uid, CheckInInfoSchema))
    .map((d) => d.data)
    .filter((i) => i.uid === uid && i.checkedIn && i.checkedInAt !== null);
  if (checkedIn.length === 0) return [];
  const studioIds = [...new Set(checkedIn.map((i) => i.studioId))];
  const classIds = [...new Set(checkedIn.map((i) => i.classId))];
  const [studios, classes] = await Promise.all([
    Promise.all(studioIds.map(async (id) => [id, await getStore().get(STUDIOS, id, StudioSchema)] as const)),
    Promise.all(classIds.map(async (id) => [id, await getClass(id)] as const)),
  ]);
  const zoneOf = new Map(studios.map(([id, s]) => [id, s?.timeZone ?? FALLBACK_TIME_ZONE]));
  const classOf = new Map(classes);
  return checkedIn.map((info) => {
    const zone = zoneOf.get(info.studioId) ?? FALLBACK_TIME_ZONE;
    const at = info.checkedInAt ?? 0;
    const liveClass = classOf.get(info.classId);
    return {
      id: practiceEntryId(uid, "studio", info.ticketId),
      uid,
      source: "studio" as const,
      classRef: info.classId,
      title: liveClass?.title ?? "Studio class",
      seriesId: null,
      at,
      zone,
      day: localDay(at, zone),
      minutes: liveClass?.durationMinutes ?? 0,
    };
  });
}

export async function getPracticeSettings(uid: string): Promise<PracticeSettings> {
  return (await getStore().get(PRACTICE_SETTINGS, uid, PracticeSettingsSchema)) ?? defaultPracticeSettings(uid);
}

/** Saves the member's settings in a transaction, from what `change` makes of the current ones. */
export async function updatePracticeSettings(
  uid: string,
  change: (current: PracticeSettings) => PracticeSettings,
  now = Date.now(),
): Promise<PracticeSettings> {
  return getStore().transaction(async (tx) => {
    const current = (await tx.get(PRACTICE_SETTINGS, uid, PracticeSettingsSchema)) ?? defaultPracticeSettings(uid);
    const next = PracticeSettingsSchema.parse({ ...change(current), uid, updatedAt: now });
    tx.set(PRACTICE_SETTINGS, uid, next);
    return next;
  });
}

/** Deletes a leaving member's practice record and settings (their check-ins go with the studio's forget). */
export async function forgetPractice(uid: string): Promise<void> {
  for (const collection of [PRACTICE_ENTRIES, PRACTICE_SETTINGS]) {
    for (const { id } of await documentsWhere(collection, "uid", uid, z.object({ uid: z.string() })))
      await getStore().delete(collection, id);
  }
}
