/**
 * The class-credit ledger's arithmetic (issue 11; spec §3 creditPacks, userCreditPacks, classCredits),
 * pure so it can be proven alone before the store and the payment path use it. Every movement is an
 * append-only entry; a pack's balance is the sum of its entries, never a number kept by hand.
 *
 * Signs: purchase and refund add (+), spend, expiry and revoked take away (-), adjustment may be
 * either. "revoked" is a pack whose payment was refunded or lost to a dispute: its unspent credits
 * go, once (ADR 036).
 * A refund returns credits to the pack they were spent from, even if that pack has since expired:
 * the next expiry run takes them away again, so a refund never outlives its pack.
 */

export type LedgerKind = "purchase" | "spend" | "refund" | "expiry" | "revoked" | "adjustment";

export interface LedgerEntry {
  packId: string;
  kind: LedgerKind;
  /** Whole credits; positive adds, negative takes away. */
  amount: number;
  /** Unix milliseconds. */
  at: number;
  /** The booking a spend or refund belongs to. */
  bookingId?: string | null;
}

export interface CreditPackHolding {
  id: string;
  credits: number;
  purchasedAt: number;
  expiresAt: number;
}

const SIGN: Record<Exclude<LedgerKind, "adjustment">, 1 | -1> = { purchase: 1, refund: 1, spend: -1, expiry: -1, revoked: -1 };

/** Whether an entry's sign agrees with its kind (a spend that adds credits is a bug, not a spend). */
export function isWellSigned(entry: LedgerEntry): boolean {
  if (!Number.isInteger(entry.amount) || entry.amount === 0) return false;
  return entry.kind === "adjustment" || Math.sign(entry.amount) === SIGN[entry.kind];
}

/** Each pack's balance: the sum of its entries. */
export function packBalances(entries: readonly LedgerEntry[]): Map<string, number> {
  const balances = new Map<string, number>();
  for (const entry of entries) balances.set(entry.packId, (balances.get(entry.packId) ?? 0) + entry.amount);
  return balances;
}

/** Credits that can be spent now: packs not yet expired, with something left. */
export function spendableBalance(packs: readonly CreditPackHolding[], entries: readonly LedgerEntry[], now: number): number {
  const balances = packBalances(entries);
  return packs.filter((pack) => pack.expiresAt > now).reduce((sum, pack) => sum + Math.max(0, balances.get(pack.id) ?? 0), 0);
}

/** The order credits are taken in: the pack expiring soonest first, then the oldest purchase, then id. */
export function spendOrder(packs: readonly CreditPackHolding[]): CreditPackHolding[] {
  return [...packs].sort((a, b) => a.expiresAt - b.expiresAt || a.purchasedAt - b.purchasedAt || a.id.localeCompare(b.id));
}

export type SpendPlan =
  { ok: true; entries: LedgerEntry[] } | { ok: false; reason: "not_enough_credits" | "invalid_amount"; available: number };

/** The spend entries that pay `amount` credits for a booking, oldest-expiring first; never below zero. */
export function planSpend(
  packs: readonly CreditPackHolding[],
  entries: readonly LedgerEntry[],
  amount: number,
  now: number,
  bookingId: string,
): SpendPlan {
  const available = spendableBalance(packs, entries, now);
  if (!Number.isInteger(amount) || amount < 1) return { ok: false, reason: "invalid_amount", available };
  if (amount > available) return { ok: false, reason: "not_enough_credits", available };
  const balances = packBalances(entries);
  const planned: LedgerEntry[] = [];
  let left = amount;
  for (const pack of spendOrder(packs)) {
    if (left === 0) break;
    if (pack.expiresAt <= now) continue;
    const take = Math.min(left, Math.max(0, balances.get(pack.id) ?? 0));
    if (take === 0) continue;
    planned.push({ packId: pack.id, kind: "spend", amount: -take, at: now, bookingId });
    left -= take;
  }
  return { ok: true, entries: planned };
}

/**
 * The refund entries for a booking: each spend of it given back to its pack, once. A booking already
 * refunded (or never paid by credit) gives nothing, so a repeated cancellation cannot make credits.
 */
export function planRefund(entries: readonly LedgerEntry[], bookingId: string, now: number): LedgerEntry[] {
  const ofBooking = entries.filter((entry) => entry.bookingId === bookingId);
  const owed = packBalances(ofBooking);
  return [...owed]
    .filter(([, net]) => net < 0)
    .map(([packId, net]) => ({ packId, kind: "refund" as const, amount: -net, at: now, bookingId }));
}

/**
 * The expiry entries due at `now`: whatever is left in each pack whose time has passed. They are dated
 * when they are written (a refund may have come back to the pack after its expiry date).
 */
export function planExpiry(packs: readonly CreditPackHolding[], entries: readonly LedgerEntry[], now: number): LedgerEntry[] {
  const balances = packBalances(entries);
  return packs
    .filter((pack) => pack.expiresAt <= now && (balances.get(pack.id) ?? 0) > 0)
    .map((pack) => ({ packId: pack.id, kind: "expiry" as const, amount: -(balances.get(pack.id) ?? 0), at: now }));
}

/** The entry that takes a refunded pack's unspent credits away; none when nothing is left. */
export function planRevoke(entries: readonly LedgerEntry[], packId: string, now: number): LedgerEntry[] {
  const left = packBalances(entries).get(packId) ?? 0;
  return left > 0 ? [{ packId, kind: "revoked", amount: -left, at: now }] : [];
}

/**
 * What a cancellation gives back: each spend of the booking returned to its pack, once (planRefund),
 * and, for a pack whose date has already passed, its expiry in the same breath, so a refund never
 * revives an expired pack (the member sees the line; the balance they can spend is unchanged).
 */
export function planReturn(
  packs: readonly CreditPackHolding[],
  entries: readonly LedgerEntry[],
  bookingId: string,
  now: number,
): LedgerEntry[] {
  const refunds = planRefund(entries, bookingId, now);
  if (refunds.length === 0) return [];
  const touched = new Set(refunds.map((entry) => entry.packId));
  const expiries = planExpiry(
    packs.filter((pack) => touched.has(pack.id)),
    [...entries, ...refunds],
    now,
  );
  return [...refunds, ...expiries];
}

/** The credits a booking holds now: what it spent less what came back (0 when refunded or never paid). */
export function creditsHeldBy(entries: readonly LedgerEntry[], bookingId: string): number {
  return 0 - entries.filter((entry) => entry.bookingId === bookingId).reduce((sum, entry) => sum + entry.amount, 0);
}

/** Credits left in each pack that can still be spent, soonest to expire first (for pages and reminders). */
export function packsWithCredits(
  packs: readonly CreditPackHolding[],
  entries: readonly LedgerEntry[],
  now: number,
): { pack: CreditPackHolding; left: number }[] {
  const balances = packBalances(entries);
  return spendOrder(packs)
    .filter((pack) => pack.expiresAt > now)
    .map((pack) => ({ pack, left: Math.max(0, balances.get(pack.id) ?? 0) }))
    .filter((row) => row.left > 0);
}

/** Packs with credits left whose expiry falls within `withinMs` of now: each is reminded once. */
export function packsExpiringSoon(packs: readonly CreditPackHolding[], entries: readonly LedgerEntry[], now: number, withinMs: number) {
  return packsWithCredits(packs, entries, now).filter((row) => row.pack.expiresAt <= now + withinMs);
}

export interface LedgerTotals {
  purchased: number;
  spent: number;
  refunded: number;
  expired: number;
  /** Taken back when a pack's payment was refunded or disputed. */
  revoked: number;
  adjusted: number;
  balance: number;
}

/** The totals by kind; purchased + adjusted = spent - refunded + expired + revoked + balance always holds. */
export function ledgerTotals(entries: readonly LedgerEntry[]): LedgerTotals {
  const totals: LedgerTotals = { purchased: 0, spent: 0, refunded: 0, expired: 0, revoked: 0, adjusted: 0, balance: 0 };
  for (const entry of entries) {
    if (entry.kind === "purchase") totals.purchased += entry.amount;
    else if (entry.kind === "spend") totals.spent -= entry.amount;
    else if (entry.kind === "refund") totals.refunded += entry.amount;
    else if (entry.kind === "expiry") totals.expired -= entry.amount;
    else if (entry.kind === "revoked") totals.revoked -= entry.amount;
    else totals.adjusted += entry.amount;
    totals.balance += entry.amount;
  }
  return totals;
}

/** Every broken rule in a member's ledger (empty when sound): used by tests and by a nightly check. */
export function ledgerProblems(packs: readonly CreditPackHolding[], entries: readonly LedgerEntry[]): string[] {
  const problems: string[] = [];
  const known = new Set(packs.map((pack) => pack.id));
  for (const entry of entries) {
    if (!isWellSigned(entry)) problems.push(`${entry.kind} of ${entry.amount} on ${entry.packId} has the wrong sign or is not whole`);
    if (!known.has(entry.packId)) problems.push(`entry for unknown pack ${entry.packId}`);
  }
  // Replayed in time order, no pack may ever dip below zero.
  const running = new Map<string, number>();
  for (const entry of [...entries].sort((a, b) => a.at - b.at || Math.sign(b.amount) - Math.sign(a.amount))) {
    const next = (running.get(entry.packId) ?? 0) + entry.amount;
    running.set(entry.packId, next);
    if (next < 0) problems.push(`pack ${entry.packId} went below zero (${next}) at ${entry.at}`);
  }
  for (const pack of packs) {
    const purchases = entries.filter((e) => e.packId === pack.id && e.kind === "purchase");
    if (purchases.length !== 1 || purchases[0].amount !== pack.credits)
      problems.push(`pack ${pack.id} must have exactly one purchase of ${pack.credits}`);
  }
  // Each booking's spends and refunds net to zero or to what it still holds, never a gain.
  const byBooking = new Map<string, number>();
  for (const entry of entries) if (entry.bookingId) byBooking.set(entry.bookingId, (byBooking.get(entry.bookingId) ?? 0) + entry.amount);
  for (const [bookingId, net] of byBooking) if (net > 0) problems.push(`booking ${bookingId} was refunded more than it spent`);
  return problems;
}
