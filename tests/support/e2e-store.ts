import Database from "better-sqlite3";
import { E2E_DATABASE } from "../../playwright.config";

/**
 * Writes fixtures straight into the running server's SQLite file (the same table layout as
 * app/services/store-sqlite.server.ts), so browser tests can add content the seed does not have.
 */
export function putDocument(collection: string, id: string, data: Record<string, unknown>) {
  const db = new Database(E2E_DATABASE);
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare(
      `INSERT INTO documents (collection, id, data, version) VALUES (?, ?, ?, 1)
       ON CONFLICT (collection, id) DO UPDATE SET data = excluded.data, version = version + 1`,
    ).run(collection, id, JSON.stringify(data));
  } finally {
    db.close();
  }
}
