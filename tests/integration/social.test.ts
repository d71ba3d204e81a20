import { describe, expect, it } from "vitest";
import { z } from "zod";

process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";
process.env.PUBLIC_SITE_URL = "http://localhost:3000";
process.env.LOG_REQUESTS = "false";

const { getStore } = await import("../../app/adapters/store/index.server");
const { seedDemoContent } = await import("../../app/demo/seed.server");
const { listAchievements, USER_ACHIEVEMENTS } = await import("../../app/features/engagement/achievements.server");
const { IN_PERSON_TICKETS } = await import("../../app/features/studios/studio-records");
const { frontDeskAction } = await import("../../app/routes/staff.studio/page.server");
const { getSitemapEntries } = await import("../../app/server/sitemap.server");

await seedDemoContent(getStore());
const ORIGIN = "http://localhost:3000";
const anyDoc = z.record(z.unknown());
const desk = { viewer: { uid: "desk-admin", roles: ["admin"] }, user: {} } as never;
const deskPost = (fields: Record<string, string>) =>
  new Request(`${ORIGIN}/staff/studio`, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" } });

/** A studio class starting now at Lantern Yard, and a booked ticket for `uid` (today on the studio's clock). */
async function bookedToday(uid: string, n: number) {
  const store = getStore();
  const startsAt = new Date().toISOString(); // now: the same day on the studio's clock as the desk's check-in
  const classId = `social-studio-${n}`;
  await store.set("classes", classId, { id: classId, slug: classId, title: "Lantern Sit", teacherId: "teacher-amara", modality: "meditation", startsAt, durationMinutes: 45, description: "", capacity: 10, timeZone: "America/New_York", studioId: "lantern-yard" });
  const ticket = { id: `ticket-${uid}-${n}`, classId, studioId: "lantern-yard", uid, status: "booked", startsAt, durationMinutes: 45, code: `CODE${n}${uid}`.toUpperCase().slice(0, 10), payment: { method: "drop_in", reference: `ref-${uid}-${n}` }, waiverVersion: 1, bookedAt: Date.now(), waitlistedAt: null, promoted: false, cancelledWithClass: false, updatedAt: Date.now() };
  await store.set(IN_PERSON_TICKETS, ticket.id, ticket);
  return ticket;
}

describe("the first studio class, granted at the front desk", () => {
  it("a check-in grants the first studio class once, however often and however concurrently it is scanned", async () => {
    const ticket = await bookedToday("studio-ana", 1);
    const results = await Promise.all(Array.from({ length: 10 }, () => frontDeskAction(deskPost({ intent: "check-in", studio: "lantern-yard", ticketId: ticket.id }), desk)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const held = (await listAchievements("studio-ana")).map((a) => a.achievementId).sort();
    expect(held).toEqual(["classes-1", "first-studio"]);
    // A second studio class later grants nothing new of that kind, and the first is never granted twice.
    const second = await bookedToday("studio-ana", 2);
    await frontDeskAction(deskPost({ intent: "check-in", studio: "lantern-yard", ticketId: second.id }), desk);
    const docs = (await getStore().query(USER_ACHIEVEMENTS, anyDoc, { where: [{ field: "uid", op: "==", value: "studio-ana" }] })).docs;
    expect(docs.map((d) => d.id).filter((id) => id.endsWith("first-studio"))).toHaveLength(1);
  });
});

describe("challenges in the sitemap", () => {
  it("lists /challenges and every challenge that has begun", async () => {
    const paths = (await getSitemapEntries()).map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["/challenges", "/challenges/steady-month", "/challenges/breath-before-bed"]));
  });
});
