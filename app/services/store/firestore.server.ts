import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { FieldPath, FieldValue, getFirestore, type Firestore, type Query } from "firebase-admin/firestore";
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
  type StoredDocument,
  type TransactionContext,
} from "./port.server";

const ALREADY_EXISTS = 6;
const NOT_FOUND = 5;

// One named app per project, shared by every store on it, so close() tears it down only for the last user.
type SharedApp = { app: App; firestore: Firestore; users: number };
const apps = new Map<string, SharedApp>();

/** The project's named app, made by its first user; each store on it counts itself in. */
function joinApp(projectId: string): SharedApp {
  let entry = apps.get(projectId);
  if (!entry) {
    const app = initializeApp({ projectId }, `store-${projectId}`);
    entry = { app, firestore: getFirestore(app), users: 0 };
    apps.set(projectId, entry);
  }
  entry.users += 1;
  return entry;
}

/** Firestore driver (firebase-admin); pass `firestore` to bring an already configured instance, which close() terminates. */
export function createFirestoreStore(options: { projectId: string; firestore?: Firestore }): DocumentStore {
  const { projectId } = options;
  // A Firestore brought in is the caller's own; otherwise this store shares the project's named app.
  let entry: SharedApp | undefined;
  let firestore: Firestore;
  if (options.firestore) {
    firestore = options.firestore;
  } else {
    entry = joinApp(projectId);
    firestore = entry.firestore;
  }
  const ref = (collection: string, id: string) => firestore.collection(collection).doc(id);
  let reads = 0;
  let closed = false;

  const store: DocumentStore = {
    driver: "firestore",

    async get(collection, id, schema) {
      reads += 1;
      const snap = await ref(collection, id).get();
      return snap.exists ? parseDocument(schema, collection, id, snap.data()) : null;
    },

    async getMany<R extends readonly DocumentRef[]>(refs: R) {
      if (refs.length === 0) return [] as unknown as ManyResults<R>;
      // One BatchGetDocuments round trip; getAll returns the snapshots in the order asked. Billed per document.
      reads += refs.length;
      const snaps = await firestore.getAll(...refs.map(({ collection, id }) => ref(collection, id)));
      return refs.map(({ collection, id, schema }, index) =>
        snaps[index].exists ? parseDocument(schema, collection, id, snaps[index].data()) : null,
      ) as ManyResults<R>;
    },

    async query<S extends z.ZodTypeAny>(collection: string, schema: S, options: QueryOptions = {}) {
      const order = effectiveOrder(options);
      const lastDirection = order.at(-1)?.direction ?? "asc";
      let query: Query = firestore.collection(collection);
      for (const w of options.where ?? []) query = query.where(w.field, w.op, w.value);
      for (const o of order) query = query.orderBy(o.field, o.direction);
      // Explicit id tiebreaker in the last direction: what Firestore does implicitly, so no extra index is needed.
      query = query.orderBy(FieldPath.documentId(), lastDirection);
      const cursor = decodeCursor(options.cursor, order.length + 1);
      const lastId = cursor?.at(-1);
      // Firestore throws on a non-id value for the id position; a forged cursor means "from the start".
      if (cursor && typeof lastId === "string" && lastId !== "" && !lastId.includes("/")) {
        query = query.startAfter(...cursor);
      }
      if (options.limit !== undefined) query = query.limit(options.limit);
      const snapshot = await query.get();
      reads += Math.max(snapshot.size, 1);
      const docs: StoredDocument<z.output<S>>[] = [];
      for (const snap of snapshot.docs) {
        const data = parseDocument(schema, collection, snap.id, snap.data());
        if (data !== null) docs.push({ id: snap.id, data });
      }
      const last = snapshot.docs.at(-1);
      const full = options.limit !== undefined && snapshot.size === options.limit;
      const nextCursor = full && last ? encodeCursor([...order.map((o) => last.get(o.field) ?? null), last.id]) : null;
      return { docs, nextCursor };
    },

    async createIfAbsent(collection, id, data) {
      try {
        await ref(collection, id).create(toJson(data));
        return true;
      } catch (error) {
        if (grpcCode(error) === ALREADY_EXISTS) return false;
        throw error;
      }
    },

    async set(collection, id, data) {
      await ref(collection, id).set(toJson(data));
    },

    async update(collection, id, patch) {
      try {
        await ref(collection, id).update(toPatch(patch));
      } catch (error) {
        throw grpcCode(error) === NOT_FOUND ? new DocumentMissingError(collection, id) : error;
      }
    },

    async delete(collection, id) {
      await ref(collection, id).delete();
    },

    async transaction<T>(fn: (tx: TransactionContext) => Promise<T>): Promise<T> {
      let creates: [string, string][] = [];
      let updates: [string, string][] = [];
      try {
        return await firestore.runTransaction(async (t) => {
          // runTransaction re-runs this function on contention: start each attempt's bookkeeping afresh.
          creates = [];
          updates = [];
          const tx: TransactionContext = {
            async get(collection, id, schema) {
              reads += 1;
              const snap = await t.get(ref(collection, id));
              return snap.exists ? parseDocument(schema, collection, id, snap.data()) : null;
            },
            create(collection, id, data) {
              creates.push([collection, id]);
              t.create(ref(collection, id), toJson(data));
            },
            set: (collection, id, data) => void t.set(ref(collection, id), toJson(data)),
            update(collection, id, patch) {
              updates.push([collection, id]);
              t.update(ref(collection, id), toPatch(patch));
            },
            delete: (collection, id) => void t.delete(ref(collection, id)),
          };
          return fn(tx);
        });
      } catch (error) {
        // The commit fails as a whole; name the document the server complained about when we can tell.
        const code = grpcCode(error);
        if (code === ALREADY_EXISTS && creates.length) throw new DocumentExistsError(...culprit(error, creates));
        if (code === NOT_FOUND && updates.length) throw new DocumentMissingError(...culprit(error, updates));
        throw error;
      }
    },

    watch(collection, id, schema, onChange) {
      return ref(collection, id).onSnapshot(
        (snap) => {
          reads += 1;
          onChange(snap.exists ? parseDocument(schema, collection, id, snap.data()) : null);
        },
        (error) => console.error(JSON.stringify({ level: "error", msg: "watch failed", collection, id, error: String(error) })),
      );
    },

    async listCollections() {
      // Firestore lists a collection only while it holds a document (or a subcollection; we keep none).
      const collections = await firestore.listCollections();
      return collections.map((collection) => collection.id).sort();
    },

    readCount: () => reads,

    async close() {
      if (closed) return;
      closed = true;
      if (!entry) return firestore.terminate();
      entry.users -= 1;
      if (entry.users > 0) return;
      apps.delete(projectId);
      await firestore.terminate();
      await deleteApp(entry.app);
    },
  };
  return store;
}

// Store exactly what the SQLite driver stores (JSON), so both drivers read back the same shapes.
function toJson(data: DocumentData): DocumentData {
  return JSON.parse(JSON.stringify(data)) as DocumentData;
}

// An undefined field in a patch removes it, as JSON serialisation does in the SQLite driver.
function toPatch(patch: DocumentData): DocumentData {
  return Object.fromEntries(
    Object.entries(patch).map(([key, value]) => [key, value === undefined ? FieldValue.delete() : JSON.parse(JSON.stringify(value))]),
  );
}

function grpcCode(error: unknown): unknown {
  return error && typeof error === "object" ? (error as { code?: unknown }).code : undefined;
}

function culprit(error: unknown, candidates: [string, string][]): [string, string] {
  const message = error instanceof Error ? error.message : "";
  // Firestore says ".../documents/c/id", its emulators "path=/c/id}": match the path's tail.
  return candidates.find(([c, id]) => new RegExp(`/${escapeRegExp(c)}/${escapeRegExp(id)}(?=$|[\\s}"'])`).test(message)) ?? candidates[0];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
