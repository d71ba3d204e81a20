import { existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import Database from "better-sqlite3";

/**
 * Backing up and restoring the embedded store (issue 37, step 7; docs/operating.md). Both use SQLite's
 * online backup (better-sqlite3's `db.backup()`), which copies the database page by page through a
 * connection of its own: safe while the server runs, since in WAL mode a reader sees one committed
 * state and writers go on beside it. The copy is made in a single step, inside one read snapshot: a
 * backup taken in small steps starts over whenever another process writes between them, so under a
 * steady trickle of writes it might never finish. A file is written under a temporary name, checked
 * (`integrity_check`, the documents table), and only then given its name: a backup cut short leaves
 * no file that looks whole.
 */

/** Pages per backup step: everything in one step (better-sqlite3 clamps it to 2^31 - 1). */
const ALL_PAGES = 0x7fffffff;

export interface StoreFileReport {
  file: string;
  bytes: number;
  ms: number;
  documents: number;
  /** Documents per collection, by name. */
  collections: Record<string, number>;
}

export class StoreFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StoreFileError";
  }
}

/** Where a backup of `sqlitePath` goes by default: `backups/` beside it, named for the moment it was taken. */
export function defaultBackupPath(sqlitePath: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  return join(dirname(sqlitePath), "backups", `${basename(sqlitePath, ".sqlite")}-${stamp}.sqlite`);
}

/**
 * Copies the live database at `source` into a new file `destination` (refused if it exists), while the
 * server may be running and writing. Resolves with the copy's size, time and documents per collection.
 */
export async function backupSqliteStore(source: string, destination: string): Promise<StoreFileReport> {
  if (!existsSync(source)) throw new StoreFileError(`There is no database at ${source}.`);
  if (existsSync(destination)) throw new StoreFileError(`${destination} already exists: a backup is always a new file.`);
  mkdirSync(dirname(destination), { recursive: true });
  const started = performance.now();
  const partial = `${destination}.partial`;
  rmSync(partial, { force: true });
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(partial, { progress: () => ALL_PAGES });
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
  return finish(partial, destination, started, "DELETE");
}

/**
 * Restores the backup `backup` as the database at `target`. A new file by default: an existing
 * `target` is refused unless `replace` is set, and even then while any process has it open (a running
 * server). The file replaced is kept beside it as `<target>.replaced-<time>`.
 */
export async function restoreSqliteStore(
  backup: string,
  target: string,
  options: { replace?: boolean; now?: Date } = {},
): Promise<StoreFileReport & { replaced: string | null }> {
  if (!existsSync(backup)) throw new StoreFileError(`There is no backup at ${backup}.`);
  checkWhole(backup);
  let replaced: string | null = null;
  if (existsSync(target)) {
    if (!options.replace) {
      throw new StoreFileError(
        `${target} already exists. Restore into a new file (--to <path>) and point SQLITE_PATH at it, or stop the server and pass --replace to put the backup in its place.`,
      );
    }
    if (isOpenElsewhere(target))
      throw new StoreFileError(`${target} is open in another process (a running server?): stop it first, then restore with --replace.`);
    replaced = `${target}.replaced-${(options.now ?? new Date()).toISOString().replace(/[:.]/g, "-")}`;
  }
  mkdirSync(dirname(target), { recursive: true });
  const started = performance.now();
  const partial = `${target}.restoring`;
  rmSync(partial, { force: true });
  const db = new Database(backup, { readonly: true, fileMustExist: true });
  try {
    await db.backup(partial, { progress: () => ALL_PAGES });
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
  if (replaced) {
    // Checked closed above; what it held is kept, never deleted by a restore.
    renameSync(target, replaced);
    for (const suffix of ["-wal", "-shm"]) rmSync(`${target}${suffix}`, { force: true });
  }
  return { ...finish(partial, target, started, "WAL"), replaced };
}

/** Checks a freshly written copy, sets its journal mode, and gives it its name. */
function finish(partial: string, destination: string, started: number, journal: "DELETE" | "WAL"): StoreFileReport {
  try {
    const counted = checkWhole(partial);
    const db = new Database(partial, { fileMustExist: true });
    // A backup stands alone as one file; a restored database runs as the server runs it.
    db.pragma(`journal_mode = ${journal}`);
    db.close();
    renameSync(partial, destination);
    return { file: destination, bytes: statSync(destination).size, ms: Math.round(performance.now() - started), ...counted };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** A database file that passes SQLite's integrity check and holds the documents table: its counts. */
function checkWhole(file: string): { documents: number; collections: Record<string, number> } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma("integrity_check", { simple: true });
    if (integrity !== "ok") throw new StoreFileError(`${file} failed SQLite's integrity check: ${String(integrity)}`);
    const table = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'documents'").get();
    if (!table) throw new StoreFileError(`${file} is not a Stillhour store (no documents table).`);
    const rows = db
      .prepare<[], { collection: string; n: number }>(
        "SELECT collection, COUNT(*) AS n FROM documents GROUP BY collection ORDER BY collection",
      )
      .all();
    return {
      documents: rows.reduce((sum, row) => sum + row.n, 0),
      collections: Object.fromEntries(rows.map((row) => [row.collection, row.n])),
    };
  } catch (error) {
    if (error instanceof StoreFileError) throw error;
    throw new StoreFileError(`${file} could not be read as a SQLite database: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    db.close();
  }
}

/**
 * Whether another process has the database open. In WAL mode every open connection keeps a shared
 * lock on the file, so an exclusive lock is refused (SQLITE_BUSY) while a server has it.
 */
function isOpenElsewhere(file: string): boolean {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { fileMustExist: true, timeout: 0 });
    db.pragma("locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE; COMMIT");
    return false;
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith("SQLITE_BUSY")) return true;
    throw error;
  } finally {
    db?.close();
  }
}
