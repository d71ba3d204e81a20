import { getStore } from "~/services/store/index.server";
import { z } from "zod";
import { cached, invalidate } from "~/lib/cache.server";
import { CLASSES, listUpcomingClasses } from "~/models/classes/class-schedule.server";
import { timeRange } from "~/models/classes/class-listing.server";
import { LiveClassSchema, type LiveClass } from "~/models/classes/live-class";
import { IN_PERSON_SEATS, STUDIOS, SeatsSchema } from "./studio-records";
import { StudioSchema, studioDay, type Studio } from "./studio";
import { hasAnyRole, type Role } from "~/models/identity/user";
import { groupByDay } from "~/models/classes/class-schedule";
import { zoneLabel } from "~/models/identity/time-zone";

/** Studios in the store (issue 12): the list, one by its address, and its schedule on its own clock. */

export function listStudios(): Promise<Studio[]> {
  return cached("studios", { ttlSeconds: 60 }, async () => {
    const { docs } = await getStore().query(STUDIOS, StudioSchema);
    return docs.map((d) => d.data).sort((a, b) => a.name.localeCompare(b.name));
  });
}

export async function getStudioBySlug(slug: string): Promise<Studio | null> {
  if (!/^[a-z0-9-]{1,60}$/.test(slug)) return null;
  return (await listStudios()).find((s) => s.slug === slug) ?? null;
}

export async function getStudioById(id: string): Promise<Studio | null> {
  return (await listStudios()).find((s) => s.id === id) ?? null;
}

/** The studios whose desk this person may run: every one for admins, their own for studio staff. */
export async function studiosForStaff(uid: string, roles: readonly Role[]): Promise<Studio[]> {
  const all = await listStudios();
  if (hasAnyRole(roles, ["admin"])) return all;
  return all.filter((s) => s.staffUids.includes(uid));
}

export function roomName(studio: Studio, roomId: string | null): string {
  return studio.rooms.find((r) => r.id === roomId)?.name ?? "";
}

export async function seatsTaken(classIds: string[]): Promise<Map<string, number>> {
  const entries = await Promise.all(
    classIds.map(async (id) => [id, (await getStore().get(IN_PERSON_SEATS, id, SeatsSchema))?.booked ?? 0] as const),
  );
  return new Map(entries);
}

export interface StudioClassRow {
  id: string;
  href: string;
  title: string;
  startsAt: string;
  endsAt: string;
  timeRange: string;
  room: string;
  seatsLeft: number;
  capacity: number;
  cancelled: boolean;
  description: string;
}

/** The next two weeks at a studio, grouped by day, every time on the studio's clock with its zone named. */
export async function studioSchedule(studio: Studio, now: Date, days = 14) {
  const classes = await listUpcomingClasses({ from: now, to: new Date(now.getTime() + days * 86_400_000), studioId: studio.id });
  const taken = await seatsTaken(classes.map((c) => c.id));
  const rows = classes.map((c): StudioClassRow => studioClassRow(studio, c, taken.get(c.id) ?? 0));
  return {
    zoneLabel: zoneLabel(studio.timeZone, now),
    days: groupByDay(rows, studio.timeZone),
    count: rows.length,
  };
}

export function studioClassRow(studio: Studio, c: LiveClass, taken: number): StudioClassRow {
  return {
    id: c.id,
    href: `/studios/${studio.slug}/classes/${c.id}`,
    title: c.title,
    startsAt: c.startsAt,
    endsAt: new Date(Date.parse(c.startsAt) + c.durationMinutes * 60_000).toISOString(),
    timeRange: timeRange(c, studio.timeZone),
    room: roomName(studio, c.roomId),
    seatsLeft: Math.max(0, c.capacity - taken),
    capacity: c.capacity,
    cancelled: c.status === "cancelled",
    description: c.description,
  };
}

/** A studio's classes on its calendar day of `now` (the front desk's "today"), read fresh, not cached. */
export async function todaysClasses(studio: Studio, now: Date): Promise<LiveClass[]> {
  const today = studioDay(now, studio.timeZone);
  const { docs } = await getStore().query(CLASSES, LiveClassSchema, {
    where: [
      { field: "startsAt", op: ">=", value: new Date(now.getTime() - 26 * 3_600_000).toISOString() },
      { field: "startsAt", op: "<=", value: new Date(now.getTime() + 26 * 3_600_000).toISOString() },
    ],
    orderBy: [{ field: "startsAt" }],
  });
  return docs.map((d) => d.data).filter((c) => c.studioId === studio.id && studioDay(c.startsAt, studio.timeZone) === today);
}

/** Account deletion (ADR 032, issue 35): takes a person off every studio's front-desk list. */
export async function forgetStudioStaff(uid: string): Promise<void> {
  const store = getStore();
  const StaffListSchema = z.object({ staffUids: z.array(z.string()).default([]) });
  const { docs } = await store.query(STUDIOS, StaffListSchema);
  let changed = false;
  for (const doc of docs.filter((d) => d.data.staffUids.includes(uid))) {
    await store.transaction(async (tx) => {
      const current = await tx.get(STUDIOS, doc.id, StaffListSchema);
      if (current?.staffUids.includes(uid)) tx.update(STUDIOS, doc.id, { staffUids: current.staffUids.filter((other) => other !== uid) });
    });
    changed = true;
  }
  if (changed) invalidate("studios");
}
