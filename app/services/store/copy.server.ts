import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { z } from "zod";
import type { DocumentStore } from "./port.server";

/**
 * Copies every document of one store into another, through the port (issue 37, step 7): the way from
 * the embedded SQLite store to Firestore for a site that outgrows one machine (docs/operating.md).
 *
 * - Idempotent: each document is `set` under its own id, so copying it again writes the same thing.
 * - Resumable: collections go in name order and documents in id order, a page at a time, each page in
 *   one transaction (one commit on Firestore); after each page the position is written to a progress
 *   file, and a run that finds one carries on from there. A run cut between a commit and the progress
 *   file copies that page again, which changes nothing.
 * - Counted: at the end, per collection, the documents in the source, those copied (over every run),
 *   and those found in the target by id (read back in batches), so a gap shows as a number.
 */

const AnyDocument = z.record(z.unknown());

/** Firestore takes at most 500 writes in one commit; pages stay well under it. */
export const MAX_COPY_PAGE = 400;
const CHECK_BATCH = 100;

export interface CopyProgress {
  /** What was copied to what: a progress file for another pair is refused. */
  source: string;
  target: string;
  /** Collections finished, in order. */
  done: string[];
  /** The collection under way and the source's cursor after the last page committed. */
  current: { collection: string; cursor: string | null } | null;
  /** Documents copied per collection, over every run. */
  copied: Record<string, number>;
  finishedAt: string | null;
}

export interface CollectionCount {
  collection: string;
  source: number;
  copied: number;
  inTarget: number;
}

export interface CopyReport {
  /** Documents written by this run. */
  written: number;
  resumed: boolean;
  collections: CollectionCount[];
  /** True when every source document was found in the target. */
  complete: boolean;
}

export class CopyProgressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CopyProgressError";
  }
}

/**
 * Copies `from` into `to`, keeping its place in `progressFile`. `names` says what the two stores are
 * (a path, a project id), so a progress file is never applied to another pair. A finished copy is not
 * repeated unless `again` is set (after more writes reached the source, say); `again` starts over.
 */
export async function copyStore(
  from: DocumentStore,
  to: DocumentStore,
  options: {
    names: { source: string; target: string };
    progressFile: string;
    again?: boolean;
    pageSize?: number;
    onPage?: (collection: string, copied: number) => void;
  },
): Promise<CopyReport> {
  const pageSize = Math.min(Math.max(1, options.pageSize ?? 200), MAX_COPY_PAGE);
  let progress = readProgress(options.progressFile);
  if (progress && (progress.source !== options.names.source || progress.target !== options.names.target)) {
    throw new CopyProgressError(
      `${options.progressFile} records a copy from ${progress.source} to ${progress.target}, not from ${options.names.source} to ${options.names.target}: remove it or name another.`,
    );
  }
  if (progress && options.again) progress = null;
  const resumed = progress !== null && progress.finishedAt === null;
  progress ??= { ...options.names, done: [], current: null, copied: {}, finishedAt: null };
  let written = 0;

  if (!progress.finishedAt) {
    const collections = (await from.listCollections()).sort();
    for (const collection of collections) {
      if (progress.done.includes(collection)) continue;
      let cursor = progress.current?.collection === collection ? progress.current.cursor : null;
      for (;;) {
        const page = await from.query(collection, AnyDocument, { limit: pageSize, cursor });
        if (page.docs.length > 0) {
          await to.transaction(async (tx) => {
            for (const doc of page.docs) tx.set(collection, doc.id, doc.data);
          });
          written += page.docs.length;
          progress.copied[collection] = (progress.copied[collection] ?? 0) + page.docs.length;
        }
        cursor = page.nextCursor;
        progress.current = cursor ? { collection, cursor } : null;
        if (!cursor) progress.done.push(collection);
        writeProgress(options.progressFile, progress);
        options.onPage?.(collection, progress.copied[collection] ?? 0);
        if (!cursor) break;
      }
    }
    progress.finishedAt = new Date().toISOString();
    writeProgress(options.progressFile, progress);
  }

  const counts: CollectionCount[] = [];
  for (const collection of (await from.listCollections()).sort()) {
    let source = 0;
    let inTarget = 0;
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<DocumentStore["query"]>> = await from.query(collection, AnyDocument, { limit: CHECK_BATCH, cursor });
      source += page.docs.length;
      const found = await to.getMany(page.docs.map((doc) => ({ collection, id: doc.id, schema: AnyDocument })));
      inTarget += found.filter((doc) => doc !== null).length;
      cursor = page.nextCursor;
    } while (cursor);
    counts.push({ collection, source, copied: progress.copied[collection] ?? 0, inTarget });
  }
  return { written, resumed, collections: counts, complete: counts.every((count) => count.inTarget === count.source) };
}

function readProgress(file: string): CopyProgress | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as CopyProgress;
  } catch {
    throw new CopyProgressError(`${file} is not a progress file this command wrote: remove it to start over.`);
  }
}

/** Written whole under another name, then renamed: a crash never leaves half a progress file. */
function writeProgress(file: string, progress: CopyProgress) {
  writeFileSync(`${file}.tmp`, `${JSON.stringify(progress, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}
