import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { z } from "zod";

// Issue 24, several instances (docs/decisions/041): a job's run holds a lease in the store that other
// instances respect until it is given back or expires; a mail claim left "sending" by a killed process
// is taken over once, after the same time. Two holders here stand for two processes.
process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";
process.env.JOB_LEASE_SECONDS = "60";

const { getStore } = await import("../../../app/services/store/index.server");
const { withJobLease, JOB_LEASES } = await import("../../../app/platform/job-lease.server");
const { sendOnce, SENT_MAIL } = await import("../../../app/platform/mail.server");
const { setMailerForTests } = await import("../../../app/services/mail/index.server");

describe("a job's lease", () => {
  it("keeps a second holder out while the first runs, and is free again once the run ends", async () => {
    let release!: () => void;
    const first = withJobLease("lease test", 60_000, () => new Promise<string>((resolve) => (release = () => resolve("done"))), {
      holder: "a",
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await withJobLease("lease test", 60_000, async () => "ran", { holder: "b" })).toEqual({ ran: false, holder: "a" });
    release();
    expect(await first).toEqual({ ran: true, result: "done" });
    expect(await withJobLease("lease test", 60_000, async () => "ran", { holder: "b" })).toEqual({ ran: true, result: "ran" });
  });

  it("left by a killed holder, is taken over only once it has expired", async () => {
    const now = Date.now();
    await getStore().set(JOB_LEASES, "killed-test", { job: "killed test", holder: "gone", takenAt: now, until: now + 60_000 });
    expect((await withJobLease("killed test", 60_000, async () => 1, { holder: "b" })).ran).toBe(false);
    expect(await withJobLease("killed test", 60_000, async () => 1, { holder: "b", now: () => now + 60_001 })).toEqual({
      ran: true,
      result: 1,
    });
    // Given back: nothing left in the store.
    expect(await getStore().get(JOB_LEASES, "killed-test", z.unknown())).toBeNull();
  });

  it("is given back when the run throws", async () => {
    await expect(withJobLease("throwing test", 60_000, async () => Promise.reject(new Error("boom")), { holder: "a" })).rejects.toThrow(
      "boom",
    );
    expect((await withJobLease("throwing test", 60_000, async () => 2, { holder: "b" })).ran).toBe(true);
  });
});

describe("a mail claim left sending", () => {
  const sent: string[] = [];
  setMailerForTests({
    name: "smtp",
    send: async (message) => {
      sent.push(message.idempotencyKey);
      return { id: message.idempotencyKey, duplicate: false };
    },
  });
  const claimId = (key: string) => createHash("sha256").update(key).digest("hex").slice(0, 40);

  // A claim left "sending" by a killed process is taken up by the mail retry job once its time is past
  // (tests/integration/runtime/mail-retry.test.ts: "a stuck claim is resent after the timeout, not before").

  it("already sent is never sent again, however old", async () => {
    const key = "old-sent-test";
    await getStore().set(SENT_MAIL, claimId(key), { key, to: "old@example.com", subject: "Old", uid: null, status: "sent", at: 0 });
    expect(await sendOnce({ to: "old@example.com", subject: "Old", text: "Hello", idempotencyKey: key })).toBe("already_sent");
    expect(sent).not.toContain(key);
  });
});
