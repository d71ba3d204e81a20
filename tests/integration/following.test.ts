import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import "../support/in-memory-site";
import { routeArgs, settle } from "../support/route-call";

const { haveEmulator } = await import("../support/auth-emulator");
const { signedInMember } = await import("../support/signed-in");
const { savePrivateUser } = await import("../../app/models/identity/user.server");
const { setMailerForTests } = await import("../../app/services/mail/index.server");
const { createOutboxMailer } = await import("../../app/services/mail/outbox.server");
const { notifyFollowersOfClass, followerCount, generateClassesAndTellFollowers } =
  await import("../../app/models/engagement/following.server");
const { getStore } = await import("../../app/services/store/index.server");
const { seedDemoContent } = await import("../../app/demo/seed.server");
const follow = await import("../../app/routes/teachers.$teacherSlug_.follow/route");
const teacherPage = await import("../../app/routes/teachers.$teacherSlug/route");

const ORIGIN = "http://localhost:3000";
const outbox = createOutboxMailer({
  dir: join(mkdtempSync(join(tmpdir(), "follow-mail-")), "outbox"),
  from: "Stillhour <hello@stillhour.example>",
});

describe.skipIf(!haveEmulator)("following a teacher", () => {
  let slug = "";
  beforeAll(async () => {
    setMailerForTests(outbox);
    await seedDemoContent(getStore());
    const { getTeachers } = await import("../../app/models/content/teacher.server");
    slug = (await getTeachers()).find((t) => t.id === "teacher-amara")!.urlParam;
  });

  const args = (request: Request) => routeArgs(request, { teacherSlug: slug });
  const post = (fields: Record<string, string>, cookie?: string) =>
    new Request(`${ORIGIN}/teachers/${slug}/follow`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { ...(cookie ? { Cookie: cookie } : {}), Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    });

  it("sends a visitor to sign in and back, follows with the e-mail chosen, counts followers on the public page, and e-mails once per class", async () => {
    const visitor = (await settle(follow.loader(args(new Request(`${ORIGIN}/teachers/${slug}/follow`))))) as Response;
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(`/sign-in?next=${encodeURIComponent(`/teachers/${slug}/follow`)}`);

    const wants = await signedInMember(ORIGIN);
    const quiet = await signedInMember(ORIGIN);
    await savePrivateUser(wants.uid, {
      firstName: "Lena",
      lastName: "Fold",
      email: `${wants.uid}@example.com`,
      mostRecentTimeZone: "Europe/Berlin",
    });
    await savePrivateUser(quiet.uid, { firstName: "Omar", lastName: "Still", email: `${quiet.uid}@example.com` });
    const done = (await settle(follow.action(args(post({ intent: "follow", emailOnSchedule: "on" }, wants.cookie))))) as Response;
    expect(done.headers.get("Location")).toBe(`/teachers/${slug}/follow?saved=followed`);
    await settle(follow.action(args(post({ intent: "follow" }, quiet.cookie))));
    const mine = (await follow.loader(
      args(new Request(`${ORIGIN}/teachers/${slug}/follow`, { headers: { Cookie: wants.cookie } })),
    )) as unknown as { data: { following: boolean; emailOnSchedule: boolean }; init: { headers: Record<string, string> } };
    expect(mine.data).toMatchObject({ following: true, emailOnSchedule: true });
    expect(mine.init.headers["Cache-Control"]).toBe("private, no-store");
    expect(await followerCount("teacher-amara")).toBe(2);
    const publicPage = (await teacherPage.loader(args(new Request(`${ORIGIN}/teachers/${slug}`)))) as unknown as Record<string, unknown>;
    expect(publicPage.followers).toBe(2);
    expect(JSON.stringify(publicPage)).not.toContain(wants.uid);

    const liveClass = {
      id: "follow-class-1",
      title: "Evening Ease",
      teacherId: "teacher-amara",
      startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    };
    const sent = await Promise.all([
      notifyFollowersOfClass(liveClass, "Amara Eze-Holloway"),
      notifyFollowersOfClass(liveClass, "Amara Eze-Holloway"),
    ]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await notifyFollowersOfClass(liveClass, "Amara Eze-Holloway")).toBe(0);
    const mails = await outbox.read({ to: `${wants.uid}@example.com` });
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Amara Eze-Holloway has a new class: Evening Ease");
    expect(await outbox.read({ to: `${quiet.uid}@example.com` })).toHaveLength(0);
    // A second class is a second e-mail.
    expect(await notifyFollowersOfClass({ ...liveClass, id: "follow-class-2" }, "Amara Eze-Holloway")).toBe(1);

    // Unfollowing stops the mail and the count.
    await settle(follow.action(args(post({ intent: "unfollow" }, wants.cookie))));
    expect(await followerCount("teacher-amara")).toBe(1);
    expect(await notifyFollowersOfClass({ ...liveClass, id: "follow-class-3" }, "Amara Eze-Holloway")).toBe(0);
    const bad = await follow.action(args(post({ intent: "dance" }, quiet.cookie)));
    expect((bad as unknown as { init: { status: number } }).init.status).toBe(400);
  });

  it("tells a follower of each class the rolling schedule makes for their teacher, once, and nothing on the next run", async () => {
    const fan = await signedInMember(ORIGIN);
    await savePrivateUser(fan.uid, {
      firstName: "Ines",
      lastName: "Calm",
      email: `${fan.uid}@example.com`,
      mostRecentTimeZone: "America/Chicago",
    });
    await settle(follow.action(args(post({ intent: "follow", emailOnSchedule: "on" }, fan.cookie))));
    // The demo's seed made the coming weeks already: the schedule rolling two months on makes new ones.
    const later = new Date(Date.now() + 60 * 86_400_000);
    const first = await generateClassesAndTellFollowers({ now: later });
    const { docs } = await getStore().query("classes", (await import("../../app/models/classes/live-class")).LiveClassSchema, {
      where: [{ field: "teacherId", op: "==", value: "teacher-amara" }],
    });
    const amaras = docs.filter((d) => d.data.startsAt >= later.toISOString());
    expect(first.created).toBeGreaterThan(0);
    expect(amaras.length).toBeGreaterThan(0);
    expect(first.told).toBe(amaras.length);
    const mails = await outbox.read({ to: `${fan.uid}@example.com` });
    expect(mails).toHaveLength(amaras.length);
    expect(mails[0].subject).toMatch(/^Amara Eze-Holloway has a new class: /);
    const again = await generateClassesAndTellFollowers({ now: later });
    expect(again).toMatchObject({ created: 0, told: 0 });
    expect(await outbox.read({ to: `${fan.uid}@example.com` })).toHaveLength(amaras.length);
  });
});
