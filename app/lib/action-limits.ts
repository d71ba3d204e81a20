/**
 * Limits declared with the action (issue 35; ADR 035 addendum). Every route module with an action
 * exports `actionLimits`: for each thing its action does (by intent, or "post" for a form with one),
 * what it does and what limits it. An action that sends mail, charges, redeems or writes on a
 * member's behalf names the store-backed limits it counts against (app/platform/rate-limit.server.ts:
 * per account and per address or e-mail where it applies), or, where a rate is not the guard, the
 * bound that is (one record per member and class; staff only and audited). A test
 * (tests/architecture/action-limits.test.ts) walks every route module and fails when an action has
 * no declaration, or when it reaches the mailer, the payment provider or a redemption without
 * declaring that it does.
 */

/** What an action may do that needs a limit. */
export type ActionKind = "mail" | "charge" | "redeem" | "write";

/** What a limit counts by. */
export type LimitKey = "account" | "address" | "email" | "member-and-address";

/** A limit as the store-backed limiter declares it. */
export interface DeclaredLimit {
  readonly name: string;
  readonly limit: number;
  readonly windowMs: number;
  readonly per: LimitKey;
}

export type ActionLimit =
  | { readonly does: readonly ActionKind[]; readonly limits: readonly DeclaredLimit[] }
  /** No rate applies; `bound` says what keeps repeats harmless or who alone may do it. */
  | { readonly does: readonly ActionKind[]; readonly bound: string };

/** A route's declaration, checked by type here and by the architecture test for completeness. */
export function defineActionLimits<T extends Record<string, ActionLimit>>(limits: T): T {
  return limits;
}

/** The bound of every back-office action: only staff with the page's role reach it, and each change is audited. */
export const STAFF_ONLY = "staff with this page's role only; every change is written to the audit log";
