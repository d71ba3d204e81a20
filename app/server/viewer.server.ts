import { redirect } from "@remix-run/node";
import { getEnv } from "~/lib/env.server";
import {
  IdentityError,
  createSessionCookie,
  deleteAccount,
  getAccount,
  identityAvailable,
  revokeSessions,
  verifyIdToken,
  verifySessionCookie,
  type IdentityAccount,
} from "~/services/identity/index.server";
import { commitSession, readSession, type SessionAuth, type VisitorSession } from "~/lib/session.server";
import { safeRedirectPath } from "~/lib/navigation";
import type { RouteHandle } from "~/lib/route-handle";
import {
  DEFAULT_PRIVATE_USER,
  buildSessionUserState,
  hasAnyRole,
  rolesFromClaims,
  type AuthSnapshot,
  type PrivateUser,
  type Role,
  type SessionUserState,
  validTimeZone,
} from "~/models/identity/user";
import { deletePrivateUserRecords, getPrivateUser, savePrivateUser } from "~/models/identity/user.server";

/**
 * Who is asking (docs/decisions/011-server-sessions.md). A session is a Firebase session cookie kept
 * inside our signed `__session`. Reads verify it locally and ask the identity provider about
 * revocation, disabled accounts and current roles at most once a minute per person; writes ask every
 * time. So a revoked session or a removed role stops the next write at once and reads within a minute.
 */

export interface Viewer {
  uid: string;
  anonymous: boolean;
  roles: Role[];
  account: AuthSnapshot;
  /** When this session's sign-in happened (unix s, the token's auth_time), for changes that need a recent one. */
  signedInAt: number;
}

/** §7 token sync: a token whose sign-in is older than this is not exchanged for a session. */
export const MAX_SIGN_IN_AGE_SECONDS = 300;
/** Clock skew allowed between the browser's token and this server. */
export const CLOCK_SKEW_SECONDS = 5;

/**
 * The same 300 s rule for what a session left open on a shared computer must not do (deleting the
 * account, minting a token for the browser's SDK): the session's own sign-in must be that recent.
 */
export function hasRecentSignIn(viewer: Pick<Viewer, "signedInAt">, now = Date.now()): boolean {
  // Both times are the identity provider's and this server's own, so no browser clock skew applies.
  return now / 1000 - viewer.signedInAt <= MAX_SIGN_IN_AGE_SECONDS;
}
/** How stale a read may be about revocation and roles. */
export const ACCOUNT_CHECK_MS = 60_000;

const accountChecks = new Map<string, { checkedAt: number; account: IdentityAccount | null }>();
const MAX_ACCOUNT_CHECKS = 10_000;

/**
 * The signed-in person (anonymous or not), or null. A forged, expired or revoked session is no session.
 * A POST is checked as a write unless `checkAs: "read"` says it changes nothing of the person's (an
 * analytics upload); `checkAs: "write"` asks the provider on a read too (every staff page, ADR 044).
 */
export async function getViewer(request: Request, options: { checkAs?: "read" | "write" } = {}): Promise<Viewer | null> {
  if (!identityAvailable()) return null;
  const session = await readSession(request.headers.get("Cookie") ?? "");
  const auth = readAuth(session);
  if (!auth) return null;
  const write = options.checkAs === "write" || (options.checkAs !== "read" && !["GET", "HEAD"].includes(request.method));
  return verifyAuth(auth, write ? 0 : ACCOUNT_CHECK_MS);
}

/** The viewer with their §3 session user state (reads the private record). */
export function getViewerState(request: Request, context?: object): Promise<ViewerState | null> {
  // The root and the page's own loader both need the viewer: with the request's load context (one
  // object per HTTP request, shared by every loader) the session is verified and the record read once.
  // Actions that change the record redirect (post/redirect/get), so no loader reuses a state from
  // before a write.
  if (!context) return loadViewerState(request);
  let state = statesByContext.get(context);
  if (!state) {
    state = loadViewerState(request);
    statesByContext.set(context, state);
  }
  return state;
}

export type ViewerState = { viewer: Viewer; user: SessionUserState };

const statesByContext = new WeakMap<object, Promise<ViewerState | null>>();

async function loadViewerState(request: Request): Promise<ViewerState | null> {
  const viewer = await getViewer(request);
  if (!viewer) return null;
  const record = viewer.anonymous ? null : await getPrivateUser(viewer.uid);
  return { viewer, user: buildSessionUserState(viewer.account, record, new Date()) };
}

/**
 * The route handle's guard: `requiresAuth` sends visitors (and anonymous accounts) to sign in and back,
 * a member who has not finished onboarding to onboarding, and `roles` answers 403 to anyone without one
 * of them. Call it from the loader and the action of every guarded route.
 */
export async function requireAccess(
  request: Request,
  handle: Partial<Pick<RouteHandle, "requiresAuth" | "roles">>,
  options: { allowOnboarding?: boolean; context?: object } = {},
): Promise<ViewerState> {
  const state = await getViewerState(request, options.context);
  const url = new URL(request.url);
  const here = safeRedirectPath(`${url.pathname}${url.search}`);
  if (!state || state.viewer.anonymous) {
    throw redirect(`/sign-in?next=${encodeURIComponent(here)}`);
  }
  const roles = handle.roles ?? [];
  if (!hasAnyRole(state.viewer.roles, roles)) {
    throw new Response(null, { status: 403, statusText: "This page is for Stillhour staff" });
  }
  if (!options.allowOnboarding && state.user.onboardingStatus !== "onboarded") {
    throw redirect(`/onboarding?next=${encodeURIComponent(here)}`);
  }
  return state;
}

export type StartSessionResult =
  | { ok: true; setCookie: string; viewer: Viewer; carriedOverFrom: string | null; kept?: false }
  /** An anonymous token beside a live member's session: nothing changes, the member stays signed in. */
  | { ok: true; setCookie: null; viewer: Viewer; carriedOverFrom: null; kept: true }
  | { ok: false; status: 401 | 403 | 503; reason: "invalid_token" | "stale_sign_in" | "revoked" | "disabled" | "unavailable" };

/**
 * §7 token sync: exchanges a fresh ID token for a session. The token is verified with revocation
 * checked, and refused when its sign-in (auth_time, not iat) is over 300 s old. When an anonymous
 * visitor signs into an existing account, what the anonymous account had is carried over first.
 */
export async function startSession(request: Request, idToken: string, now = Date.now()): Promise<StartSessionResult> {
  if (!identityAvailable()) return { ok: false, status: 503, reason: "unavailable" };
  let verified;
  try {
    verified = await verifyIdToken(idToken);
  } catch (error) {
    return refusal(error);
  }
  const signInAge = now / 1000 - verified.authTime;
  if (signInAge > MAX_SIGN_IN_AGE_SECONDS + CLOCK_SKEW_SECONDS || signInAge < -CLOCK_SKEW_SECONDS) {
    return { ok: false, status: 401, reason: "stale_sign_in" };
  }
  const session = await readSession(request.headers.get("Cookie") ?? "");
  const previous = readAuth(session);
  // A browser's anonymous sign-in that lands after the server signed a member in (an e-mail link, a
  // sign-in in another tab) must not sign them out: the browser adopts the member's session instead.
  const member = verified.anonymous && previous && !previous.anonymous ? await verifyAuth(previous, 0) : null;
  if (member) return { ok: true, setCookie: null, viewer: member, carriedOverFrom: null, kept: true };
  const expiresInMs = getEnv().SESSION_DAYS * 24 * 60 * 60 * 1000;
  let firebaseCookie: string;
  try {
    firebaseCookie = await createSessionCookie(idToken, expiresInMs);
  } catch (error) {
    return refusal(error);
  }
  let carriedOverFrom: string | null = null;
  if (previous?.anonymous && previous.uid !== verified.uid && !verified.anonymous) {
    await carryOverAnonymous(previous.uid, verified.uid);
    carriedOverFrom = previous.uid;
  }
  const auth: SessionAuth = { uid: verified.uid, anonymous: verified.anonymous, firebaseCookie, expiresAt: now + expiresInMs };
  session.set("auth", auth);
  session.unset("pendingEmail");
  accountChecks.delete(verified.uid);
  const viewer = await verifyAuth(auth, 0);
  if (!viewer) return { ok: false, status: 401, reason: "invalid_token" };
  if (!viewer.anonymous) await keepSessionZone(viewer.uid, session.get("timeZone"));
  return { ok: true, setCookie: await commitSession(session, new URL(request.url)), viewer, carriedOverFrom };
}

/**
 * Signs out: forgets the session here and, for a real account, revokes its refresh tokens and
 * sessions everywhere. The experiment key stays, so the visitor keeps their variants.
 */
export async function endSession(request: Request, options: { revoke?: boolean } = {}): Promise<string> {
  const session = await readSession(request.headers.get("Cookie") ?? "");
  const auth = readAuth(session);
  if (auth && !auth.anonymous && options.revoke !== false && identityAvailable()) {
    await revokeSessions(auth.uid).catch((error: unknown) => logIdentityProblem("revoke on sign-out failed", error));
    accountChecks.delete(auth.uid);
  }
  session.unset("auth");
  return commitSession(session, new URL(request.url));
}

/**
 * Moves what an abandoned anonymous account had onto the account the visitor signed into, then
 * deletes the anonymous account. The member's own values win; the anonymous one only fills gaps.
 */
export async function carryOverAnonymous(fromUid: string, toUid: string): Promise<void> {
  const from = await getPrivateUser(fromUid);
  if (from) {
    const to = (await getPrivateUser(toUid)) ?? DEFAULT_PRIVATE_USER;
    const fill: Partial<PrivateUser> = {};
    for (const key of ["mostRecentTimeZone", "location", "tracking", "hasTakenBreatheClass"] as const) {
      const mine = to[key];
      const theirs = from[key];
      const empty = mine === null || mine === false || (typeof mine === "object" && Object.keys(mine).length === 0);
      if (empty && theirs !== null) Object.assign(fill, { [key]: theirs });
    }
    if (Object.keys(fill).length > 0) await savePrivateUser(toUid, fill);
    await deletePrivateUserRecords(fromUid);
  }
  // The anonymous account is no longer reachable from any browser; leaving it would only wait for the
  // idle clean-up.
  await deleteAccount(fromUid).catch((error: unknown) => logIdentityProblem("anonymous account not deleted", error));
}

/**
 * A member who signs in where the browser already reported its zone (or one was chosen) keeps it on
 * their record: the tab reports only once, so mail would otherwise stay on an older zone (issue 34).
 */
async function keepSessionZone(uid: string, stored: unknown): Promise<void> {
  const raw = stored && typeof stored === "object" ? (stored as { zone?: unknown }).zone : null;
  const zone = typeof raw === "string" ? validTimeZone(raw) : null;
  if (!zone) return;
  // Only onto a record that exists: making one here would count as starting onboarding.
  const record = await getPrivateUser(uid);
  if (record && record.mostRecentTimeZone !== zone) await savePrivateUser(uid, { mostRecentTimeZone: zone });
}

function readAuth(session: VisitorSession): SessionAuth | null {
  const auth = session.get("auth");
  if (!auth || typeof auth !== "object") return null;
  if (typeof auth.uid !== "string" || typeof auth.firebaseCookie !== "string" || typeof auth.expiresAt !== "number") return null;
  if (auth.expiresAt <= Date.now()) return null;
  return auth;
}

async function verifyAuth(auth: SessionAuth, maxAccountAgeMs: number): Promise<Viewer | null> {
  let verified;
  try {
    verified = await verifySessionCookie(auth.firebaseCookie, false);
  } catch (error) {
    if (error instanceof IdentityError && error.code === "network") logIdentityProblem("session check failed", error);
    return null;
  }
  if (verified.uid !== auth.uid) return null;
  const account = await currentAccount(verified.uid, maxAccountAgeMs);
  if (!account || account.disabled) return null;
  // Revoked after this session began: the session is over.
  if (account.validAfter > verified.authTime * 1000) return null;
  return {
    uid: account.uid,
    anonymous: verified.anonymous,
    roles: verified.anonymous ? [] : rolesFromClaims(account.claims),
    signedInAt: verified.authTime,
    account: {
      uid: account.uid,
      isAnonymous: verified.anonymous,
      createdAt: account.createdAt,
      lastSignInAt: account.lastSignInAt,
      claims: account.claims,
    },
  };
}

async function currentAccount(uid: string, maxAgeMs: number): Promise<IdentityAccount | null> {
  const cached = accountChecks.get(uid);
  const now = Date.now();
  if (cached && now - cached.checkedAt < maxAgeMs) return cached.account;
  let account: IdentityAccount | null;
  try {
    account = await getAccount(uid);
  } catch (error) {
    // The provider cannot be reached: a read may use what we knew a little longer; a write may not.
    logIdentityProblem("account check failed", error);
    if (cached && maxAgeMs > 0 && now - cached.checkedAt < maxAgeMs * 5) return cached.account;
    return null;
  }
  if (accountChecks.size >= MAX_ACCOUNT_CHECKS) accountChecks.delete(accountChecks.keys().next().value as string);
  accountChecks.set(uid, { checkedAt: now, account });
  return account;
}

function refusal(error: unknown): StartSessionResult {
  if (error instanceof IdentityError) {
    if (error.code === "token_revoked") return { ok: false, status: 401, reason: "revoked" };
    if (error.code === "user_disabled") return { ok: false, status: 403, reason: "disabled" };
    if (error.code === "network" || error.code === "unavailable") {
      logIdentityProblem("token sync failed", error);
      return { ok: false, status: 503, reason: "unavailable" };
    }
  }
  return { ok: false, status: 401, reason: "invalid_token" };
}

function logIdentityProblem(msg: string, error: unknown) {
  const cause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.warn(JSON.stringify({ level: "warn", msg, cause }));
}
