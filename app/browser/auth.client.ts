import { getApps, initializeApp } from "firebase/app";
import {
  PhoneAuthProvider,
  RecaptchaVerifier,
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  linkWithPhoneNumber,
  onIdTokenChanged,
  signInAnonymously,
  signInWithCredential,
  signInWithCustomToken,
  signInWithPhoneNumber,
  signOut,
  updatePhoneNumber,
  type Auth,
  type ConfirmationResult,
  type User,
} from "firebase/auth";
import type { PublicIdentityConfig } from "~/services/identity/config";
import { discardBody } from "~/lib/discard-body";

/**
 * The browser's side of sign-in (docs/decisions/011-server-sessions.md), loaded only after the page is
 * interactive. It keeps the Firebase user and the server's session in step:
 * - no user after authStateReady(): sign in anonymously (§1, §4), once per browser, not per load;
 * - a fresh token (signed in within 300 s) is posted once to /api/session;
 * - the server is the truth: when it has no session for a member whose sign-in is old, the browser
 *   signs out too; when it has one for someone else (an e-mail link finished on the server), the
 *   browser adopts it.
 * `initializeAuth` with explicit persistence and no popup/redirect resolver keeps this chunk small.
 */

export interface AuthHooks {
  /** The member the page was rendered for, or null (visitors and anonymous accounts). */
  serverUid: () => string | null;
  /** The server's session changed: the page should load its data again. */
  onSessionChanged: () => void;
  /** True on the page a sign-out lands on: the browser must drop its user too. */
  signedOutHere: () => boolean;
}

const MAX_SIGN_IN_AGE_MS = 300_000;
const SYNCED_KEY = "stillhour.syncedToken";

let auth: Auth | null = null;
let hooks: AuthHooks | null = null;
let ready: Promise<Auth> | null = null;
// Pages that need the user (the phone form) may ask before the runtime has started it.
let announceReady: (instance: Promise<Auth>) => void = () => {};
const whenStarted = new Promise<Auth>((resolve) => {
  announceReady = (instance) => void instance.then(resolve, () => {});
});
let adopting = false;
// The latest page's word on whether the server's session may be handed over (PublicIdentityConfig).
let handOver = false;
let confirmation: ConfirmationResult | null = null;
let verifier: RecaptchaVerifier | null = null;

/** Starts sign-in for this page; safe to call again (it only updates the hooks and re-checks). */
export function startAuth(config: PublicIdentityConfig, nextHooks: AuthHooks): Promise<Auth> {
  hooks = nextHooks;
  handOver = config.handOver === true;
  if (ready) {
    void ready.then((current) => reconcile(current.currentUser));
    return ready;
  }
  ready = (async () => {
    const app =
      getApps()[0] ??
      initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId, appId: config.appId });
    const instance = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
    if (config.mode === "emulator" && config.emulatorHost) {
      connectAuthEmulator(instance, `http://${config.emulatorHost}`, { disableWarnings: true });
    }
    auth = instance;
    await instance.authStateReady();
    // Linking a phone changes the token but not the user, so only onIdTokenChanged sees it.
    onIdTokenChanged(instance, (user) => void reconcile(user));
    if (!instance.currentUser) await signInAnonymouslyQuietly(instance);
    return instance;
  })();
  announceReady(ready);
  return ready;
}

/** Sends a sign-in code by SMS; `buttonId` is the element the invisible reCAPTCHA attaches to. */
export async function sendPhoneCode(phoneNumber: string, buttonId: string): Promise<void> {
  const instance = await requireAuth();
  verifier?.clear();
  verifier = new RecaptchaVerifier(instance, buttonId, { size: "invisible" });
  const user = instance.currentUser;
  // From the anonymous account, link the phone: the uid (and everything the visitor had) stays.
  confirmation = user?.isAnonymous
    ? await linkWithPhoneNumber(user, phoneNumber, verifier)
    : await signInWithPhoneNumber(instance, phoneNumber, verifier);
}

let changeVerificationId: string | null = null;

/** Settings: texts a code to a member's new number (the browser's user must be that member). */
export async function sendPhoneChangeCode(phoneNumber: string, buttonId: string): Promise<void> {
  const instance = await requireAuth();
  const user = instance.currentUser;
  if (!user || user.isAnonymous || user.uid !== hooks?.serverUid()) {
    throw Object.assign(new Error("not the signed-in member"), { code: "auth/requires-recent-login" });
  }
  verifier?.clear();
  verifier = new RecaptchaVerifier(instance, buttonId, { size: "invisible" });
  changeVerificationId = await new PhoneAuthProvider(instance).verifyPhoneNumber(phoneNumber, verifier);
}

/** Settings: confirms the code and moves the member's account to the new number. */
export async function confirmPhoneChange(code: string): Promise<void> {
  const instance = await requireAuth();
  const user = instance.currentUser;
  if (!user || !changeVerificationId) throw Object.assign(new Error("no code was sent"), { code: "auth/code-expired" });
  await updatePhoneNumber(user, PhoneAuthProvider.credential(changeVerificationId, code));
  changeVerificationId = null;
}

/**
 * Confirms the code. When the number already belongs to another account, signs into that account
 * instead; the server carries the anonymous visitor's things over when the new token is synced.
 */
export async function confirmPhoneCode(code: string): Promise<{ uid: string }> {
  const instance = await requireAuth();
  if (!confirmation) throw Object.assign(new Error("no code was sent"), { code: "auth/code-expired" });
  let user: User;
  try {
    user = (await confirmation.confirm(code)).user;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== "auth/credential-already-in-use" && code !== "auth/account-exists-with-different-credential") throw error;
    const credential = PhoneAuthProvider.credentialFromError(error as never);
    if (!credential) throw error;
    user = (await signInWithCredential(instance, credential)).user;
  }
  confirmation = null;
  // A fresh token whose auth_time is now, so the server accepts it.
  const token = await user.getIdToken(true);
  const synced = await postToken(token);
  if (!synced.ok) throw Object.assign(new Error("session not saved"), { code: "auth/network-request-failed" });
  return { uid: user.uid };
}

/** Drops the browser's user (after the server ended the session), then starts a fresh anonymous one. */
export async function signOutHere(): Promise<void> {
  const instance = await requireAuth();
  sessionStorage.removeItem(SYNCED_KEY);
  if (instance.currentUser && !instance.currentUser.isAnonymous) {
    // Listeners first: once the user changes, Firestore would refuse them (permission-denied noise).
    const { stopUserRecordSubscriptions } = await import("./live-user.client");
    stopUserRecordSubscriptions();
    await signOut(instance);
  }
  if (!instance.currentUser) await signInAnonymouslyQuietly(instance);
}

async function reconcile(user: User | null) {
  const instance = auth;
  if (!instance || !hooks) return;
  if (!user) return;
  const serverUid = hooks.serverUid();
  if (hooks.signedOutHere() && !user.isAnonymous) {
    await signOutHere();
    return;
  }
  let result;
  try {
    result = await user.getIdTokenResult();
  } catch {
    return; // offline: try again on the next token change
  }
  const fresh = Date.now() - Date.parse(result.authTime) <= MAX_SIGN_IN_AGE_MS;
  if (serverUid && serverUid !== user.uid) {
    // Only while the server will hand it over (within five minutes of signing in): asking later would
    // only put a refused request in the console.
    if (handOver) await adoptServerSession(instance);
    return;
  }
  if (!serverUid && !user.isAnonymous && !fresh) {
    // The server ended this member's session (signed out elsewhere, expired, revoked): follow it.
    await signOutHere();
    return;
  }
  if (!fresh || sessionStorage.getItem(SYNCED_KEY) === result.token) return;
  const synced = await postToken(result.token);
  // The server now holds a member the page was not rendered for: this member signing in, or (after
  // a late anonymous token) a member it kept. Load the page's data again; the re-check then adopts it.
  const session = synced.ok ? synced.session : null;
  if (session && !session.anonymous && session.uid !== serverUid) hooks.onSessionChanged();
}

/** A token sync's outcome: whose session the server holds now (null when this token was synced before). */
type SyncResult = { ok: false } | { ok: true; session: { uid: string; anonymous: boolean } | null };

// A token being posted: the token-change listener, a navigation's re-check and a revalidation can
// all reconcile the same new token at once, and only the first should reach the server.
const posting = new Map<string, Promise<SyncResult>>();

/** §7 token sync: POST the token as a bearer token, same origin; never the same token twice. */
function postToken(token: string): Promise<SyncResult> {
  if (sessionStorage.getItem(SYNCED_KEY) === token) return Promise.resolve({ ok: true, session: null });
  let pending = posting.get(token);
  if (!pending) {
    pending = sendToken(token).finally(() => posting.delete(token));
    posting.set(token, pending);
  }
  return pending;
}

async function sendToken(token: string): Promise<SyncResult> {
  try {
    const response = await fetch("/api/session", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      credentials: "same-origin",
    });
    if (!response.ok) {
      await discardBody(response);
      return { ok: false };
    }
    const answer = (await response.json()) as { uid?: unknown; anonymous?: unknown };
    sessionStorage.setItem(SYNCED_KEY, token);
    return { ok: true, session: typeof answer.uid === "string" ? { uid: answer.uid, anonymous: answer.anonymous === true } : null };
  } catch {
    return { ok: false };
  }
}

/** The server signed someone in without the browser (an e-mail link): sign the browser in as them. */
async function adoptServerSession(instance: Auth) {
  if (adopting) return;
  adopting = true;
  try {
    const response = await fetch("/api/session/token", { method: "POST", credentials: "same-origin" });
    if (!response.ok) return;
    const { token } = (await response.json()) as { token?: string };
    if (token) await signInWithCustomToken(instance, token);
  } catch {
    // The page still works from the server's session; the browser tries again on the next load.
  }
}

async function signInAnonymouslyQuietly(instance: Auth) {
  try {
    await signInAnonymously(instance);
  } catch (error) {
    // too-many-requests (about 100 new accounts an hour per address) or offline: the page stays usable.
    console.warn("Anonymous sign-in skipped:", (error as { code?: string }).code ?? "unknown");
  }
}

function requireAuth(): Promise<Auth> {
  return ready ?? whenStarted;
}
