import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import { getEnv } from "~/lib/env.server";
import type { DocumentStore, TransactionContext } from "~/services/store/port.server";
import {
  isWellSigned,
  packBalances,
  packsExpiringSoon,
  packsWithCredits,
  planExpiry,
  planRevoke,
  spendableBalance,
  type CreditPackHolding,
  type LedgerEntry,
} from "./credit-ledger";
import { CREDIT_REMINDER_DAYS, CreditPackSchema, creditsLabel, type CreditPack } from "./credit-pack";
import { sendOnce } from "~/platform/mail.server";
import type { PaidPurchase } from "~/models/billing/purchases.server";
import { getPrivateUser } from "~/models/identity/user.server";
import { clockDay, clockDayTime } from "~/models/identity/clock";

/**
 * Class credits in the store (issue 11; docs/decisions/022-credit-ledger.md).
 *
 * - `creditPacks/{id}`: the catalogue.
 * - `userCreditPacks/{purchaseId}`: one per purchase; the id is the purchase's, so a replayed
 *   fulfilment finds it and grants nothing more.
 * - `classCredits/{uid}:{seq}`: the append-only ledger, numbered per member from 1.
 * - `creditAccounts/{uid}`: the member's last sequence number. Every transaction that moves a
 *   member's credits reads it first and writes it last: a transaction cannot query, so this one
 *   document is what serialises the member's movements (two at once conflict on it, and the store
 *   runs the loser again), and it says which entries to read. It holds no balance: balances are
 *   always summed from the entries.
 */

export const CREDIT_PACKS = "creditPacks";
export const USER_CREDIT_PACKS = "userCreditPacks";
export const CLASS_CREDITS = "classCredits";
export const CREDIT_ACCOUNTS = "creditAccounts";

const DAY = 86_400_000;

const AccountSchema = z.object({ uid: z.string(), seq: z.number().int().min(0), updatedAt: z.number() });

export const CreditEntrySchema = z.object({
  uid: z.string(),
  seq: z.number().int().min(1),
  packId: z.string(),
  kind: z.enum(["purchase", "spend", "refund", "expiry", "revoked", "adjustment"]),
  amount: z.number().int(),
  at: z.number(),
  /** The booking occasion a spend or refund belongs to (see booking.server.ts creditRef). */
  bookingId: z.string().nullable().default(null),
  classId: z.string().nullable().default(null),
  note: z.string().default(""),
});
export type CreditEntry = z.infer<typeof CreditEntrySchema>;

export const UserCreditPackSchema = z.object({
  id: z.string(),
  uid: z.string(),
  purchaseId: z.string(),
  creditPackId: z.string(),
  name: z.string(),
  credits: z.number().int().min(1),
  /** What was paid, minor units. */
  amount: z.number().int().min(0),
  currency: z.string(),
  purchasedAt: z.number(),
  expiresAt: z.number(),
  /** Set once its date has passed and its expiry (if anything was left) is written: the job skips it. */
  settled: z.boolean().default(false),
  /** Unix ms: its payment was refunded or lost to a dispute; from then on it counts as expired (ADR 036). */
  revokedAt: z.number().nullable().default(null),
});
export type UserCreditPack = z.infer<typeof UserCreditPackSchema>;

// ---------------------------------------------------------------------------
// The catalogue
// ---------------------------------------------------------------------------

/** One pack by id; null when unknown or withdrawn (fulfilment passes `includeInactive`: a sale is honoured). */
export async function getCreditPack(
  id: string,
  options: { includeInactive?: boolean; store?: DocumentStore } = {},
): Promise<CreditPack | null> {
  if (!CreditPackSchema.shape.id.safeParse(id).success) return null;
  const pack = await (options.store ?? getStore()).get(CREDIT_PACKS, id, CreditPackSchema);
  return pack && (pack.active || options.includeInactive) ? pack : null;
}

/** The packs on sale, in display order. */
export async function listCreditPacks(store: DocumentStore = getStore()): Promise<CreditPack[]> {
  const { docs } = await store.query(CREDIT_PACKS, CreditPackSchema);
  return docs
    .map((doc) => doc.data)
    .filter((pack) => pack.active)
    .sort((a, b) => a.order - b.order);
}

// ---------------------------------------------------------------------------
// One member's ledger, read and appended inside a transaction
// ---------------------------------------------------------------------------

export interface MemberLedger {
  uid: string;
  /** The last entry's number; the next entry is seq + 1. */
  seq: number;
  entries: CreditEntry[];
  packs: UserCreditPack[];
}

type Reader = Pick<TransactionContext, "get">;

const entryId = (uid: string, seq: number) => `${uid}:${String(seq).padStart(6, "0")}`;

/**
 * Reads a member's whole ledger: the account, then entries 1…seq by id, then the packs they name.
 * In a transaction this is the serialising read; outside one (pages) it is still a consistent
 * prefix, because entries are never changed once written.
 */
export async function readLedger(reader: Reader, uid: string): Promise<MemberLedger> {
  const account = await reader.get(CREDIT_ACCOUNTS, uid, AccountSchema);
  const seq = account?.seq ?? 0;
  const entries = await Promise.all(
    Array.from({ length: seq }, (_, i) => reader.get(CLASS_CREDITS, entryId(uid, i + 1), CreditEntrySchema)),
  );
  const present = entries.filter((entry): entry is CreditEntry => entry !== null);
  if (present.length !== seq) throw new Error(`The credit ledger of ${uid} is missing entries`);
  const packIds = [...new Set(present.map((entry) => entry.packId))];
  const packs = (await Promise.all(packIds.map((id) => reader.get(USER_CREDIT_PACKS, id, UserCreditPackSchema)))).filter(
    (pack): pack is UserCreditPack => pack !== null && pack.uid === uid,
  );
  return { uid, seq, entries: present, packs };
}

/**
 * The ledger as the pure rules see it. A revoked pack ends when it was revoked, so every rule that
 * knows expiry (spending, a cancellation's credits coming back) treats it as expired.
 */
export function holdingsOf(ledger: Pick<MemberLedger, "packs">): CreditPackHolding[] {
  return ledger.packs.map(({ id, credits, purchasedAt, expiresAt, revokedAt }) => ({
    id,
    credits,
    purchasedAt,
    expiresAt: revokedAt === null ? expiresAt : Math.min(expiresAt, revokedAt),
  }));
}

/**
 * Appends entries after the ledger's last one and moves the account on, inside the caller's
 * transaction (after all its reads). Entry ids are created, never set: two writers can never share
 * a number. The ledger object is advanced too, so a second append in the same transaction follows on.
 */
export function appendEntries(
  tx: TransactionContext,
  ledger: MemberLedger,
  entries: readonly LedgerEntry[],
  context: { classId?: string | null; note?: string } = {},
): void {
  if (entries.length === 0) return;
  for (const entry of entries) {
    if (!isWellSigned(entry)) throw new Error(`Refusing a ${entry.kind} of ${entry.amount}: wrong sign or not a whole credit`);
    ledger.seq += 1;
    const stored: CreditEntry = {
      uid: ledger.uid,
      seq: ledger.seq,
      packId: entry.packId,
      kind: entry.kind,
      amount: entry.amount,
      at: entry.at,
      bookingId: entry.bookingId ?? null,
      classId: context.classId ?? null,
      note: context.note ?? "",
    };
    tx.create(CLASS_CREDITS, entryId(ledger.uid, ledger.seq), stored);
    ledger.entries.push(stored);
  }
  tx.set(CREDIT_ACCOUNTS, ledger.uid, { uid: ledger.uid, seq: ledger.seq, updatedAt: entries[entries.length - 1].at });
}

// ---------------------------------------------------------------------------
// Fulfilment: a paid purchase becomes a pack, once
// ---------------------------------------------------------------------------

/** A PaidPurchase (app/models/billing/purchases.server.ts) of a credit pack, checked again here. */
export const PaidCreditPackSchema = z.object({
  purchaseId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
  uid: z.string().min(1).max(128),
  kind: z.literal("credit_pack"),
  itemId: z.string().min(1).max(40),
  amount: z.number().int().min(0),
  currency: z.string().regex(/^[a-zA-Z]{3}$/),
  metadata: z.record(z.string()).default({}),
  paidAt: z.number().int().positive(),
});

/** What a pack is sold with, for the purchase record: its credits and the days they keep. */
export function packTerms(pack: Pick<CreditPack, "credits" | "validDays">): Record<string, string> {
  return { credits: String(pack.credits), validDays: String(pack.validDays) };
}

function soldWith(metadata: Record<string, string>, catalogue: CreditPack): { credits: number; validDays: number } {
  const credits = CreditPackSchema.shape.credits.safeParse(Number(metadata.credits));
  const validDays = CreditPackSchema.shape.validDays.safeParse(Number(metadata.validDays));
  return {
    credits: credits.success ? credits.data : catalogue.credits,
    validDays: validDays.success ? validDays.data : catalogue.validDays,
  };
}

export type GrantResult =
  | { ok: true; status: "granted" | "already_granted"; pack: UserCreditPack }
  | { ok: false; reason: "invalid_purchase" | "unknown_pack" | "other_member" };

/**
 * Fulfils a paid credit-pack purchase: the pack and its purchase entry, in one transaction keyed by
 * the purchase id, so the webhook replayed any number of times (or racing the success page) grants
 * one pack. Credits and validity are the ones the pack was sold with: the checkout records them in
 * the purchase (our server's record, never the browser's or the provider's words), so an admin's later
 * edit of the catalogue (issue 26; ADR 052) never changes a purchase already made. A purchase from
 * before that record existed takes the catalogue's.
 */
export async function grantCreditPack(purchase: PaidPurchase): Promise<GrantResult> {
  const parsed = PaidCreditPackSchema.safeParse(purchase);
  if (!parsed.success) return { ok: false, reason: "invalid_purchase" };
  const paid = parsed.data;
  const catalogue = await getCreditPack(paid.itemId, { includeInactive: true });
  if (!catalogue) {
    console.error(
      JSON.stringify({ level: "error", msg: "credit pack purchase for an unknown pack", purchaseId: paid.purchaseId, itemId: paid.itemId }),
    );
    return { ok: false, reason: "unknown_pack" };
  }
  if (paid.amount !== catalogue.amount || paid.currency.toLowerCase() !== catalogue.currency) {
    // The price was the catalogue's when the checkout was made; a later change is not the buyer's doing.
    console.warn(
      JSON.stringify({
        level: "warn",
        msg: "credit pack paid at another price than the catalogue's",
        purchaseId: paid.purchaseId,
        paid: paid.amount,
        price: catalogue.amount,
      }),
    );
  }
  return getStore().transaction(async (tx) => {
    const [existing, account] = await Promise.all([
      tx.get(USER_CREDIT_PACKS, paid.purchaseId, UserCreditPackSchema),
      tx.get(CREDIT_ACCOUNTS, paid.uid, AccountSchema),
    ]);
    if (existing)
      return existing.uid === paid.uid
        ? { ok: true as const, status: "already_granted" as const, pack: existing }
        : { ok: false as const, reason: "other_member" as const };
    const sold = soldWith(paid.metadata, catalogue);
    const pack: UserCreditPack = {
      id: paid.purchaseId,
      uid: paid.uid,
      purchaseId: paid.purchaseId,
      creditPackId: catalogue.id,
      name: catalogue.name,
      credits: sold.credits,
      amount: paid.amount,
      currency: paid.currency.toLowerCase(),
      purchasedAt: paid.paidAt,
      expiresAt: paid.paidAt + sold.validDays * DAY,
      settled: false,
      revokedAt: null,
    };
    tx.create(USER_CREDIT_PACKS, pack.id, pack);
    // Only the account is read: a purchase can never take a balance below zero.
    appendEntries(
      tx,
      { uid: paid.uid, seq: account?.seq ?? 0, entries: [], packs: [] },
      [{ packId: pack.id, kind: "purchase", amount: pack.credits, at: pack.purchasedAt }],
      { note: catalogue.name },
    );
    return { ok: true as const, status: "granted" as const, pack };
  });
}

export type RevokeResult = { status: "revoked" | "already"; taken: number } | { status: "no_pack" };

/**
 * A pack whose payment was refunded or lost to a dispute: its unspent credits go with one "revoked"
 * line and the pack ends, in one transaction over the member's ledger, so replays and deliveries at
 * once write it once. Credits already spent stay spent (their classes stay booked); a credit that a
 * cancellation later returns to this pack expires again at once, as for any expired pack. The member
 * is told on every call (the mail is keyed by the pack): a mail that failed goes with the next replay.
 */
export async function revokeCreditPack(purchaseId: string, now: Date = new Date()): Promise<RevokeResult> {
  const at = now.getTime();
  const owner = await getStore().get(USER_CREDIT_PACKS, purchaseId, UserCreditPackSchema);
  if (!owner) return { status: "no_pack" };
  const result = await getStore().transaction(async (tx) => {
    const ledger = await readLedger(tx, owner.uid);
    const pack = ledger.packs.find((p) => p.id === purchaseId);
    if (!pack) return null;
    if (pack.revokedAt !== null) {
      const taken = -ledger.entries.filter((e) => e.packId === pack.id && e.kind === "revoked").reduce((sum, e) => sum + e.amount, 0);
      return { status: "already" as const, taken, pack };
    }
    const entries = planRevoke(ledger.entries, pack.id, at);
    tx.update(USER_CREDIT_PACKS, pack.id, { revokedAt: at, settled: true });
    appendEntries(tx, ledger, entries, { note: "Payment refunded" });
    return { status: "revoked" as const, taken: -entries.reduce((sum, e) => sum + e.amount, 0), pack };
  });
  if (!result) return { status: "no_pack" };
  await tellPackRevoked(result.pack, result.taken);
  return { status: result.status, taken: result.taken };
}

/** Tells the member their refunded pack's credits are gone; keyed by the pack, so a replay sends nothing. */
export async function tellPackRevoked(pack: UserCreditPack, taken: number): Promise<void> {
  const person = await getPrivateUser(pack.uid);
  if (!person?.email) return;
  const left = taken > 0 ? `The ${creditsLabel(taken)} left in it ${taken === 1 ? "has" : "have"} been removed from your balance. ` : "";
  await sendOnce({
    to: person.email,
    subject: `Your ${pack.name} was refunded`,
    text: `Hello ${person.firstName ?? "there"},\n\nThe payment for your ${pack.name} has been refunded (or returned to you by your bank), so the pack has ended. ${left}Classes you already booked with it stay booked.\n\nYour balance is in your settings: ${new URL("/settings#credits", getEnv().PUBLIC_SITE_URL)}\n\nStillhour`,
    idempotencyKey: `credits-revoked:${pack.id}`,
  });
}

/**
 * A hand-made correction by staff: whole credits, never zero, never taking a pack below zero.
 * The reason is kept on the entry.
 */
export async function adjustCredits(input: {
  uid: string;
  packId: string;
  amount: number;
  reason: string;
  now: Date;
}): Promise<{ ok: true } | { ok: false; reason: "invalid_amount" | "unknown_pack" | "not_enough_credits" }> {
  const { uid, packId, amount, reason, now } = input;
  if (!Number.isInteger(amount) || amount === 0 || Math.abs(amount) > 1000) return { ok: false, reason: "invalid_amount" };
  return getStore().transaction(async (tx) => {
    const ledger = await readLedger(tx, uid);
    if (!ledger.packs.some((pack) => pack.id === packId)) return { ok: false as const, reason: "unknown_pack" as const };
    if ((packBalances(ledger.entries).get(packId) ?? 0) + amount < 0) return { ok: false as const, reason: "not_enough_credits" as const };
    appendEntries(tx, ledger, [{ packId, kind: "adjustment", amount, at: now.getTime() }], { note: reason.slice(0, 200) });
    return { ok: true as const };
  });
}

// ---------------------------------------------------------------------------
// What pages show
// ---------------------------------------------------------------------------

export interface CreditSummary {
  /** Credits that can be spent now. */
  balance: number;
  /** Packs with credits left, soonest to expire first. */
  packs: { id: string; name: string; left: number; credits: number; expiresAt: number }[];
  /** Whether the member ever had a pack (for the empty state's wording). */
  everHad: boolean;
}

/** The member's spendable credits and each pack's credits left and expiry, read without a transaction. */
export async function creditSummary(uid: string, now: Date, store: DocumentStore = getStore()): Promise<CreditSummary> {
  const ledger = await readLedger(store, uid);
  const holdings = holdingsOf(ledger);
  const names = new Map(ledger.packs.map((pack) => [pack.id, pack.name]));
  return {
    balance: spendableBalance(holdings, ledger.entries, now.getTime()),
    packs: packsWithCredits(holdings, ledger.entries, now.getTime()).map(({ pack, left }) => ({
      id: pack.id,
      name: names.get(pack.id) ?? "Class pack",
      left,
      credits: pack.credits,
      expiresAt: pack.expiresAt,
    })),
    everHad: ledger.packs.length > 0,
  };
}

// ---------------------------------------------------------------------------
// Expiry and reminders (a timer in startup.server.ts; `npm run credits:expire`)
// ---------------------------------------------------------------------------

async function unsettledPacks(): Promise<UserCreditPack[]> {
  const { docs } = await getStore().query(USER_CREDIT_PACKS, UserCreditPackSchema, {
    where: [{ field: "settled", op: "==", value: false }],
  });
  return docs.map((doc) => doc.data);
}

/**
 * Writes an expiry entry for whatever is left in each pack whose date has passed, and marks it
 * settled, in one transaction per member. Run twice, the second run finds nothing to write.
 */
export async function expireCredits(now: Date = new Date()): Promise<{ members: number; entries: number }> {
  const at = now.getTime();
  const due = (await unsettledPacks()).filter((pack) => pack.expiresAt <= at);
  const members = [...new Set(due.map((pack) => pack.uid))];
  let written = 0;
  for (const uid of members) {
    written += await getStore().transaction(async (tx) => {
      const ledger = await readLedger(tx, uid);
      const expiries = planExpiry(holdingsOf(ledger), ledger.entries, at);
      for (const pack of ledger.packs) if (!pack.settled && pack.expiresAt <= at) tx.update(USER_CREDIT_PACKS, pack.id, { settled: true });
      appendEntries(tx, ledger, expiries, { note: "Expired" });
      return expiries.length;
    });
  }
  return { members: members.length, entries: written };
}

/** E-mails each member once per pack, CREDIT_REMINDER_DAYS before its unspent credits expire. */
export async function sendExpiryReminders(now: Date = new Date(), days = CREDIT_REMINDER_DAYS): Promise<{ sent: number }> {
  const at = now.getTime();
  const soon = (await unsettledPacks()).filter((pack) => pack.expiresAt > at && pack.expiresAt <= at + days * DAY);
  let sent = 0;
  for (const uid of new Set(soon.map((pack) => pack.uid))) {
    const [ledger, person] = await Promise.all([readLedger(getStore(), uid), getPrivateUser(uid)]);
    if (!person?.email) continue;
    const zone = person.mostRecentTimeZone;
    const names = new Map(ledger.packs.map((pack) => [pack.id, pack.name]));
    for (const { pack, left } of packsExpiringSoon(holdingsOf(ledger), ledger.entries, at, days * DAY)) {
      const when = clockDayTime(pack.expiresAt, zone);
      const result = await sendOnce(
        {
          to: person.email,
          subject: `${creditsLabel(left)} left, until ${clockDay(pack.expiresAt, zone)}`,
          text: `Hello ${person.firstName ?? "there"},\n\nA gentle note: your ${names.get(pack.id) ?? "class pack"} has ${creditsLabel(left)} left, and ${left === 1 ? "it expires" : "they expire"} on ${when}.\n\nThe schedule marks the classes that take credits: ${new URL("/classes", getEnv().PUBLIC_SITE_URL)}\n\nIf the timing doesn't suit you, that's fine too: nothing else is owed.\n\nStillhour`,
          idempotencyKey: `credits-expiring:${pack.id}`,
        },
        { uid },
      );
      if (result === "sent") sent += 1;
    }
  }
  return { sent };
}

/**
 * Tells a member the credits of a cancelled booking are back: once per booking occasion, whichever
 * path (their own cancellation, staff cancelling the class, the sweep) gets there first.
 */
export async function tellCreditsReturned(input: {
  uid: string;
  creditRef: string;
  returned: number;
  expired: number;
  classTitle: string;
  startsAt: string;
  why: "member" | "class_cancelled";
}): Promise<void> {
  const person = await getPrivateUser(input.uid);
  if (!person?.email || input.returned <= 0) return;
  const zone = person.mostRecentTimeZone;
  const when = clockDayTime(input.startsAt, zone);
  const back = input.returned - input.expired;
  const reason =
    input.why === "class_cancelled"
      ? `"${input.classTitle}" on ${when} was cancelled, so`
      : `You cancelled "${input.classTitle}" on ${when}, so`;
  const lines =
    back > 0
      ? `${reason} the ${creditsLabel(input.returned)} it took ${input.returned === 1 ? "is" : "are"} back in your account${input.expired > 0 ? ` (${creditsLabel(input.expired)} of ${input.returned === 1 ? "it" : "them"} came from a pack that has since expired, so ${input.expired === 1 ? "it expires" : "they expire"} again straight away)` : ""}.`
      : `${reason} the ${creditsLabel(input.returned)} it took went back to ${input.returned === 1 ? "its pack" : "their packs"}, but that pack has since expired, so ${input.returned === 1 ? "it can't" : "they can't"} be used again. We're sorry about that.`;
  await sendOnce(
    {
      to: person.email,
      subject:
        back > 0
          ? `Your ${input.returned === 1 ? "credit is" : "credits are"} back: ${input.classTitle}`
          : `About your credits for ${input.classTitle}`,
      text: `Hello ${person.firstName ?? "there"},\n\n${lines}\n\nYour balance and each pack's expiry date are in your settings: ${new URL("/settings#credits", getEnv().PUBLIC_SITE_URL)}\n\nStillhour`,
      idempotencyKey: `credits-returned:${input.creditRef}`,
    },
    { uid: input.uid },
  );
}

// ---------------------------------------------------------------------------
// Account deletion
// ---------------------------------------------------------------------------

/**
 * Closes a leaving member's credits. First, in one transaction like the expiry job's, whatever is
 * left in each pack lapses with an expiry line ("Account deleted") and the packs are settled. Then
 * the ledger moves to `pseudonym`, unchanged otherwise (ADR 022's append-only record, kept for the
 * accounts): copies first, then the account that names them, then the originals, so a run that stops
 * midway is finished by the next from wherever it stopped.
 */
export async function anonymiseCredits(uid: string, pseudonym: string, now: Date): Promise<void> {
  const store = getStore();
  const at = now.getTime();
  if (!(await store.get(CREDIT_ACCOUNTS, pseudonym, AccountSchema))) {
    await store.transaction(async (tx) => {
      const ledger = await readLedger(tx, uid);
      if (ledger.seq === 0) return;
      const lapses = planExpiry(
        holdingsOf(ledger).map((pack) => ({ ...pack, expiresAt: Math.min(pack.expiresAt, at) })),
        ledger.entries,
        at,
      );
      for (const pack of ledger.packs) if (!pack.settled) tx.update(USER_CREDIT_PACKS, pack.id, { settled: true });
      appendEntries(tx, ledger, lapses, { note: "Account deleted" });
    });
  }
  const account = await store.get(CREDIT_ACCOUNTS, uid, AccountSchema);
  if (account) {
    const rename = (value: string | null) => (value === null ? null : value.split(uid).join(pseudonym));
    for (let seq = 1; seq <= account.seq; seq++) {
      const entry = await store.get(CLASS_CREDITS, entryId(uid, seq), CreditEntrySchema);
      if (entry) await store.set(CLASS_CREDITS, entryId(pseudonym, seq), { ...entry, uid: pseudonym, bookingId: rename(entry.bookingId) });
    }
    await store.set(CREDIT_ACCOUNTS, pseudonym, { uid: pseudonym, seq: account.seq, updatedAt: account.updatedAt });
  }
  for (const { id } of await documentsWhere(USER_CREDIT_PACKS, "uid", uid)) await store.update(USER_CREDIT_PACKS, id, { uid: pseudonym });
  if (account) {
    for (let seq = 1; seq <= account.seq; seq++) await store.delete(CLASS_CREDITS, entryId(uid, seq));
    await store.delete(CREDIT_ACCOUNTS, uid);
  }
}
