import { z } from "zod";
import { getStore } from "~/services/db.server";
import { deleteAccount } from "~/services/identity.server";
import { deletePrivateUserRecords } from "./user.server";

/**
 * Deleting an account: the auth account, `privateUsers` and the username go together. A job
 * document is written first; each step is safe to repeat; the job is removed only when all are done.
 * If a step fails, the job stays and `npm run cleanup:anonymous` (or the next attempt) finishes it,
 * so nothing is left half-deleted for good.
 */
export const ACCOUNT_DELETIONS = "accountDeletions";
const DeletionJobSchema = z.object({ uid: z.string(), requestedAt: z.number() });

export async function deleteAccountCompletely(uid: string): Promise<{ ok: true } | { ok: false }> {
  const store = getStore();
  await store.createIfAbsent(ACCOUNT_DELETIONS, uid, { uid, requestedAt: Date.now() });
  try {
    await deleteAccount(uid);
    await deletePrivateUserRecords(uid);
    await store.delete(ACCOUNT_DELETIONS, uid);
    return { ok: true };
  } catch (error) {
    console.error(JSON.stringify({ level: "error", msg: "account deletion unfinished; the job will retry", uid, cause: String(error) }));
    return { ok: false };
  }
}

/** True while a deletion for this person is still being finished. */
export async function deletionPending(uid: string): Promise<boolean> {
  return (await getStore().get(ACCOUNT_DELETIONS, uid, DeletionJobSchema)) !== null;
}
