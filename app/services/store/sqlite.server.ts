import { EventEmitter } from "node:events";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import type { z } from "zod";
import {
  DocumentExistsError,
  DocumentMissingError,
  decodeCursor,
  effectiveOrder,
  encodeCursor,
  parseDocument,
  type DocumentData,
  type DocumentRef,
  type DocumentStore,
  type ManyResults,
  type QueryOptions,
  type TransactionContext,
  type WhereClause,
} from "./port.server";

type Row = { id: string; data: string; version: number };
type ReadMark = { version: number; data: string | null };
type PendingWrite =
  | { kind: "create" | "set"; collection: string; id: string; data: DocumentData }
  | { kind: "update"; collection: string; id: string; data: DocumentData }
  | { kind: "delete"; collection: string; id: string };

const FIELD_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
const MAX_TRANSACTION_ATTEMPTS = 25;
/** Ids per `IN (…)` list, well under SQLite's bound-parameter limit. */
const MAX_IN_IDS = 500;
const MAX_STATEMENTS = 500;

const BUSY_TIMEOUT_MS = 2;
/** How long a write keeps trying for the write lock before it fails, as the old busy timeout did. */
const WRITE_LOCK_PATIENCE_MS = 5_000;

class ContentionError extends Error {}

const isBusy = (error: unknown) => (error as { code?: string } | null)?.code === "SQLITE_BUSY";

/** Runs a write, waiting for another process's write lock without blocking this one's event loop. */
async function withWriteLock<T>(write: () => T): Promise<T> {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return write();
    } catch (error) {
      if (!isBusy(error) || Date.now() - started > WRITE_LOCK_PATIENCE_MS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1 + Math.random() * Math.min(2 ** attempt, 25)));
    }
  }
}

/** Embedded driver: one JSON document per row, optimistic transactions checked by row version. */
export function createSqliteStore(file: string): DocumentStore {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  // Only a moment's wait inside SQLite: its busy handler sleeps synchronously, which would stop this
  // whole process while another process holds the write lock. A write that still finds the lock taken
  // waits asynchronously and tries again (withWriteLock), so other requests go on meanwhile.
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.exec(`CREATE TABLE IF NOT EXISTS documents (
    collection TEXT NOT NULL,
    id TEXT NOT NULL,
    data TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (collection, id)
  ) WITHOUT ROWID`);

  const selectOne = db.prepare<[string, string], Row>("SELECT id, data, version FROM documents WHERE collection = ? AND id = ?");
  const insertOne = db.prepare("INSERT INTO documents (collection, id, data, version) VALUES (?, ?, ?, 1)");
  const upsertOne = db.prepare(
    `INSERT INTO documents (collection, id, data, version) VALUES (?, ?, ?, 1)
     ON CONFLICT (collection, id) DO UPDATE SET data = excluded.data, version = version + 1`,
  );
  const updateOne = db.prepare("UPDATE documents SET data = ?, version = version + 1 WHERE collection = ? AND id = ?");
  const deleteOne = db.prepare("DELETE FROM documents WHERE collection = ? AND id = ?");

  // Queries are built from their options, so the same few statements come back on every page view:
  // each is prepared once (preparing was 1.6 % of a member page's server time). Bounded all the same.
  const statements = new Map<string, Database.Statement>();
  function statement(sql: string): Database.Statement {
    let prepared = statements.get(sql);
    if (!prepared) {
      prepared = db.prepare(sql);
      if (statements.size >= MAX_STATEMENTS) statements.clear();
      statements.set(sql, prepared);
    }
    return prepared;
  }

  const changes = new EventEmitter();
  changes.setMaxListeners(0);
  let reads = 0;
  // One transaction at a time in this process: callers queue instead of retrying against each other.
  let transactionQueue: Promise<unknown> = Promise.resolve();

  function readRaw(collection: string, id: string): Row | undefined {
    reads += 1;
    return selectOne.get(collection, id);
  }

  function applyWrite(write: PendingWrite) {
    switch (write.kind) {
      case "create": {
        if (selectOne.get(write.collection, write.id)) throw new DocumentExistsError(write.collection, write.id);
        insertOne.run(write.collection, write.id, JSON.stringify(write.data));
        break;
      }
      case "set":
        upsertOne.run(write.collection, write.id, JSON.stringify(write.data));
        break;
      case "update": {
        const row = selectOne.get(write.collection, write.id);
        if (!row) throw new DocumentMissingError(write.collection, write.id);
        const merged = mergePatch(JSON.parse(row.data), write.data);
        updateOne.run(JSON.stringify(merged), write.collection, write.id);
        break;
      }
      case "delete":
        deleteOne.run(write.collection, write.id);
        break;
    }
  }

  function notify(writes: PendingWrite[]) {
    for (const write of writes) changes.emit(`${write.collection}/${write.id}`);
  }

  const commitWrites = db.transaction((writes: PendingWrite[], readVersions: Map<string, ReadMark>) => {
    for (const [key, seen] of readVersions) {
      const [collection, id] = splitKey(key);
      const row = selectOne.get(collection, id);
      // Versions restart at 1 when a document is deleted and created again, so compare the data as well.
      if ((row?.version ?? 0) !== seen.version || (row?.data ?? null) !== seen.data) throw new ContentionError();
    }
    for (const write of writes) applyWrite(write);
  });

  const readMany = db.transaction((read: (byCollection: Map<string, string[]>) => void, byCollection: Map<string, string[]>) =>
    read(byCollection),
  );

  async function runWrite(write: PendingWrite) {
    await withWriteLock(() => commitWrites.immediate([write], new Map()));
    notify([write]);
  }

  async function attemptTransaction<T>(fn: (tx: TransactionContext) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const readVersions = new Map<string, ReadMark>();
      const writes: PendingWrite[] = [];
      const tx: TransactionContext = {
        async get(collection, id, schema) {
          if (writes.length > 0) throw new Error("Transactions must read before they write");
          const row = readRaw(collection, id);
          readVersions.set(`${collection}/${id}`, { version: row?.version ?? 0, data: row?.data ?? null });
          return row ? parseDocument(schema, collection, id, JSON.parse(row.data)) : null;
        },
        create: (collection, id, data) => void writes.push({ kind: "create", collection, id, data }),
        set: (collection, id, data) => void writes.push({ kind: "set", collection, id, data }),
        update: (collection, id, data) => void writes.push({ kind: "update", collection, id, data }),
        delete: (collection, id) => void writes.push({ kind: "delete", collection, id }),
      };
      const result = await fn(tx);
      try {
        // Nothing to write: what was read is checked in a read transaction, which needs no write lock.
        if (writes.length === 0) commitWrites.deferred(writes, readVersions);
        else await withWriteLock(() => commitWrites.immediate(writes, readVersions));
      } catch (error) {
        // Another process changed what we read: run the whole function again, as Firestore does.
        if (error instanceof ContentionError && attempt < MAX_TRANSACTION_ATTEMPTS) {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
          continue;
        }
        throw error;
      }
      notify(writes);
      return result;
    }
  }

  const store: DocumentStore = {
    driver: "sqlite",

    async get(collection, id, schema) {
      const row = readRaw(collection, id);
      return row ? parseDocument(schema, collection, id, JSON.parse(row.data)) : null;
    },

    async getMany<R extends readonly DocumentRef[]>(refs: R) {
      // One statement per collection (`id IN (…)`), all inside one read transaction: one snapshot.
      const found = new Map<string, Row>();
      readMany((byCollection: Map<string, string[]>) => {
        for (const [collection, ids] of byCollection) {
          for (let start = 0; start < ids.length; start += MAX_IN_IDS) {
            const chunk = ids.slice(start, start + MAX_IN_IDS);
            const rows = statement(
              `SELECT id, data, version FROM documents WHERE collection = ? AND id IN (${chunk.map(() => "?").join(", ")})`,
            ).all(collection, ...chunk) as Row[];
            for (const row of rows) found.set(`${collection}/${row.id}`, row);
          }
        }
      }, groupIds(refs));
      reads += refs.length;
      return refs.map(({ collection, id, schema }) => {
        const row = found.get(`${collection}/${id}`);
        return row ? parseDocument(schema, collection, id, JSON.parse(row.data)) : null;
      }) as ManyResults<R>;
    },

    async query<S extends z.ZodTypeAny>(collection: string, schema: S, options: QueryOptions = {}) {
      const { sql, params, order } = buildQuery(collection, options);
      const rows = statement(sql).all(...params) as Row[];
      reads += Math.max(rows.length, 1);
      const docs: { id: string; data: z.output<S> }[] = [];
      const raws = rows.map((row) => ({ id: row.id, data: JSON.parse(row.data) as DocumentData }));
      for (const raw of raws) {
        const parsed = parseDocument(schema, collection, raw.id, raw.data);
        if (parsed !== null) docs.push({ id: raw.id, data: parsed });
      }
      const full = options.limit !== undefined && rows.length === options.limit;
      const last = raws.at(-1);
      const nextCursor = full && last ? encodeCursor([...order.map((o) => readPath(last.data, o.field) ?? null), last.id]) : null;
      return { docs, nextCursor };
    },

    async createIfAbsent(collection, id, data) {
      try {
        await runWrite({ kind: "create", collection, id, data });
        return true;
      } catch (error) {
        if (error instanceof DocumentExistsError) return false;
        throw error;
      }
    },

    async set(collection, id, data) {
      await runWrite({ kind: "set", collection, id, data });
    },

    async update(collection, id, patch) {
      await runWrite({ kind: "update", collection, id, data: patch });
    },

    async delete(collection, id) {
      await runWrite({ kind: "delete", collection, id });
    },

    transaction<T>(fn: (tx: TransactionContext) => Promise<T>): Promise<T> {
      const run = transactionQueue.then(() => attemptTransaction(fn));
      transactionQueue = run.catch(() => undefined);
      return run;
    },

    watch(collection, id, schema, onChange) {
      const key = `${collection}/${id}`;
      let active = true;
      const emit = () => {
        // The first call is queued: an unsubscribe before it runs must silence it too.
        if (!active) return;
        const row = readRaw(collection, id);
        onChange(row ? parseDocument(schema, collection, id, JSON.parse(row.data)) : null);
      };
      changes.on(key, emit);
      queueMicrotask(emit);
      return () => {
        active = false;
        changes.off(key, emit);
      };
    },

    async listCollections() {
      return db
        .prepare<[], { collection: string }>("SELECT DISTINCT collection FROM documents ORDER BY collection")
        .all()
        .map((row) => row.collection);
    },

    readCount: () => reads,

    async close() {
      db.close();
    },
  };
  return store;
}

/** The distinct ids to read, by collection. */
function groupIds(refs: readonly DocumentRef[]): Map<string, string[]> {
  const byCollection = new Map<string, Set<string>>();
  for (const { collection, id } of refs) {
    const ids = byCollection.get(collection) ?? new Set<string>();
    ids.add(id);
    byCollection.set(collection, ids);
  }
  return new Map([...byCollection].map(([collection, ids]) => [collection, [...ids]]));
}

function splitKey(key: string): [string, string] {
  const slash = key.indexOf("/");
  return [key.slice(0, slash), key.slice(slash + 1)];
}

function jsonPath(field: string): string {
  if (!FIELD_PATTERN.test(field)) throw new Error(`Unsupported field path: ${field}`);
  return `$.${field}`;
}

function sqlValue(value: unknown): unknown {
  return typeof value === "boolean" ? (value ? 1 : 0) : value;
}

function buildQuery(collection: string, options: QueryOptions) {
  const params: unknown[] = [collection];
  const conditions = ["collection = ?"];
  for (const clause of options.where ?? []) {
    conditions.push(whereSql(clause, params));
  }
  const order = effectiveOrder(options);
  // The id tiebreaker follows the last direction, as Firestore's implicit one does.
  const idDirection = order.at(-1)?.direction ?? "asc";
  // Firestore leaves out documents that lack an ordered field; so do we.
  for (const o of order) conditions.push(`json_type(data, '${jsonPath(o.field)}') IS NOT NULL`);

  const cursor = decodeCursor(options.cursor, order.length + 1);
  if (cursor) {
    // Lexicographic "after" over (order fields..., id), each in its own direction.
    const keys = [
      ...order.map((o) => ({ expr: `json_extract(data, '${jsonPath(o.field)}')`, dir: o.direction })),
      { expr: "id", dir: idDirection },
    ];
    const alternatives: string[] = [];
    keys.forEach((key, index) => {
      const parts: string[] = [];
      for (let j = 0; j < index; j++) {
        parts.push(`${keys[j].expr} = ?`);
        params.push(sqlValue(cursor[j]));
      }
      parts.push(`${key.expr} ${key.dir === "asc" ? ">" : "<"} ?`);
      params.push(sqlValue(cursor[index]));
      alternatives.push(`(${parts.join(" AND ")})`);
    });
    conditions.push(`(${alternatives.join(" OR ")})`);
  }

  const orderSql = [
    ...order.map((o) => `json_extract(data, '${jsonPath(o.field)}') ${o.direction === "desc" ? "DESC" : "ASC"}`),
    `id ${idDirection === "desc" ? "DESC" : "ASC"}`,
  ].join(", ");
  let sql = `SELECT id, data, version FROM documents WHERE ${conditions.join(" AND ")} ORDER BY ${orderSql}`;
  if (options.limit !== undefined) {
    sql += " LIMIT ?";
    params.push(Math.max(0, Math.floor(options.limit)));
  }
  return { sql, params, order };
}

function whereSql(clause: WhereClause, params: unknown[]): string {
  const path = jsonPath(clause.field);
  const ops: Record<WhereClause["op"], string> = { "==": "=", "<": "<", "<=": "<=", ">": ">", ">=": ">=" };
  params.push(sqlValue(clause.value));
  // Firestore never matches across types: a string filter does not match a number field.
  const type = typeof clause.value === "string" ? "text" : typeof clause.value === "boolean" ? "bool" : "num";
  const typeCheck =
    type === "text"
      ? `json_type(data, '${path}') = 'text'`
      : type === "bool"
        ? `json_type(data, '${path}') IN ('true', 'false')`
        : `json_type(data, '${path}') IN ('integer', 'real')`;
  return `(${typeCheck} AND json_extract(data, '${path}') ${ops[clause.op]} ?)`;
}

function readPath(data: DocumentData, field: string): unknown {
  return field
    .split(".")
    .reduce<unknown>((value, key) => (value && typeof value === "object" ? (value as DocumentData)[key] : undefined), data);
}

function mergePatch(current: DocumentData, patch: DocumentData): DocumentData {
  const next = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (key.includes(".")) {
      // Firestore-style dotted paths update a nested field.
      const parts = key.split(".");
      let target = next as DocumentData;
      for (const part of parts.slice(0, -1)) {
        const child = target[part];
        target[part] = child && typeof child === "object" ? { ...(child as DocumentData) } : {};
        target = target[part] as DocumentData;
      }
      target[parts[parts.length - 1]] = value;
    } else {
      next[key] = value;
    }
  }
  return next;
}
