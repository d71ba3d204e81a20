// Backing up, restoring and moving the embedded store (docs/operating.md). Needs the server build
// (npm run build): the commands are imported from it, as scripts/seed.js does.
//
//   npm run store:backup [-- --to <file>]
//       SQLite's online backup of SQLITE_PATH into a new file (default: backups/ beside it, named for
//       the moment), safe while the server runs; prints its size, time and documents per collection.
//   npm run store:restore -- <backup> [--to <file>] [--replace]
//       The backup into a new file (--to; default SQLITE_PATH, refused if it exists). --replace puts it
//       in place of an existing database, refused while a process has that open; the old file is kept
//       as <file>.replaced-<time>.
//   npm run store:copy [-- --project <id>] [--again] [--page <n>]
//       Every document of SQLITE_PATH into Firestore (FIREBASE_PROJECT_ID, or --project), through the
//       store port's Firestore driver: idempotent, resumable (its place is kept in a progress file
//       beside the database), and a count per collection at the end. --again copies everything anew.
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");
process.env.NODE_ENV ??= "production";

const [command, ...rest] = process.argv.slice(2);
const flags = new Set(rest.filter((arg) => arg === "--replace" || arg === "--again"));
const valueOf = (name) => {
  const at = rest.indexOf(name);
  return at >= 0 ? rest[at + 1] : undefined;
};
const positional = rest.filter((arg, i) => !arg.startsWith("--") && !(i > 0 && ["--to", "--project", "--page"].includes(rest[i - 1])));

const USAGE =
  "usage: node scripts/store.js backup [--to <file>] | restore <backup> [--to <file>] [--replace] | copy [--project <id>] [--again] [--page <n>]";
if (!["backup", "restore", "copy"].includes(command)) {
  console.error(USAGE);
  process.exit(2);
}

const build = await import("../build/index.js");
const store = build.entry.module.storeCommands;
const sqlitePath = process.env.SQLITE_PATH || "./data/stillhour.sqlite";

/** A report as a short table: collection and its counts. */
function printCounts(rows, columns) {
  const header = ["collection", ...columns];
  const lines = [header, ...rows.map((row) => [row.collection, ...columns.map((c) => String(row[c]))])];
  const widths = header.map((_, i) => Math.max(...lines.map((line) => line[i].length)));
  for (const line of lines) console.log(line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "));
}

try {
  if (command === "backup") {
    const report = await store.backupSqliteStore(sqlitePath, valueOf("--to") ?? store.defaultBackupPath(sqlitePath));
    console.log(
      `Backed up ${sqlitePath} to ${report.file}: ${report.documents} documents, ${(report.bytes / 1024 / 1024).toFixed(1)} MB, in ${report.ms} ms.`,
    );
    printCounts(
      Object.entries(report.collections).map(([collection, documents]) => ({ collection, documents })),
      ["documents"],
    );
  } else if (command === "restore") {
    const backup = positional[0];
    if (!backup) {
      console.error(USAGE);
      process.exit(2);
    }
    const target = valueOf("--to") ?? sqlitePath;
    const report = await store.restoreSqliteStore(backup, target, { replace: flags.has("--replace") });
    console.log(
      `Restored ${backup} to ${report.file}: ${report.documents} documents in ${report.ms} ms.${report.replaced ? ` The database it replaced is kept as ${report.replaced}.` : ""}`,
    );
    printCounts(
      Object.entries(report.collections).map(([collection, documents]) => ({ collection, documents })),
      ["documents"],
    );
  } else {
    const projectId = valueOf("--project") ?? process.env.FIREBASE_PROJECT_ID;
    if (!projectId) {
      console.error("Name the Firestore project: FIREBASE_PROJECT_ID, or --project <id>.");
      process.exit(2);
    }
    const page = valueOf("--page");
    let last = "";
    const report = await store.copySqliteToFirestore({
      sqlitePath,
      projectId,
      again: flags.has("--again"),
      pageSize: page ? Number(page) : undefined,
      onPage: (collection, copied) => {
        if (collection !== last) process.stdout.write(`${last ? "\n" : ""}${collection}: `);
        last = collection;
        process.stdout.write(`${copied} `);
      },
    });
    if (last) process.stdout.write("\n");
    console.log(
      `${report.resumed ? "Resumed and copied" : "Copied"} ${report.written} documents this run (progress in ${report.progressFile}).`,
    );
    printCounts(report.collections, ["source", "copied", "inTarget"]);
    if (!report.complete) {
      console.error("Some documents of the source are not in Firestore: run the copy again with --again.");
      process.exit(1);
    }
  }
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error && ["StoreFileError", "CopyProgressError"].includes(error.name) ? error.message : error);
  process.exit(1);
}
