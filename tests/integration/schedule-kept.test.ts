import { beforeAll, describe, expect, it } from "vitest";

/**
 * Issue 25: the schedule's page model is kept between views (it holds no one's data), but never past
 * a change: a class added through the staff path, a class starting, or the next minute.
 */
process.env.SQLITE_PATH = ":memory:";

const { getStore } = await import("../../app/services/store/index.server");
const { seedDemoContent } = await import("../../app/demo/seed.server");
const { generateClasses, listUpcomingClasses, forgetCachedClasses } = await import("../../app/models/classes/class-schedule.server");
const { schedulePage } = await import("../../app/models/classes/class-listing.server");

const url = new URL("http://localhost:3000/classes");
const titles = (page: Awaited<ReturnType<typeof schedulePage>>) => page.days.flatMap((day) => day.classes.map((c) => c.title));

// Half a minute into the current minute: two calls a few milliseconds apart stay in one minute.
const midMinute = () => new Date(Math.floor(Date.now() / 60_000) * 60_000 + 30_000);

describe("the kept schedule", () => {
  beforeAll(async () => {
    await seedDemoContent(getStore());
    await generateClasses({ weeks: 1 });
  });

  it("answers the same model within a minute, and builds it again for another zone or filter", async () => {
    const now = midMinute();
    // The first build loaded the shared lists it reads, which counts as a change: the second is kept.
    await schedulePage(url, "Europe/London", now);
    const first = await schedulePage(url, "Europe/London", now);
    expect(await schedulePage(url, "Europe/London", new Date(now.getTime() + 10))).toBe(first);
    // A query parameter the schedule does not read is the same page.
    expect(await schedulePage(new URL("http://localhost:3000/classes?utm_source=letter"), "Europe/London", now)).toBe(first);
    expect(await schedulePage(url, "Asia/Tokyo", now)).not.toBe(first);
    expect(await schedulePage(new URL("http://localhost:3000/classes?modality=breathwork"), "Europe/London", now)).not.toBe(first);
  });

  it("makes one model for views that arrive together while it is being built", async () => {
    const now = midMinute();
    // The shared lists are loaded (a first build), so what follows is only the model's own build.
    await schedulePage(url, "America/Denver", now);
    const together = await Promise.all(
      Array.from({ length: 10 }, (_, i) => schedulePage(url, "Pacific/Auckland", new Date(now.getTime() + i))),
    );
    for (const page of together) expect(page).toBe(together[0]);
    expect(together[0].zone).toBe("Pacific/Auckland");
  });

  it("shows a class written and announced at once, within the same minute", async () => {
    const now = midMinute();
    const before = await schedulePage(url, "UTC", now);
    const startsAt = new Date(Math.ceil((now.getTime() + 2 * 3_600_000) / 60_000) * 60_000).toISOString();
    const [template] = await listUpcomingClasses({ from: now, to: new Date(now.getTime() + 7 * 86_400_000) });
    await getStore().set("classes", "kept-schedule-check", {
      ...template,
      id: "kept-schedule-check",
      slug: "kept-schedule-check",
      title: "A class added just now",
      startsAt,
    });
    forgetCachedClasses();
    const after = await schedulePage(url, "UTC", new Date(now.getTime() + 5));
    expect(after).not.toBe(before);
    expect(titles(after)).toContain("A class added just now");
    expect(titles(before)).not.toContain("A class added just now");
  });

  it("shows a class as live from the moment it starts, even within the minute the model was built", async () => {
    // A class starting 20 s into a minute an hour from now, seen 1 ms before and 1 ms after its start:
    // the same minute and the same cached lists, so only its start can make the model stale.
    const start = Math.floor(Date.now() / 60_000) * 60_000 + 3_600_000 + 20_000;
    const [template] = await listUpcomingClasses({ from: new Date(), to: new Date(Date.now() + 7 * 86_400_000) });
    await getStore().set("classes", "kept-schedule-start", {
      ...template,
      id: "kept-schedule-start",
      slug: "kept-schedule-start",
      title: "A class at twenty past",
      startsAt: new Date(start).toISOString(),
      status: "scheduled",
    });
    forgetCachedClasses();
    const just = (offset: number) => new Date(start + offset);
    await schedulePage(url, "UTC", just(-2));
    const before = await schedulePage(url, "UTC", just(-1));
    expect(before.days.flatMap((day) => day.classes).find((c) => c.id === "kept-schedule-start")?.state).toBe("scheduled");
    const later = await schedulePage(url, "UTC", just(1));
    expect(later.days.flatMap((day) => day.classes).find((c) => c.id === "kept-schedule-start")?.state).toBe("live");
  });
});
