import { withBatchedGets } from "~/services/store/batched-gets.server";

/**
 * Runs a loader's reads so that the store gets it starts together go out as one batched read
 * (one round trip; ADR 042). For pages that show several of one member's documents at once.
 */
export function readTogether<T>(fn: () => Promise<T>): Promise<T> {
  return withBatchedGets(fn);
}
