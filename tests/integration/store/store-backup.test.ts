import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createSqliteStore } from "../../../app/services/store/sqlite.server";
import { backupSqliteStore, defaultBackupPath, restoreSqliteStore, StoreFileError } from "../../../app/services/store/sqlite-backup.server";
import type { DocumentStore } from "../../../app/services/store/port.server";
import { seedDemoContent } from "../../../app/demo/seed.server";

/**
 * Issue 37, step 7: the embedded store backed up while another process keeps writing to it (as a
 * running server does), restored into a new file, and every document found there; a restore never
 * overwrites a database without being told, nor one a process has open.
 */

const dir = mkdtempSync(join(tmpdir(), "stillhour-backup-"));
const live = join(dir, "stillhour.sqlite");
const Any = z.record(z.unknown());
let writer: ChildProcess | undefined;

/** Every document of a store, as `collection/id` → its JSON. */
async function everyDocument(store: DocumentStore): Promise<Map<string, string>> {
  const all = new Map<string, string>();
  for (const collection of await store.listCollections()) {
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<DocumentStore["query"]>> = await store.query(collection, Any, { limit: 500, cursor });
      for (const doc of page.docs) all.set(`${collection}/${doc.id}`, JSON.stringify(doc.data));
      cursor = page.nextCursor;
    } while (cursor);
  }
  return all;
}

/**
 * Another process writing to the live file without pause, as the server would: one document a
 * millisecond or so, each in its own transaction, saying on stdout which ones have committed.
 */
function startWriter(file: string): { process: ChildProcess; committed: () => number } {
  const sqlite = createRequire(import.meta.url).resolve("better-sqlite3");
  const code = `
    const Database = require(${JSON.stringify(sqlite)});
    const db = new Database(${JSON.stringify(file)});
    db.pragma("journal_mode = WAL");
    db.pragma("busy_timeout = 1000");
    const insert = db.prepare("INSERT INTO documents (collection, id, data, version) VALUES ('backupProbes', ?, ?, 1)");
    let n = 0;
    const tick = () => {
      for (let i = 0; i < 5; i++) { n += 1; insert.run(String(n).padStart(8, "0"), JSON.stringify({ n, at: Date.now() })); }
      process.stdout.write(n + "\\n");
      setTimeout(tick, 1);
    };
    tick();`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  let committed = 0;
  child.stdout!.setEncoding("utf8").on("data", (text: string) => {
    const last = text.trim().split("\n").at(-1);
    if (last) committed = Number(last);
  });
  return { process: child, committed: () => committed };
}

beforeAll(async () => {
  const store = createSqliteStore(live);
  await seedDemoContent(store);
  await store.close();
}, 60_000);

afterAll(() => {
  writer?.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describe("store:backup and store:restore", () => {
  it("backs up while another process writes, and the restored copy holds every document committed before it began", async () => {
    const before = createSqliteStore(live);
    const seeded = await everyDocument(before);
    await before.close();
    expect(seeded.size).toBeGreaterThan(100);

    const started = startWriter(live);
    writer = started.process;
    while (started.committed() < 200) await new Promise((resolve) => setTimeout(resolve, 5));
    const committedBefore = started.committed();
    const destination = defaultBackupPath(live, new Date("2026-12-01T09:30:00Z"));
    const report = await backupSqliteStore(live, destination);
    const writesDuring = started.committed();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(started.committed()).toBeGreaterThan(writesDuring); // the writer was never stopped by it
    writer.kill("SIGKILL");

    expect(report.file).toBe(join(dir, "backups", "stillhour-2026-12-01T09-30-00-000Z.sqlite"));
    expect(report.bytes).toBeGreaterThan(0);
    expect(report.collections.backupProbes).toBeGreaterThanOrEqual(committedBefore);
    expect(readdirSync(join(dir, "backups"))).toEqual(["stillhour-2026-12-01T09-30-00-000Z.sqlite"]); // no .partial left, one file (no -wal)
    console.log(JSON.stringify({ backupMs: report.ms, bytes: report.bytes, documents: report.documents }));

    const restoredFile = join(dir, "restored", "stillhour.sqlite");
    const restored = await restoreSqliteStore(destination, restoredFile);
    expect(restored.replaced).toBeNull();
    expect(restored.documents).toBe(report.documents);
    const store = createSqliteStore(restoredFile);
    try {
      const found = await everyDocument(store);
      for (const [key, data] of seeded) expect(found.get(key), key).toBe(data);
      const probes = [...found.keys()].filter((key) => key.startsWith("backupProbes/")).length;
      expect(probes).toBeGreaterThanOrEqual(committedBefore);
      // Whole, not torn: the probes are 1..n with no gap.
      expect(found.has(`backupProbes/${String(probes).padStart(8, "0")}`)).toBe(true);
      expect(found.has(`backupProbes/${String(probes + 1).padStart(8, "0")}`)).toBe(false);
      // The restored file is a working store: it takes writes.
      await store.set("backupProbes", "after-restore", { ok: true });
      expect(await store.get("backupProbes", "after-restore", Any)).toEqual({ ok: true });
    } finally {
      await store.close();
    }
  }, 60_000);

  it("refuses to overwrite a database without --replace, or one a process has open, and keeps the one it replaces", async () => {
    const backup = join(dir, "for-restore.sqlite");
    await backupSqliteStore(live, backup);
    await expect(backupSqliteStore(live, backup)).rejects.toThrow("already exists");
    await expect(restoreSqliteStore(backup, live)).rejects.toThrow(StoreFileError);
    await expect(restoreSqliteStore(backup, live)).rejects.toThrow("--replace");

    const open = createSqliteStore(live);
    try {
      await expect(restoreSqliteStore(backup, live, { replace: true })).rejects.toThrow("open in another process");
    } finally {
      await open.close();
    }
    const changed = createSqliteStore(live);
    await changed.set("backupProbes", "only-in-the-old-file", { kept: true });
    await changed.close();

    const result = await restoreSqliteStore(backup, live, { replace: true, now: new Date("2026-12-01T10:00:00Z") });
    expect(result.replaced).toBe(`${live}.replaced-2026-12-01T10-00-00-000Z`);
    const restored = createSqliteStore(live);
    const old = createSqliteStore(result.replaced!);
    try {
      expect(await restored.get("backupProbes", "only-in-the-old-file", Any)).toBeNull();
      expect(await old.get("backupProbes", "only-in-the-old-file", Any)).toEqual({ kept: true });
    } finally {
      await restored.close();
      await old.close();
    }
  });

  it("refuses a file that is not a backup of the store, and a source that does not exist", async () => {
    await expect(backupSqliteStore(join(dir, "missing.sqlite"), join(dir, "x.sqlite"))).rejects.toThrow("There is no database");
    const notStore = join(dir, "other.sqlite");
    const Database = createRequire(import.meta.url)("better-sqlite3") as typeof import("better-sqlite3");
    const other = new Database(notStore);
    other.exec("CREATE TABLE t (x)");
    other.close();
    await expect(restoreSqliteStore(notStore, join(dir, "y.sqlite"))).rejects.toThrow("not a Stillhour store");
    expect(existsSync(join(dir, "y.sqlite"))).toBe(false);
  });
});
