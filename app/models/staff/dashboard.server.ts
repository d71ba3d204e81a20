import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import type { WhereClause } from "~/services/store/port.server";
import { cached } from "~/lib/cache.server";
import { MEMBERSHIP_CANCELLATIONS, MEMBERSHIP_FULFILMENTS } from "~/models/billing/membership.server";
import { PROMOTION_REDEMPTIONS } from "~/models/billing/promotion-code.server";
import { CLASS_SEATS } from "~/models/classes/booking.server";
import { CLASSES } from "~/models/classes/class-schedule.server";
import { LiveClassSchema } from "~/models/classes/live-class";
import { IN_PERSON_SEATS, SeatsSchema } from "~/models/studios/studio-records";
import { CLASS_CREDITS, USER_CREDIT_PACKS } from "~/models/wallet/credits.server";
import { GIFTS } from "~/models/wallet/gifts.server";
import { DAY_MS, LOOKBACK_DAYS, bucketByDay, dayKeys, fillPercent, lookbackStart, seriesOf, type Series } from "./dashboard";

/**
 * The morning figures (issue 26; ADR 052): the coming week's classes with their bookings and fill,
 * and six daily series over the last 30 days of the reader's calendar. Every read is a range on one timestamp field (no
 * composite index), capped at READ_CAP documents; the result is kept for a minute, so an admin
 * reloading costs no reads. On Firestore a load costs one read per class in the coming week (plus
 * its seat document) and one per event in the last 30 days, at most 6 × READ_CAP.
 */

export const READ_CAP = 5000;
const WEEK_CLASS_CAP = 500;

export interface WeekClass {
  id: string;
  title: string;
  startsAt: string;
  timeZone: string;
  where: "online" | "studio";
  booked: number;
  waitlisted: number;
  capacity: number;
  fill: number;
}

export interface MorningFigures {
  generatedAt: string;
  /** Days on the reader's calendar, oldest first. */
  zone: string;
  days: string[];
  week: WeekClass[];
  weekCapped: boolean;
  series: Series[];
}

const Stamp = (field: string) => z.object({ [field]: z.number() }).passthrough();
type Event = { at: number } & Record<string, unknown>;

/** Events with `field` (unix ms, or seconds when `seconds`) from `since` on, at most READ_CAP. */
async function eventsSince(collection: string, field: string, since: number, options: { seconds?: boolean; where?: WhereClause[] } = {}) {
  const scale = options.seconds ? 1000 : 1;
  const { docs } = await getStore().query(collection, Stamp(field), {
    where: [{ field, op: ">=", value: Math.floor(since / scale) }, ...(options.where ?? [])],
    limit: READ_CAP,
  });
  return {
    docs: docs.map((doc): Event => ({ ...(doc.data as Record<string, unknown>), at: Number(doc.data[field]) * scale })),
    capped: docs.length >= READ_CAP,
  };
}

async function weekAhead(now: Date): Promise<{ week: WeekClass[]; capped: boolean }> {
  const { docs } = await getStore().query(CLASSES, LiveClassSchema, {
    where: [
      { field: "startsAt", op: ">=", value: now.toISOString() },
      { field: "startsAt", op: "<", value: new Date(now.getTime() + 7 * DAY_MS).toISOString() },
    ],
    orderBy: [{ field: "startsAt" }],
    limit: WEEK_CLASS_CAP,
  });
  const classes = docs.map((doc) => doc.data).filter((c) => c.status === "scheduled");
  const seats =
    classes.length === 0
      ? []
      : await getStore().getMany(
          classes.map((c) => ({ collection: c.studioId ? IN_PERSON_SEATS : CLASS_SEATS, id: c.id, schema: SeatsSchema })),
        );
  const week = classes.map((c, i): WeekClass => {
    const seat = seats[i] as z.output<typeof SeatsSchema> | null;
    const booked = seat?.booked ?? 0;
    return {
      id: c.id,
      title: c.title,
      startsAt: c.startsAt,
      timeZone: c.timeZone,
      where: c.studioId ? "studio" : "online",
      booked,
      waitlisted: seat?.waitlist.length ?? 0,
      capacity: c.capacity,
      fill: fillPercent(booked, c.capacity),
    };
  });
  return { week, capped: docs.length >= WEEK_CLASS_CAP };
}

async function compute(now: Date, zone = "UTC"): Promise<MorningFigures> {
  const since = lookbackStart(now, LOOKBACK_DAYS, zone);
  const [week, joined, cancelled, codes, gifts, packs, ledger] = await Promise.all([
    weekAhead(now),
    eventsSince(MEMBERSHIP_FULFILMENTS, "fulfilledAt", since),
    eventsSince(MEMBERSHIP_CANCELLATIONS, "cancelledAt", since),
    eventsSince(PROMOTION_REDEMPTIONS, "redeemedAt", since, { seconds: true }),
    eventsSince(GIFTS, "redeemedAt", since),
    eventsSince(USER_CREDIT_PACKS, "purchasedAt", since),
    eventsSince(CLASS_CREDITS, "at", since),
  ]);
  const sold = packs.docs
    .filter((p) => p.revokedAt === null || p.revokedAt === undefined)
    .map((p) => ({ at: p.at, amount: Number(p.credits) || 0 }));
  // A spend is a negative entry and its refund a positive one: spent = what left the packs for classes and stayed gone.
  const spent = ledger.docs
    .filter((e) => e.kind === "spend" || e.kind === "refund")
    .map((e) => ({ at: e.at, amount: -(Number(e.amount) || 0) }));
  return {
    generatedAt: now.toISOString(),
    zone,
    days: dayKeys(now, LOOKBACK_DAYS, zone),
    week: week.week,
    weekCapped: week.capped,
    series: [
      seriesOf("newMemberships", bucketByDay(joined.docs, now, LOOKBACK_DAYS, zone), joined.capped),
      seriesOf("cancelledMemberships", bucketByDay(cancelled.docs, now, LOOKBACK_DAYS, zone), cancelled.capped),
      seriesOf("codesRedeemed", bucketByDay(codes.docs, now, LOOKBACK_DAYS, zone), codes.capped),
      seriesOf("giftsRedeemed", bucketByDay(gifts.docs, now, LOOKBACK_DAYS, zone), gifts.capped),
      seriesOf("creditsSold", bucketByDay(sold, now, LOOKBACK_DAYS, zone), packs.capped),
      seriesOf("creditsSpent", bucketByDay(spent, now, LOOKBACK_DAYS, zone), ledger.capped),
    ],
  };
}

/** The figures on `zone`'s calendar, kept for a minute (one computation per zone per instance per minute). */
export function morningFigures(now = new Date(), zone = "UTC"): Promise<MorningFigures> {
  // The UTC copy (the CSV's, and anyone's whose zone is unknown) keeps the plain key.
  return cached(zone === "UTC" ? "staffDashboard" : `staffDashboard:${zone}`, { ttlSeconds: 60, staleSeconds: 0 }, () =>
    compute(now, zone),
  );
}

export { compute as computeMorningFigures };
