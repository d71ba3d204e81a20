import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { countJobRun } from "~/lib/metrics.server";

/**
 * Per-run leases for the background jobs (docs/decisions/041-several-instances-and-shutdown.md): before
 * a run, an instance takes the job's lease document in a transaction; an instance that finds it held
 * and unexpired skips that tick. The lease is given back when the run ends, so the next tick may be
 * any instance's: no instance is elected for good. A lease whose holder was killed expires after its
 * time to live, and the job is taken up again by whoever ticks next.
 */

export const JOB_LEASES = "jobLeases";

const LeaseSchema = z.object({
  job: z.string(),
  holder: z.string(),
  takenAt: z.number(),
  until: z.number(),
});

/** This process, as lease holders are named: host, pid and a random part (a restarted pid is another holder). */
export const LEASE_HOLDER = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

const held = new Set<string>();

function leaseId(job: string): string {
  return job.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

/**
 * Runs `run` if this process can take `job`'s lease for `ttlMs`; resolves `{ ran: false }` when another
 * holder has it. The lease is released when `run` settles, whether it succeeded or threw.
 */
export async function withJobLease<T>(
  job: string,
  ttlMs: number,
  run: () => Promise<T>,
  options: { now?: () => number; holder?: string } = {},
): Promise<{ ran: true; result: T } | { ran: false; holder: string }> {
  const now = options.now ?? Date.now;
  const holder = options.holder ?? LEASE_HOLDER;
  const id = leaseId(job);
  const started = process.hrtime.bigint();
  // Every tick is counted (docs/operating.md): run and ok, run and failed (the lease itself included), or skipped.
  const elapsed = () => Number(process.hrtime.bigint() - started) / 1e9;
  let taken: string | null;
  try {
    taken = await getStore().transaction(async (tx) => {
      const lease = await tx.get(JOB_LEASES, id, LeaseSchema);
      if (lease && lease.holder !== holder && lease.until > now()) return lease.holder;
      tx.set(JOB_LEASES, id, { job, holder, takenAt: now(), until: now() + ttlMs });
      return null;
    });
  } catch (error) {
    countJobRun(id, "failed", elapsed());
    throw error;
  }
  if (taken !== null) {
    countJobRun(id, "skipped");
    return { ran: false, holder: taken };
  }
  held.add(id);
  try {
    const result = await run();
    countJobRun(id, "ok", elapsed());
    return { ran: true, result };
  } catch (error) {
    countJobRun(id, "failed", elapsed());
    throw error;
  } finally {
    await releaseLease(id, holder).catch(() => undefined);
    held.delete(id);
  }
}

async function releaseLease(id: string, holder: string) {
  await getStore().transaction(async (tx) => {
    const lease = await tx.get(JOB_LEASES, id, LeaseSchema);
    // Expired and taken by another meanwhile: theirs now, left alone.
    if (lease?.holder === holder) tx.delete(JOB_LEASES, id);
  });
}

/** The leases this process holds right now. */
export function heldLeases(): string[] {
  return [...held];
}

/**
 * Gives back every lease this process still holds: a shutdown whose job runs did not end in time, just
 * before the process exits and its store closes (so the cut run writes nothing more). The next tick
 * anywhere takes the job up at once instead of after the lease's time to live; what the cut run had
 * begun is claimed per item (mail by its key, analytics by insert_id), so nothing goes twice.
 */
export async function releaseHeldLeases(holder: string = LEASE_HOLDER): Promise<void> {
  await Promise.all([...held].map((id) => releaseLease(id, holder).catch(() => undefined)));
  held.clear();
}
