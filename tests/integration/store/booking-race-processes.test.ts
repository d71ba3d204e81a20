import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";

/**
 * Issue 24: the last-seat race of bookings.test.ts (one process, 30 at once → 1 booked, 29 in line),
 * across two processes on one SQLite file (WAL), as two instances of the site would book: each process
 * (tests/support/booking-racer.ts) books 15 of the 30 members at the same moment. The count of
 * instances a Firestore deployment has does not matter to it: the seat count is read and written in
 * one transaction, which either store retries on contention.
 */
const file = join(mkdtempSync(join(tmpdir(), "booking-race-")), "store.sqlite");
process.env.SQLITE_PATH = file;
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

const { getStore } = await import("../../../app/services/store/index.server");
const { CLASS_SEATS, CLASS_BOOKINGS } = await import("../../../app/models/classes/booking.server");

const NOW = "2026-11-23T12:00:00.000Z";
type Result = { ok: boolean; status?: string; position?: number };

/** Starts a racer; resolves once it has loaded and said it is ready, with a go() that releases it. */
function racer(uids: string[], classId: string): Promise<{ go(): void; done: Promise<Result[]> }> {
  const child = spawn(
    process.execPath,
    ["node_modules/vite-node/vite-node.mjs", "--config", "vitest.config.ts", "tests/support/booking-racer.ts"],
    {
      cwd: process.cwd(),
      env: { ...process.env, SQLITE_PATH: file, CLASS_ID: classId, UIDS: uids.join(","), NOW },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  let out = "";
  let err = "";
  child.stderr.setEncoding("utf8").on("data", (text: string) => (err += text));
  return new Promise((resolve, reject) => {
    const done = new Promise<Result[]>((finish, fail) => {
      child.once("exit", (code) => {
        const line = out.split("\n").find((l) => l.startsWith("{"));
        if (code === 0 && line) finish((JSON.parse(line) as { results: Result[] }).results);
        else fail(new Error(`racer exited ${code}:\n${out}\n${err}`));
      });
    });
    done.catch(reject);
    child.stdout.setEncoding("utf8").on("data", (text: string) => {
      out += text;
      if (out.includes("ready\n")) resolve({ go: () => child.stdin.write("go\n"), done });
    });
  });
}

afterAll(async () => {
  await getStore().close();
});

describe("the last seat, booked from two processes at once", () => {
  it("goes to exactly one of 30 members split across both; the other 29 are in line 1st to 29th", async () => {
    const classId = "race-processes-2026-11-30";
    await getStore().set("classes", classId, {
      id: classId,
      title: "Race Test Sit",
      teacherId: "teacher-amara",
      modality: "meditation",
      startsAt: "2026-11-30T15:00:00.000Z",
      durationMinutes: 30,
      description: "",
      capacity: 1,
    });
    const people = Array.from({ length: 30 }, (_, i) => `racer-${String(i).padStart(2, "0")}`);
    const racers = await Promise.all([
      racer(
        people.filter((_, i) => i % 2 === 0),
        classId,
      ),
      racer(
        people.filter((_, i) => i % 2 === 1),
        classId,
      ),
    ]);
    for (const r of racers) r.go();
    const results = (await Promise.all(racers.map((r) => r.done))).flat();

    expect(results.filter((r) => r.ok && r.status === "booked")).toHaveLength(1);
    expect(
      results
        .filter((r) => r.ok && r.status === "waitlisted")
        .map((r) => r.position)
        .sort((a, b) => a! - b!),
    ).toEqual(Array.from({ length: 29 }, (_, i) => i + 1));
    const seats = await getStore().get(
      CLASS_SEATS,
      classId,
      z.object({ booked: z.number(), waitlist: z.array(z.object({ uid: z.string() })) }),
    );
    expect(seats?.booked).toBe(1);
    expect(seats?.waitlist).toHaveLength(29);
    const { docs } = await getStore().query(CLASS_BOOKINGS, z.object({ status: z.string() }), {
      where: [{ field: "classId", op: "==", value: classId }],
    });
    expect(docs.filter((doc) => doc.data.status === "booked")).toHaveLength(1);
  }, 90_000);
});
