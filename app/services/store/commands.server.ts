import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { copyStore, type CopyReport } from "./copy.server";
import { createFirestoreStore } from "./firestore.server";
import { createSqliteStore } from "./sqlite.server";
import { StoreFileError } from "./sqlite-backup.server";

export { backupSqliteStore, defaultBackupPath, restoreSqliteStore, StoreFileError } from "./sqlite-backup.server";

/**
 * `npm run store:copy` (scripts/store.js): the embedded store at `sqlitePath` copied into the Firestore
 * project `projectId`, through the port's two drivers (copy.server.ts). Credentials are the Admin SDK's
 * usual ones (GOOGLE_APPLICATION_CREDENTIALS, or the platform's); FIRESTORE_EMULATOR_HOST points it at
 * an emulator instead.
 */
export async function copySqliteToFirestore(options: {
  sqlitePath: string;
  projectId: string;
  progressFile?: string;
  again?: boolean;
  pageSize?: number;
  onPage?: (collection: string, copied: number) => void;
}): Promise<CopyReport & { progressFile: string }> {
  const sqlitePath = resolve(options.sqlitePath);
  // The driver would make an empty database at a mistyped path: there is nothing to copy from there.
  if (!existsSync(sqlitePath)) throw new StoreFileError(`There is no database at ${sqlitePath}.`);
  const progressFile = options.progressFile ?? `${sqlitePath}.copy-to-${options.projectId}.json`;
  const from = createSqliteStore(sqlitePath);
  const to = createFirestoreStore({ projectId: options.projectId });
  try {
    const report = await copyStore(from, to, {
      names: { source: sqlitePath, target: `firestore:${options.projectId}` },
      progressFile,
      again: options.again,
      pageSize: options.pageSize,
      onPage: options.onPage,
    });
    return { ...report, progressFile };
  } finally {
    await from.close();
    await to.close();
  }
}
