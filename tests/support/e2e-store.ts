import Database from "better-sqlite3";
import { E2E_DATABASE } from "../../playwright.config";

/**
 * Writes fixtures straight into the running server's SQLite file (the same table layout as
 * app/services/store/sqlite.server.ts), so browser tests can add content the seed does not have.
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
 * (app/models/wallet/credits.server.ts): the pack, its purchase entry as entry 1, and the account.
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
  putDocument("classCredits", `${uid}:000001`, {
    uid,
    seq: 1,
    packId: id,
    kind: "purchase",
    amount: options.credits,
    at: purchasedAt,
    bookingId: null,
    classId: null,
    note: "",
  });
  putDocument("creditAccounts", uid, { uid, seq: 1, updatedAt: purchasedAt });
  return id;
}

/** The time `minutes` from now, to the minute, as a class's `startsAt`. */
export function startsIn(minutes: number): string {
  return new Date(Math.floor((Date.now() + minutes * 60_000) / 60_000) * 60_000).toISOString();
}

/** A class document (an online class in London unless `fields` say otherwise: a studio, a zone, a cost). */
export function putClass(id: string, startsAt: string, fields: Record<string, unknown> = {}) {
  putDocument("classes", id, {
    id,
    slug: id,
    title: "Test Harbour Sit",
    teacherId: "teacher-amara",
    modality: "meditation",
    startsAt,
    durationMinutes: 30,
    description: "A class made for a browser test.",
    capacity: 10,
    timeZone: "Europe/London",
    ...fields,
  });
}

/**
 * A live (online) class of the test's own, `minutesFromNow` from now, so booking or joining it
 * changes no other test's seats. Answers its id.
 */
export function putLiveClass(prefix: string, minutesFromNow: number, title = "Keyboard Harbour Sit"): string {
  const id = `${prefix}-${Date.now() % 1_000_000}-${Math.floor(Math.random() * 1000)}`;
  putClass(id, startsIn(minutesFromNow), { title });
  return id;
}
