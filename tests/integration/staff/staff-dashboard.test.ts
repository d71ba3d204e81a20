import { beforeAll, describe, expect, it } from "vitest";
import { GOOD_CARD, demo, getStore, intentId, newMember, seedPlans } from "../../support/payments";
import { haveEmulator } from "../../support/auth-emulator";
import { staffGet, staffSession } from "../../support/staff-session";
import { answerOf, routeArgs } from "../../support/route-call";

/**
 * Issue 26 (ADR 052): the morning figures with real Requests on SQLite: the coming week's bookings
 * and fill, each 30-day series counting what happened (a membership started and cancelled through
 * the real sync, a code and a gift redeemed, credits bought and spent), and the CSV as an attachment
 * whose hostile class title opens as text.
 */

const dashboardRoute = await import("~/routes/staff.dashboard/route");
const csvRoute = await import("~/routes/staff.dashboard[.csv]/route");
const membership = await import("../../../app/models/billing/membership.server");
const { deliverSignedEvents } = await import("../../../app/models/checkout/payment-webhook.server");
const { invalidate } = await import("../../../app/lib/cache.server");

const SITE = "http://localhost:3000";
const HOUR = 3_600_000;

beforeAll(seedPlans);

describe.skipIf(!haveEmulator)("the morning figures", () => {
  it("counts the week's bookings and the month's events, and downloads them as safe CSV", async () => {
    const admin = await staffSession({ admin: true });
    const now = Date.now();
    const title = `=cmd|' /C calc'!A0 ${now}`;
    const classId = `dash-${now}`;
    await getStore().set("classes", classId, {
      id: classId,
      title,
      teacherId: "teacher-amara",
      modality: "meditation",
      startsAt: new Date(now + 26 * HOUR).toISOString(),
      durationMinutes: 30,
      capacity: 8,
      timeZone: "UTC",
    });
    await getStore().set("classSeats", classId, { classId, booked: 6, waitlist: [] });
    await getStore().set("classes", `${classId}-later`, {
      id: `${classId}-later`,
      title: "Too far",
      teacherId: "teacher-amara",
      modality: "meditation",
      startsAt: new Date(now + 9 * 24 * HOUR).toISOString(),
      durationMinutes: 30,
      capacity: 8,
      timeZone: "UTC",
    });

    // A membership started and cancelled through the real sync: one fulfilment and one cancellation record.
    const uid = await newMember("Dot");
    const started = await membership.startSubscriptionCheckout({ uid, planId: "monthly", discount: null, intentId: intentId() });
    if (!started.ok) throw new Error(started.reason);
    const paid = await demo().pay(started.sessionId, GOOD_CARD);
    if (!paid.ok) throw new Error(paid.reason);
    await deliverSignedEvents(paid.deliveries);
    expect((await membership.cancelMembership(uid)).ok).toBe(true);
    await membership.cancelMembership(uid); // again: still one cancellation
    await getStore().set("promotionRedemptions", `dash-${now}`, {
      promotionCodeId: "X",
      purchaseId: "p",
      uid,
      redeemedAt: Math.floor(now / 1000),
    });
    await getStore().set("gifts", `dash-gift-${now}`, { redeemedAt: now - 2 * 24 * HOUR });
    await getStore().set("userCreditPacks", `dash-pack-${now}`, {
      id: `dash-pack-${now}`,
      uid,
      credits: 10,
      purchasedAt: now - 10 * 24 * HOUR,
      revokedAt: null,
    });
    await getStore().set("classCredits", `${uid}:000001`, { uid, seq: 1, packId: "p", kind: "spend", amount: -2, at: now - HOUR });
    await getStore().set("classCredits", `${uid}:000002`, { uid, seq: 2, packId: "p", kind: "refund", amount: 1, at: now - HOUR });
    invalidate("staffDashboard");

    const page = await staffGet(dashboardRoute, "/staff/dashboard", admin.cookie);
    expect(page.status).toBe(200);
    const figures = page.data as {
      week: Array<{ id: string; booked: number; capacity: number; fill: number }>;
      series: Array<{ id: string; last7: number; last30: number; daily: number[] }>;
    };
    expect(figures.week.find((c) => c.id === classId)).toMatchObject({ booked: 6, capacity: 8, fill: 75 });
    expect(figures.week.map((c) => c.id)).not.toContain(`${classId}-later`);
    const byId = Object.fromEntries(figures.series.map((s) => [s.id, s]));
    expect(byId.newMemberships.last7).toBeGreaterThanOrEqual(1);
    expect(byId.cancelledMemberships.last7).toBeGreaterThanOrEqual(1);
    expect(byId.codesRedeemed.daily[29]).toBeGreaterThanOrEqual(1);
    expect(byId.giftsRedeemed.last7).toBeGreaterThanOrEqual(1);
    expect(byId.creditsSold.last7).toBe(byId.creditsSold.last30 - 10);
    expect(byId.creditsSpent.daily.reduce((a, b) => a + b, 0)).toBe(byId.creditsSpent.last30);
    const { docs } = await getStore().query(
      membership.MEMBERSHIP_CANCELLATIONS,
      (await import("zod")).z.object({ uid: (await import("zod")).z.string() }),
      { where: [{ field: "uid", op: "==", value: uid }] },
    );
    expect(docs).toHaveLength(1);

    const csv = (await answerOf(async () =>
      csvRoute.loader(routeArgs(new Request(`${SITE}/staff/dashboard.csv`, { headers: { Cookie: admin.cookie } }))),
    )) as { status: number };
    expect(csv.status).toBe(200);
    const response = (await csvRoute.loader(
      routeArgs(new Request(`${SITE}/staff/dashboard.csv`, { headers: { Cookie: admin.cookie } })),
    )) as Response;
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="stillhour-figures-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
    const text = await response.text();
    expect(text).toContain(`"'=cmd|' /C calc'!A0 ${now}"`.replace(/^"|"$/g, ""));
    expect(text).not.toMatch(/(^|,)=cmd/m);
    expect(text).toContain("day_utc,newMemberships,cancelledMemberships,codesRedeemed,giftsRedeemed,creditsSold,creditsSpent");
    expect(text.trim().split("\r\n").length).toBeGreaterThanOrEqual(32);

    // Bounded: one read per class in the week, its seats, and each event in the window; a second load within the minute reads nothing.
    invalidate("staffDashboard");
    const { computeMorningFigures, morningFigures } = await import("../../../app/models/staff/dashboard.server");
    const readsBefore = getStore().readCount();
    const fresh = await computeMorningFigures(new Date());
    const reads = getStore().readCount() - readsBefore;
    console.log(JSON.stringify({ dashboardReads: reads, weekClasses: fresh.week.length }));
    await morningFigures();
    const cachedBefore = getStore().readCount();
    await morningFigures();
    expect(getStore().readCount() - cachedBefore).toBe(0);

    const member = await staffSession({});
    expect((await staffGet(dashboardRoute, "/staff/dashboard", member.cookie)).status).toBe(403);
    expect(
      (
        await answerOf(async () =>
          csvRoute.loader(routeArgs(new Request(`${SITE}/staff/dashboard.csv`, { headers: { Cookie: member.cookie } }))),
        )
      ).status,
    ).toBe(403);
  }, 60_000);
});
