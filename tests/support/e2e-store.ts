import Database from "better-sqlite3";
import { E2E_DATABASE } from "../../playwright.config";

/**
 * Writes fixtures straight into the running server's SQLite file (the same table layout as
 * app/adapters/store/sqlite.server.ts), so browser tests can add content the seed does not have.
 */
export function putDocument(collection: string, id: string, data: Record<string, unknown>, database = E2E_DATABASE) {
  const db = new Database(database);
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

/**
 * Gives a person who has no credits yet one class pack, written as the ledger writes it
 * (app/features/wallet/credits.server.ts): the pack, its purchase entry as entry 1, and the account.
 */
export function putCreditPack(uid: string, options: { credits: number; days: number; name?: string }) {
  const purchasedAt = Date.now();
  const id = `e2e_pack_${uid}_${purchasedAt}`;
  putDocument("userCreditPacks", id, {
    id,
    uid,
    purchaseId: id,
    creditPackId: "five-classes",
    name: options.name ?? "Five live classes",
    credits: options.credits,
    amount: 4500,
    currency: "usd",
    purchasedAt,
    expiresAt: purchasedAt + options.days * 86_400_000,
    settled: false,
  });
  putDocument("classCredits", `${uid}:000001`, { uid, seq: 1, packId: id, kind: "purchase", amount: options.credits, at: purchasedAt, bookingId: null, classId: null, note: "" });
  putDocument("creditAccounts", uid, { uid, seq: 1, updatedAt: purchasedAt });
  return id;
}
