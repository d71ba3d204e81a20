import type { z } from "zod";

/**
 * The document-store port (docs/decisions/003-document-store-port.md).
 * Two drivers implement it: Firestore (firebase-admin) and embedded SQLite.
 * Only features both drivers support belong here.
 */

export type DocumentData = Record<string, unknown>;

export type WhereOp = "==" | "<" | "<=" | ">" | ">=";

export interface WhereClause {
  field: string;
  op: WhereOp;
  value: string | number | boolean;
}

export interface OrderClause {
  field: string;
  direction?: "asc" | "desc";
}

export interface QueryOptions {
  where?: WhereClause[];
  orderBy?: OrderClause[];
  limit?: number;
  /** An opaque cursor from a previous page's `nextCursor`. */
  cursor?: string | null;
}

/**
 * The order a query's results come in, Firestore's own rule, which both drivers apply so they return
 * the same pages: the explicit fields, then range-filtered fields not already ordered (sorted), in the
 * last direction. It is also what a Firestore composite index for the query must list after its
 * equality fields (firestore.indexes.json).
 */
export function effectiveOrder(options: QueryOptions): Required<OrderClause>[] {
  const order = (options.orderBy ?? []).map((o) => ({ field: o.field, direction: o.direction ?? ("asc" as const) }));
  const direction = order.at(-1)?.direction ?? "asc";
  const ranged = (options.where ?? []).filter((w) => w.op !== "==" && !order.some((o) => o.field === w.field));
  for (const field of [...new Set(ranged.map((w) => w.field))].sort()) order.push({ field, direction });
  return order;
}

export interface StoredDocument<T> {
  id: string;
  data: T;
}

export interface QueryResult<T> {
  docs: StoredDocument<T>[];
  /** Present when `limit` was given and the page was full: pass it back as `cursor`. */
  nextCursor: string | null;
}

export interface TransactionContext {
  get<S extends z.ZodTypeAny>(collection: string, id: string, schema: S): Promise<z.output<S> | null>;
  /** Creates the document; throws `DocumentExistsError` (and aborts the transaction) if it exists. */
  create(collection: string, id: string, data: DocumentData): void;
  set(collection: string, id: string, data: DocumentData): void;
  update(collection: string, id: string, patch: DocumentData): void;
  delete(collection: string, id: string): void;
}

export type Unsubscribe = () => void;

/** One document to read in a batch: where it is and the schema it must pass. */
export interface DocumentRef<S extends z.ZodTypeAny = z.ZodTypeAny> {
  collection: string;
  id: string;
  schema: S;
}

/** What `getMany` resolves to: each ref's document (null when missing or invalid), in the refs' order. */
export type ManyResults<R extends readonly DocumentRef[]> = { [K in keyof R]: z.output<R[K]["schema"]> | null };

export interface DocumentStore {
  readonly driver: "sqlite" | "firestore";
  /** Reads one document, checked against `schema`; a missing or invalid document is null. */
  get<S extends z.ZodTypeAny>(collection: string, id: string, schema: S): Promise<z.output<S> | null>;
  /**
   * Reads several documents at once, in one round trip (Firestore `getAll`; SQLite one statement per
   * collection), each checked against its own schema; results come in the refs' order, a missing or
   * invalid document as null. Not a snapshot across the documents: outside a transaction, like `get`.
   */
  getMany<R extends readonly DocumentRef[]>(refs: R): Promise<ManyResults<R>>;
  /** Queries a collection; documents that fail `schema` are logged and skipped. */
  query<S extends z.ZodTypeAny>(collection: string, schema: S, options?: QueryOptions): Promise<QueryResult<z.output<S>>>;
  /** Creates the document only if it is absent; resolves false when it already existed. */
  createIfAbsent(collection: string, id: string, data: DocumentData): Promise<boolean>;
  set(collection: string, id: string, data: DocumentData): Promise<void>;
  /** Merges top-level fields into an existing document; throws `DocumentMissingError` if absent. */
  update(collection: string, id: string, patch: DocumentData): Promise<void>;
  delete(collection: string, id: string): Promise<void>;
  /** Runs `fn` atomically: reads see one snapshot, writes apply together or not at all. Retried on contention. */
  transaction<T>(fn: (tx: TransactionContext) => Promise<T>): Promise<T>;
  /** Calls `onChange` with the document now and after every change (null when absent or invalid). */
  watch<S extends z.ZodTypeAny>(collection: string, id: string, schema: S, onChange: (data: z.output<S> | null) => void): Unsubscribe;
  /** The names of the top-level collections holding at least one document (audits: what data is there at all). */
  listCollections(): Promise<string[]>;
  /** Count of document reads since start, for the benchmark's reads-per-request figure. */
  readCount(): number;
  close(): Promise<void>;
}

export class DocumentExistsError extends Error {
  constructor(collection: string, id: string) {
    super(`Document ${collection}/${id} already exists`);
    this.name = "DocumentExistsError";
  }
}

export class DocumentMissingError extends Error {
  constructor(collection: string, id: string) {
    super(`Document ${collection}/${id} does not exist`);
    this.name = "DocumentMissingError";
  }
}

/** Validates one raw document; logs and returns null when it fails, so a bad record never becomes a 500. */
export function parseDocument<S extends z.ZodTypeAny>(schema: S, collection: string, id: string, raw: unknown): z.output<S> | null {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  console.warn(
    JSON.stringify({
      level: "warn",
      msg: "document skipped: failed its schema",
      collection,
      id,
      issues: result.error.issues.slice(0, 5).map((i) => `${i.path.join(".")}: ${i.message}`),
    }),
  );
  return null;
}

export function encodeCursor(values: unknown[]): string {
  return Buffer.from(JSON.stringify(values), "utf8").toString("base64url");
}

/** Decodes a cursor; a forged or malformed one is treated as "from the start". */
export function decodeCursor(cursor: string | null | undefined, expectedLength: number): unknown[] | null {
  if (!cursor) return null;
  try {
    const values = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(values) || values.length !== expectedLength) return null;
    if (!values.every((v) => ["string", "number", "boolean"].includes(typeof v) || v === null)) return null;
    return values;
  } catch {
    return null;
  }
}

/**
 * The store could not be reached in time (a read past its deadline, or a fault injected by a test):
 * the front door answers a calm 503 instead of a 500 (docs/decisions/041).
 */
export class StoreUnavailableError extends Error {
  constructor(operation: string) {
    super(`The store did not answer: ${operation}`);
    this.name = "StoreUnavailableError";
  }
}
