import { classState, groupByDay, timeOfDay } from "./class-schedule";
import { getClassForPage, listUpcomingClasses } from "./class-schedule.server";
import { joinWindow, ordinal } from "./booking";
import { listBookingsFor, placesFor } from "./booking.server";
import type { LiveClass } from "~/models/classes/live-class";
import { getTeachers } from "~/models/content/teacher.server";
import { clockRange, clockShortDay } from "~/models/identity/clock";
import { zoneLabel } from "~/models/identity/time-zone";
import { cacheGeneration } from "~/lib/cache.server";
import { FALLBACK_TIME_ZONE } from "~/models/identity/user";

/**
 * What the schedule and the home page show of a class (issue 9), already worded in the visitor's
 * zone on the server, so the first paint is right and hydration has nothing to change.
 */

export const MODALITIES = ["meditation", "mindfulness", "breathwork"] as const;
export const TIMES_OF_DAY = ["morning", "afternoon", "evening"] as const;
const SCHEDULE_DAYS = 14;

export const MODALITY_LABEL: Record<LiveClass["modality"], string> = {
  meditation: "Meditation",
  mindfulness: "Mindfulness",
  breathwork: "Breathwork",
};
const TIME_LABEL: Record<(typeof TIMES_OF_DAY)[number], string> = { morning: "Morning", afternoon: "Afternoon", evening: "Evening" };

export interface ClassListData {
  id: string;
  href: string;
  title: string;
  modality: LiveClass["modality"];
  modalityLabel: string;
  level: string | null;
  startsAt: string;
  /** "7:00 – 7:45 am" on the visitor's clock. */
  timeRange: string;
  durationMinutes: number;
  teacherName: string | null;
  state: "scheduled" | "live" | "ended" | "cancelled";
  note: string | null;
}

/** A class's start and end on the reader's clock, in the one format every page uses (issue 34). */
export function timeRange(liveClass: Pick<LiveClass, "startsAt" | "durationMinutes">, zone: string): string {
  const start = Date.parse(liveClass.startsAt);
  return clockRange(start, start + liveClass.durationMinutes * 60_000, zone);
}

/**
 * A class card's "when" (the home page): its day and hours on the visitor's clock, in the schedule's
 * own format; "UTC" after it while the visitor's zone is unknown (`zone` null).
 */
export function classCardWhen(startsAt: string, zone: string | null, durationMinutes: number): string {
  const start = Date.parse(startsAt);
  return `${clockShortDay(start, zone)}, ${clockRange(start, start + durationMinutes * 60_000, zone)}`;
}

export function toClassListData(liveClass: LiveClass, names: Map<string, string>, zone: string, now: Date): ClassListData {
  const state = classState(liveClass, now);
  const substitute = liveClass.substituteTeacherId ? (names.get(liveClass.substituteTeacherId) ?? null) : null;
  return {
    id: liveClass.id,
    href: `/classes/${liveClass.slug || liveClass.id}`,
    title: liveClass.title,
    modality: liveClass.modality,
    modalityLabel: MODALITY_LABEL[liveClass.modality],
    level: liveClass.level ?? null,
    startsAt: liveClass.startsAt,
    timeRange: timeRange(liveClass, zone),
    durationMinutes: liveClass.durationMinutes,
    teacherName: substitute ?? names.get(liveClass.teacherId) ?? null,
    state,
    note: state === "cancelled" ? "Cancelled" : substitute ? `${substitute} is teaching this one` : null,
  };
}

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

type SchedulePage = Awaited<ReturnType<typeof buildSchedulePage>>["page"];

/**
 * The schedule's page model, kept per zone and filters (issue 25): it holds nothing of the viewer's,
 * only the shared class list and teachers arranged for one zone, and building it (grouping, times,
 * filters) was the largest part of a member's schedule view after rendering. A kept model is used
 * only within the same minute (the list's window moves by the minute), before the next moment a
 * class on it starts or ends (its state would change), and while no cached entry it was built from
 * has been reloaded or dropped (a class added or changed, a teacher's name).
 */
interface KeptSchedule {
  generation: number;
  minute: number;
  until: number;
  page: SchedulePage;
}
const keptSchedules = new Map<string, KeptSchedule>();
const MAX_KEPT_SCHEDULES = 200;
/**
 * Builds under way, by key: views that arrive while the model is being built (every view at once when
 * the minute turns or a list reloads under load) wait for that one build instead of each making its
 * own, if nothing changed since it started.
 */
const buildingSchedules = new Map<string, Promise<KeptSchedule>>();

function usable(kept: KeptSchedule | undefined, at: number): kept is KeptSchedule {
  return kept !== undefined && kept.generation === cacheGeneration() && kept.minute === Math.floor(at / 60_000) && at < kept.until;
}

/** The schedule page: filters read from the address (unknown values are ignored), grouped by day in `zone`. */
export async function schedulePage(url: URL, knownZone: string | null, now: Date): Promise<SchedulePage> {
  // Keyed by what the model reads (the zone and three filters): other query parameters make no new entry.
  const key = [knownZone ?? "", ...["modality", "time", "teacher"].map((name) => url.searchParams.get(name) ?? "")].join("|");
  const at = now.getTime();
  const kept = keptSchedules.get(key);
  if (usable(kept, at)) return kept.page;
  const building = buildingSchedules.get(key);
  if (building) {
    const built = await building.catch(() => undefined);
    if (usable(built, at)) return built.page;
  }
  const build = (async (): Promise<KeptSchedule> => {
    // Read before building: a cached entry reloaded meanwhile leaves this model out of date at once.
    const generation = cacheGeneration();
    const { page, nextChangeAt } = await buildSchedulePage(url, knownZone, now);
    return { generation, minute: Math.floor(at / 60_000), until: nextChangeAt, page };
  })();
  buildingSchedules.set(key, build);
  try {
    const built = await build;
    keptSchedules.delete(key);
    if (keptSchedules.size >= MAX_KEPT_SCHEDULES) keptSchedules.delete(keptSchedules.keys().next().value as string);
    keptSchedules.set(key, built);
    return built.page;
  } finally {
    if (buildingSchedules.get(key) === build) buildingSchedules.delete(key);
  }
}

async function buildSchedulePage(url: URL, knownZone: string | null, now: Date) {
  const zone = knownZone ?? FALLBACK_TIME_ZONE;
  const modality = pick(url.searchParams.get("modality"), MODALITIES);
  const time = pick(url.searchParams.get("time"), TIMES_OF_DAY);
  const teachers = await getTeachers();
  const teacherIds = teachers.map((teacher) => teacher.id);
  const teacher = pick(url.searchParams.get("teacher"), teacherIds);
  const names = new Map(teachers.map((t) => [t.id, t.fullName]));

  // From a class that started up to three hours ago (it may still be live) to two weeks ahead.
  const from = new Date(now.getTime() - 3 * 3_600_000);
  const to = new Date(now.getTime() + SCHEDULE_DAYS * 86_400_000);
  const all = await listUpcomingClasses({ from, to, modality: modality ?? undefined, teacherId: teacher ?? undefined });
  const visible = all.filter((c) => classState(c, now) !== "ended" && (!time || timeOfDay(c.startsAt, zone) === time));
  const days = groupByDay(visible, zone).map((day) => ({
    dayKey: day.dayKey,
    label: day.label,
    classes: day.classes.map((c) => toClassListData(c, names, zone, now)),
  }));

  const current = { modality, time, teacher };
  const href = (change: Partial<typeof current>) => {
    const next = { ...current, ...change };
    const params = new URLSearchParams();
    if (next.modality) params.set("modality", next.modality);
    if (next.teacher) params.set("teacher", next.teacher);
    if (next.time) params.set("time", next.time);
    const query = params.toString();
    return query ? `/classes?${query}` : "/classes";
  };
  const teachersWithClasses = teachers.filter((t) => all.some((c) => c.teacherId === t.id) || t.id === teacher);
  // The next moment a listed class starts or ends, when its state on the page changes.
  let nextChangeAt = Number.POSITIVE_INFINITY;
  for (const c of all) {
    const start = Date.parse(c.startsAt);
    const end = start + c.durationMinutes * 60_000;
    if (start > now.getTime()) nextChangeAt = Math.min(nextChangeAt, start);
    else if (end > now.getTime()) nextChangeAt = Math.min(nextChangeAt, end);
  }

  const page = {
    zone,
    zoneKnown: knownZone !== null,
    zoneLabel: zoneLabel(zone, now),
    path: href({}),
    filtered: Boolean(modality || time || teacher),
    filters: [
      {
        name: "modality",
        label: "Practice",
        options: [
          { label: "All practices", href: href({ modality: null }), active: !modality },
          ...MODALITIES.map((m) => ({ label: MODALITY_LABEL[m], href: href({ modality: m }), active: modality === m })),
        ],
      },
      {
        name: "time",
        label: "Time of day",
        options: [
          { label: "Any time", href: href({ time: null }), active: !time },
          ...TIMES_OF_DAY.map((t) => ({ label: TIME_LABEL[t], href: href({ time: t }), active: time === t })),
        ],
      },
      {
        name: "teacher",
        label: "Teacher",
        options: [
          { label: "All teachers", href: href({ teacher: null }), active: !teacher },
          ...teachersWithClasses.map((t) => ({ label: t.fullName, href: href({ teacher: t.id }), active: teacher === t.id })),
        ],
      },
    ],
    days,
  };
  return { page, nextChangeAt };
}

/** "My classes": the member's booked and waitlisted classes, upcoming (soonest first) and past (latest first). */
export async function myClasses(uid: string, zone: string, now: Date) {
  const bookings = await listBookingsFor(uid);
  // The classes are shared (cached for every member); the member's place comes from their own
  // bookings, with a class's seats read only for a place in line (issue 25).
  const [found, teachers, place] = await Promise.all([
    Promise.all(bookings.map((booking) => getClassForPage(booking.classId))),
    getTeachers(),
    placesFor(uid, bookings),
  ]);
  const classes = found.filter((c): c is LiveClass => c !== null);
  const names = new Map(teachers.map((t) => [t.id, t.fullName]));
  const items = classes
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
    .map((liveClass) => {
      const item = toClassListData(liveClass, names, zone, now);
      const mine = place.get(liveClass.id);
      const day = clockShortDay(liveClass.startsAt, zone);
      const status =
        mine?.status === "waitlisted" ? `You're ${ordinal(mine.position)} in line` : mine?.status === "booked" ? "Booked" : null;
      // Issue 34: a booked class whose room is open (ten minutes before to the end) offers Join here too.
      const joinable = mine?.status === "booked" && liveClass.status !== "cancelled" && joinWindow(liveClass, now).open;
      return {
        ...item,
        timeRange: `${day}, ${item.timeRange}`,
        note: [item.note, status].filter(Boolean).join(" · ") || null,
        join: joinable ? `/classes/${liveClass.id}/join` : null,
      };
    });
  const upcoming = items.filter(
    (item) =>
      item.state === "scheduled" || item.state === "live" || (item.state === "cancelled" && Date.parse(item.startsAt) > now.getTime()),
  );
  const past = items.filter((item) => !upcoming.includes(item)).reverse();
  return { zoneLabel: zoneLabel(zone, now), upcoming, past };
}

/** A teacher's next classes (theirs, or ones they cover), for their page. */
export async function teacherClasses(
  teacherId: string,
  zone: string,
  now: Date,
  limit = 5,
): Promise<{ classes: ClassListData[]; zoneLabel: string }> {
  const [classes, teachers] = await Promise.all([
    listUpcomingClasses({ from: now, to: new Date(now.getTime() + SCHEDULE_DAYS * 86_400_000), teacherId }),
    getTeachers(),
  ]);
  const names = new Map(teachers.map((t) => [t.id, t.fullName]));
  const mine = classes
    .filter((c) => c.status !== "cancelled" && (c.substituteTeacherId ?? c.teacherId) === teacherId)
    .slice(0, limit)
    .map((c) => {
      const item = toClassListData(c, names, zone, now);
      return { ...item, timeRange: `${clockShortDay(c.startsAt, zone)}, ${item.timeRange}` };
    });
  return { classes: mine, zoneLabel: zoneLabel(zone, now) };
}
