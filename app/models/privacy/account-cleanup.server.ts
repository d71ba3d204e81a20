import type { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { deleteAccounts, listAccounts, type IdentityAccount } from "~/services/identity/index.server";
import { deletePrivateUserRecords } from "~/models/identity/user.server";
import { ACCOUNT_DELETIONS, AccountDeletionSchema, finishAccountDeletion } from "./account-deletion.server";

/**
 * The clean-up job behind `npm run cleanup:anonymous`. Every visitor gets an anonymous account on
 * their first visit (§4), so accounts pile up: this deletes the anonymous ones nobody has used for a
 * while, with their private records, and finishes member deletions that stopped midway (with
 * everything account-deletion.server.ts removes, so a finished job leaves what a direct one does).
 */

export const DEFAULT_IDLE_DAYS = 30;
/** The most uids the identity provider deletes in one call. */
export const MAX_DELETE_BATCH = 1000;

const DAY_MS = 86_400_000;
// Each record deletion is its own small transaction; a few at a time keeps Firestore busy without a burst.
const RECORD_CONCURRENCY = 8;
const DELETION_JOBS_PAGE = 100;
const MAX_REPORTED_FAILURES = 100;

export interface CleanupOptions {
  /** Anonymous accounts with no activity for this many days are deleted. */
  idleDays?: number;
  /** Unix milliseconds; the job's idea of the present. */
  now?: number;
  /** Accounts per delete call (1 to 1,000). */
  batchSize?: number;
  /** Count what would be deleted, delete nothing. */
  dryRun?: boolean;
  /** Consider only these accounts and deletion jobs (a targeted run; the tests use it to leave other suites' accounts alone). */
  onlyUids?: ReadonlySet<string>;
}

export interface CleanupFailure {
  uid: string;
  step: "records" | "account" | "deletion_job";
  reason: string;
}

export interface CleanupSummary {
  dryRun: boolean;
  idleDays: number;
  /** Anonymous accounts last active before this instant are idle. */
  cutoff: string;
  accountsScanned: number;
  anonymousAccounts: number;
  idleAnonymousAccounts: number;
  anonymousAccountsDeleted: number;
  deletionJobsFound: number;
  deletionJobsFinished: number;
  failed: number;
  /** The first failures, for the log; `failed` counts them all. */
  failures: CleanupFailure[];
}

/**
 * Deletes anonymous accounts idle for `idleDays` (last activity: token refresh or sign-in, else
 * creation), their private records first, then the accounts in batches; and finishes every pending
 * `accountDeletions` job. A failure is counted and the job goes on; the next run retries it.
 */
export async function deleteIdleAnonymousAccounts(options: CleanupOptions = {}): Promise<CleanupSummary> {
  const idleDays = options.idleDays ?? DEFAULT_IDLE_DAYS;
  if (!Number.isFinite(idleDays) || idleDays < 1) throw new RangeError("idleDays must be at least 1");
  const batchSize = Math.min(Math.max(Math.floor(options.batchSize ?? MAX_DELETE_BATCH), 1), MAX_DELETE_BATCH);
  const now = options.now ?? Date.now();
  const cutoff = now - idleDays * DAY_MS;
  const dryRun = options.dryRun ?? false;
  const wanted = (uid: string) => !options.onlyUids || options.onlyUids.has(uid);

  const summary: CleanupSummary = {
    dryRun,
    idleDays,
    cutoff: new Date(cutoff).toISOString(),
    accountsScanned: 0,
    anonymousAccounts: 0,
    idleAnonymousAccounts: 0,
    anonymousAccountsDeleted: 0,
    deletionJobsFound: 0,
    deletionJobsFinished: 0,
    failed: 0,
    failures: [],
  };
  const fail = (uid: string, step: CleanupFailure["step"], error: unknown) => {
    summary.failed += 1;
    if (summary.failures.length < MAX_REPORTED_FAILURES) summary.failures.push({ uid, step, reason: describe(error) });
  };

  // Members asked for these: finish them before the routine sweep.
  await finishDeletionJobs(summary, { dryRun, wanted, fail });

  let pageToken: string | undefined;
  const batch: string[] = [];
  do {
    const page = await listAccounts(pageToken);
    for (const account of page.accounts) {
      if (!wanted(account.uid)) continue;
      summary.accountsScanned += 1;
      if (!account.anonymous) continue;
      summary.anonymousAccounts += 1;
      if (!isIdle(account, cutoff)) continue;
      summary.idleAnonymousAccounts += 1;
      batch.push(account.uid);
      // Listing continues after the last uid listed, so deleting what was already listed skips nothing.
      if (batch.length >= batchSize) await deleteBatch(batch.splice(0), summary, { dryRun, fail });
    }
    pageToken = page.nextPageToken;
  } while (pageToken);
  if (batch.length > 0) await deleteBatch(batch, summary, { dryRun, fail });
  return summary;
}

/** Idle when the last sign of life is older than the cutoff; an account with no dates is kept. */
export function isIdle(account: Pick<IdentityAccount, "lastActiveAt" | "createdAt">, cutoff: number): boolean {
  const lastActivity = account.lastActiveAt ?? account.createdAt;
  return Number.isFinite(lastActivity) && lastActivity < cutoff;
}

async function deleteBatch(
  uids: string[],
  summary: CleanupSummary,
  { dryRun, fail }: { dryRun: boolean; fail: (uid: string, step: CleanupFailure["step"], error: unknown) => void },
) {
  if (dryRun || uids.length === 0) return;
  // Records before accounts: an account left behind is found again next run, a record left behind
  // by a deleted account would never be.
  const cleared: string[] = [];
  await forEachLimited(uids, RECORD_CONCURRENCY, async (uid) => {
    try {
      await deletePrivateUserRecords(uid);
      cleared.push(uid);
    } catch (error) {
      fail(uid, "records", error);
    }
  });
  if (cleared.length === 0) return;
  try {
    const notDeleted = new Set(await deleteAccounts(cleared));
    for (const uid of notDeleted) fail(uid, "account", new Error("the identity provider refused the deletion"));
    summary.anonymousAccountsDeleted += cleared.length - notDeleted.size;
  } catch (error) {
    for (const uid of cleared) fail(uid, "account", error);
  }
}

async function finishDeletionJobs(
  summary: CleanupSummary,
  {
    dryRun,
    wanted,
    fail,
  }: { dryRun: boolean; wanted: (uid: string) => boolean; fail: (uid: string, step: CleanupFailure["step"], error: unknown) => void },
) {
  const store = getStore();
  let cursor: string | null = null;
  do {
    const page: { docs: Array<{ id: string; data: z.output<typeof AccountDeletionSchema> }>; nextCursor: string | null } =
      await store.query(ACCOUNT_DELETIONS, AccountDeletionSchema, { limit: DELETION_JOBS_PAGE, cursor });
    for (const { id, data } of page.docs) {
      if (!wanted(id)) continue;
      summary.deletionJobsFound += 1;
      // The document names whom to delete twice; if they disagree, delete nobody.
      if (data.uid !== id) {
        fail(id, "deletion_job", new Error(`the job names ${data.uid}, not ${id}`));
        continue;
      }
      if (dryRun) continue;
      try {
        await finishAccountDeletion(id);
        summary.deletionJobsFinished += 1;
      } catch (error) {
        fail(id, "deletion_job", error);
      }
    }
    cursor = page.nextCursor;
  } while (cursor);
}

async function forEachLimited<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
  return String(error);
}
