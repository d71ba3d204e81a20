import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { haveEmulator, signInWithPhone, signUpAnonymously } from "../../support/auth-emulator";

process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

const { getStore } = await import("../../../app/services/store/index.server");
const identity = await import("../../../app/services/identity/index.server");
const { deleteIdleAnonymousAccounts } = await import("../../../app/models/privacy/account-cleanup.server");
const { ACCOUNT_DELETIONS } = await import("../../../app/models/privacy/account-deletion.server");
const { USERNAMES, claimUsername, getPrivateUser, savePrivateUser, usernameKey } = await import("../../../app/models/identity/user.server");

const DAY_MS = 86_400_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const anything = z.record(z.unknown());

/** When the provider last saw the account, as the job reads it (to the second: that is all it keeps). */
async function lastActivity(uid: string): Promise<number> {
  const account = await identity.getAccount(uid);
  if (!account) throw new Error(`no account ${uid}`);
  return account.lastActiveAt ?? account.createdAt;
}

beforeAll(() => getStore());

// Other suites use the same emulator at the same time: every run here is limited to this file's
// own accounts (onlyUids), so a visitor another test just created is never swept away under it.
describe.skipIf(!haveEmulator)("deleting idle anonymous accounts", () => {
  it("deletes exactly the idle anonymous accounts and their records; members and recent visitors stay", async () => {
    const idle = await Promise.all([signUpAnonymously(), signUpAnonymously(), signUpAnonymously()]);
    // A visitor from the same day who then signed in with a phone: same uid, no longer anonymous.
    const converted = await signUpAnonymously();
    await signInWithPhone("+15550107001", converted.idToken);
    const oldMember = await signInWithPhone("+15550107002");
    await sleep(1_100); // the provider keeps times to the second: the next group must be visibly later
    const recent = await Promise.all([signUpAnonymously(), signUpAnonymously()]);

    const everyone = [...idle, converted, oldMember, ...recent].map((account) => account.uid);
    for (const uid of everyone) await savePrivateUser(uid, { mostRecentTimeZone: "Europe/Paris" });
    await claimUsername(idle[0].uid, `idle-visitor-${idle[0].uid.slice(0, 8)}`);

    // "Now" is 30 days and a moment after the first group was last seen, so it is idle and the
    // second group, a second younger, is not.
    const lastOld = Math.max(...(await Promise.all([...idle, converted, oldMember].map((a) => lastActivity(a.uid)))));
    const firstRecent = Math.min(...(await Promise.all(recent.map((a) => lastActivity(a.uid)))));
    expect(firstRecent).toBeGreaterThan(lastOld);
    const now = lastOld + 30 * DAY_MS + 1;
    const onlyUids = new Set(everyone);

    const dry = await deleteIdleAnonymousAccounts({ now, dryRun: true, onlyUids });
    expect(dry).toMatchObject({
      dryRun: true,
      accountsScanned: 7,
      anonymousAccounts: 5,
      idleAnonymousAccounts: 3,
      anonymousAccountsDeleted: 0,
      failed: 0,
    });
    for (const uid of everyone) expect(await identity.getAccount(uid)).not.toBeNull();

    // Batches of two: three idle accounts take two delete calls.
    const summary = await deleteIdleAnonymousAccounts({ now, batchSize: 2, onlyUids });
    expect(summary).toMatchObject({
      dryRun: false,
      idleDays: 30,
      idleAnonymousAccounts: 3,
      anonymousAccountsDeleted: 3,
      failed: 0,
      failures: [],
    });

    for (const { uid } of idle) {
      expect(await identity.getAccount(uid)).toBeNull();
      expect(await getPrivateUser(uid)).toBeNull();
    }
    expect(await getStore().get(USERNAMES, usernameKey(`idle-visitor-${idle[0].uid.slice(0, 8)}`), anything)).toBeNull();
    for (const uid of [converted.uid, oldMember.uid, ...recent.map((a) => a.uid)]) {
      expect(await identity.getAccount(uid)).not.toBeNull();
      expect(await getPrivateUser(uid)).toMatchObject({ mostRecentTimeZone: "Europe/Paris" });
    }

    // Run again at the same moment: nothing left to do. The recent ones go once their 30 days pass too.
    expect(await deleteIdleAnonymousAccounts({ now, onlyUids })).toMatchObject({ idleAnonymousAccounts: 0, anonymousAccountsDeleted: 0 });
    expect(await deleteIdleAnonymousAccounts({ now: firstRecent + 31 * DAY_MS, onlyUids })).toMatchObject({ anonymousAccountsDeleted: 2 });
    expect(await identity.getAccount(converted.uid)).not.toBeNull();
  });

  it("finishes member deletions that stopped midway, and refuses a job that names someone else", async () => {
    const store = getStore();
    const half = await signInWithPhone("+15550107003");
    await savePrivateUser(half.uid, { firstName: "Half", lastName: "Deleted" });
    await claimUsername(half.uid, `half-${half.uid.slice(0, 8)}`);
    await store.set(ACCOUNT_DELETIONS, half.uid, { uid: half.uid, requestedAt: Date.now() });

    // The account went, the records did not: finishing must not trip over the missing account.
    const accountGone = await signInWithPhone("+15550107004");
    await savePrivateUser(accountGone.uid, { firstName: "Records", lastName: "Left" });
    await identity.deleteAccount(accountGone.uid);
    await store.set(ACCOUNT_DELETIONS, accountGone.uid, { uid: accountGone.uid, requestedAt: Date.now() });

    const bystander = await signInWithPhone("+15550107005");
    await savePrivateUser(bystander.uid, { firstName: "Not", lastName: "Me" });
    await store.set(ACCOUNT_DELETIONS, "forged-job", { uid: bystander.uid, requestedAt: Date.now() });

    const onlyUids = new Set([half.uid, accountGone.uid, bystander.uid, "forged-job"]);
    const dry = await deleteIdleAnonymousAccounts({ dryRun: true, onlyUids });
    expect(dry).toMatchObject({ deletionJobsFound: 3, deletionJobsFinished: 0 });
    expect(await identity.getAccount(half.uid)).not.toBeNull();

    const summary = await deleteIdleAnonymousAccounts({ onlyUids });
    expect(summary).toMatchObject({ deletionJobsFound: 3, deletionJobsFinished: 2, anonymousAccountsDeleted: 0, failed: 1 });
    expect(summary.failures).toEqual([expect.objectContaining({ uid: "forged-job", step: "deletion_job" })]);

    for (const uid of [half.uid, accountGone.uid]) {
      expect(await identity.getAccount(uid)).toBeNull();
      expect(await getPrivateUser(uid)).toBeNull();
      expect(await store.get(ACCOUNT_DELETIONS, uid, anything)).toBeNull();
    }
    expect(await store.get(USERNAMES, usernameKey(`half-${half.uid.slice(0, 8)}`), anything)).toBeNull();
    expect(await identity.getAccount(bystander.uid)).not.toBeNull();
    expect(await getPrivateUser(bystander.uid)).toMatchObject({ firstName: "Not" });
    expect(await store.get(ACCOUNT_DELETIONS, "forged-job", anything)).not.toBeNull();
  });

  it("refuses an idle period under a day", async () => {
    await expect(deleteIdleAnonymousAccounts({ idleDays: 0 })).rejects.toThrow(RangeError);
  });
});
