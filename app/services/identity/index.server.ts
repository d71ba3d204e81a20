import { Agent as HttpsAgent, type AgentOptions } from "node:https";
import { connect as plainConnect, type Socket } from "node:net";
import { connect as tlsConnect } from "node:tls";
import { getApps, initializeApp, type App, type AppOptions } from "firebase-admin/app";
import { getAuth, type Auth, type UserRecord } from "firebase-admin/auth";
import { getEnv, isDemo, type IdentityConfig } from "~/lib/env.server";

/**
 * The identity provider: Firebase Auth through firebase-admin and its REST API. The same adapter
 * talks to the real service or, in the demo and in tests, to the Firebase Auth emulator
 * (FIREBASE_AUTH_EMULATOR_HOST); nothing else in the app knows Firebase. Vendor errors stop here:
 * callers get an IdentityError with a stable code.
 */

export type IdentityErrorCode =
  | "unavailable"
  | "invalid_token"
  | "token_revoked"
  | "user_disabled"
  | "user_not_found"
  | "invalid_email"
  | "invalid_link"
  | "too_many_requests"
  | "quota_exceeded"
  | "network";

export class IdentityError extends Error {
  constructor(
    public readonly code: IdentityErrorCode,
    options?: { cause?: unknown },
  ) {
    super(`identity: ${code}`, options);
    this.name = "IdentityError";
  }
}

/** What the app needs from a verified token or session cookie. */
export interface VerifiedIdentity {
  uid: string;
  anonymous: boolean;
  /** Unix seconds when the person signed in (not when this token was issued). */
  authTime: number;
  /** Unix seconds when the token or cookie expires. */
  expiresAt: number;
  claims: Record<string, unknown>;
  email: string | null;
  phoneNumber: string | null;
}

/** The parts of an account the app reads. */
export interface IdentityAccount {
  uid: string;
  anonymous: boolean;
  disabled: boolean;
  email: string | null;
  phoneNumber: string | null;
  claims: Record<string, unknown>;
  /** Unix milliseconds. */
  createdAt: number;
  lastSignInAt: number | null;
  lastActiveAt: number | null;
  /** Unix milliseconds before which every token and session is revoked. */
  validAfter: number;
}

const REQUEST_TIMEOUT_MS = 10_000;

let auth: Auth | undefined;

/** The identity settings, or an IdentityError("unavailable") when sign-in is not configured. */
export function identityConfig(): Exclude<IdentityConfig, { mode: "off" }> {
  const config = getEnv().identity;
  // The emulator's tokens are unsigned: refused at start outside the demo, and never trusted there.
  if (config.mode === "off" || (config.mode === "emulator" && !isDemo())) throw new IdentityError("unavailable");
  return config;
}

export function identityAvailable(): boolean {
  const { mode } = getEnv().identity;
  return mode === "firebase" || (mode === "emulator" && isDemo());
}

function getAdminAuth(): Auth {
  if (auth) return auth;
  const config = identityConfig();
  const name = `identity-${config.projectId}`;
  const app: App =
    getApps().find((candidate) => candidate.name === name) ?? initializeApp({ projectId: config.projectId, ...standInOptions() }, name);
  auth = getAuth(app);
  return auth;
}

/**
 * Staging's stand-in for Google (IDENTITY_API_URL, refused elsewhere): the Admin SDK keeps its own
 * addresses, paths and checks (signatures against the fetched keys, audience, issuer, expiry,
 * revocation), and only its connections go to the stand-in; it needs no Google credential.
 */
function standInOptions(): Pick<AppOptions, "httpAgent" | "credential"> {
  const url = getEnv().IDENTITY_API_URL;
  if (!url) return {};
  const standIn = new URL(url);
  const port = Number(standIn.port || (standIn.protocol === "https:" ? 443 : 80));
  class StandInAgent extends HttpsAgent {
    override createConnection(
      options: AgentOptions & { servername?: string },
      callback?: (error: Error | null, socket: Socket) => void,
    ): Socket {
      const socket =
        standIn.protocol === "https:"
          ? tlsConnect({ host: standIn.hostname, port, servername: standIn.hostname })
          : plainConnect({ host: standIn.hostname, port });
      callback?.(null, socket);
      return socket;
    }
  }
  return {
    httpAgent: new StandInAgent({ keepAlive: true }),
    credential: { getAccessToken: async () => ({ access_token: "stand-in", expires_in: 3600 }) },
  };
}

/** Where the identity REST API is: Google's, the emulator's, or staging's stand-in. */
function restBase(config: Exclude<IdentityConfig, { mode: "off" }>): string {
  if (config.mode === "emulator") return `http://${config.emulatorHost}/identitytoolkit.googleapis.com/v1`;
  const standIn = getEnv().IDENTITY_API_URL;
  return standIn ? `${new URL(standIn).origin}/v1` : "https://identitytoolkit.googleapis.com/v1";
}

/** Verifies an ID token from the browser, always checking revocation and disabled accounts. */
export async function verifyIdToken(idToken: string): Promise<VerifiedIdentity> {
  try {
    return toIdentity(await getAdminAuth().verifyIdToken(idToken, true));
  } catch (error) {
    throw fromAdminError(error);
  }
}

/** Exchanges a fresh ID token for a session cookie lasting `expiresInMs`. */
export async function createSessionCookie(idToken: string, expiresInMs: number): Promise<string> {
  try {
    return await getAdminAuth().createSessionCookie(idToken, { expiresIn: expiresInMs });
  } catch (error) {
    throw fromAdminError(error);
  }
}

/**
 * Verifies a session cookie's signature and expiry. With `checkRevoked` the provider is asked too
 * (one network call); without it the check is local, against cached public keys.
 */
export async function verifySessionCookie(cookie: string, checkRevoked: boolean): Promise<VerifiedIdentity> {
  if (!checkRevoked) {
    const known = verifiedCookies.get(cookie);
    if (known && known.expiresAt * 1000 > Date.now()) return { ...known };
  }
  let identity: VerifiedIdentity;
  try {
    identity = toIdentity(await getAdminAuth().verifySessionCookie(cookie, checkRevoked));
  } catch (error) {
    throw fromAdminError(error);
  }
  verifiedCookies.delete(cookie);
  if (verifiedCookies.size >= MAX_VERIFIED_COOKIES) verifiedCookies.delete(verifiedCookies.keys().next().value as string);
  verifiedCookies.set(cookie, identity);
  return { ...identity };
}

/**
 * Session cookies whose signature checked out, until they expire (issue 25): a member sends the same
 * cookie with every page, and the local check (decode, signature, claims) gave the same answer each
 * time. Only the exact string is known: any other is checked afresh. Revocation is not the
 * signature's business: callers compare the account's "valid after" with the sign-in time, and a
 * revocation check (`checkRevoked`) always asks the provider.
 */
const verifiedCookies = new Map<string, VerifiedIdentity>();
const MAX_VERIFIED_COOKIES = 10_000;

/** The account as it is now; null when it no longer exists. */
export async function getAccount(uid: string): Promise<IdentityAccount | null> {
  try {
    return toAccount(await getAdminAuth().getUser(uid));
  } catch (error) {
    const mapped = fromAdminError(error);
    if (mapped.code === "user_not_found") return null;
    throw mapped;
  }
}

/** The account with this phone number (E.164) or e-mail address, or null (the staff people page). */
export async function findAccount(by: { phoneNumber: string } | { email: string }): Promise<IdentityAccount | null> {
  try {
    const user =
      "phoneNumber" in by ? await getAdminAuth().getUserByPhoneNumber(by.phoneNumber) : await getAdminAuth().getUserByEmail(by.email);
    return toAccount(user);
  } catch (error) {
    const mapped = fromAdminError(error);
    if (mapped.code === "user_not_found" || mapped.code === "invalid_token") return null;
    throw mapped;
  }
}

/**
 * A custom token that signs the browser's Firebase user in as `uid`, for a session the server began
 * (an e-mail link). In production the service account needs permission to sign blobs.
 */
export async function createCustomToken(uid: string): Promise<string> {
  try {
    return await getAdminAuth().createCustomToken(uid);
  } catch (error) {
    throw fromAdminError(error);
  }
}

/** Ends every session and refresh token of the account (sign-out everywhere, a removed role). */
export async function revokeSessions(uid: string): Promise<void> {
  try {
    await getAdminAuth().revokeRefreshTokens(uid);
  } catch (error) {
    const mapped = fromAdminError(error);
    if (mapped.code !== "user_not_found") throw mapped;
  }
}

/** Deletes the account; an account that is already gone counts as deleted. */
export async function deleteAccount(uid: string): Promise<void> {
  try {
    await getAdminAuth().deleteUser(uid);
  } catch (error) {
    const mapped = fromAdminError(error);
    if (mapped.code !== "user_not_found") throw mapped;
  }
}

/** Deletes up to 1,000 accounts in one call; returns the uids that could not be deleted. */
export async function deleteAccounts(uids: string[]): Promise<string[]> {
  if (uids.length === 0) return [];
  try {
    const result = await getAdminAuth().deleteUsers(uids);
    return result.errors.map((failure) => uids[failure.index]);
  } catch (error) {
    throw fromAdminError(error);
  }
}

/** One page of accounts, for batch jobs. */
export async function listAccounts(pageToken?: string): Promise<{ accounts: IdentityAccount[]; nextPageToken?: string }> {
  try {
    const page = await getAdminAuth().listUsers(1000, pageToken);
    return { accounts: page.users.map(toAccount), nextPageToken: page.pageToken };
  } catch (error) {
    throw fromAdminError(error);
  }
}

/** Sets the account's role claims (and a facilitator's teacher); the caller revokes sessions so old cookies lose the old roles. */
export async function setClaims(uid: string, claims: Record<string, boolean | string>): Promise<void> {
  try {
    await getAdminAuth().setCustomUserClaims(uid, claims);
  } catch (error) {
    throw fromAdminError(error);
  }
}

/** Adds the claims an existing account lacks, keeping every one it has (demo seeding); returns whether any was added. */
export async function addMissingClaims(uid: string, claims: Record<string, boolean | string>): Promise<boolean> {
  const account = await getAccount(uid);
  if (!account) return false;
  const missing = Object.entries(claims).filter(([key]) => !(key in account.claims));
  if (missing.length === 0) return false;
  await setClaims(uid, { ...(account.claims as Record<string, boolean | string>), ...Object.fromEntries(missing) });
  return true;
}

/** Creates an account with a chosen uid unless it exists (demo seeding); returns whether it was made. */
export async function ensureAccount(account: {
  uid: string;
  phoneNumber?: string;
  email?: string;
  displayName?: string;
  claims?: Record<string, boolean | string>;
}): Promise<boolean> {
  const adminAuth = getAdminAuth();
  if (await getAccount(account.uid)) return false;
  try {
    await adminAuth.createUser({
      uid: account.uid,
      phoneNumber: account.phoneNumber,
      email: account.email,
      emailVerified: Boolean(account.email),
      displayName: account.displayName,
    });
    if (account.claims) await adminAuth.setCustomUserClaims(account.uid, account.claims);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "auth/uid-already-exists") return false;
    throw fromAdminError(error);
  }
}

/**
 * A one-time sign-in code for `email`, made by the provider but not mailed by it: the site sends its
 * own e-mail through its own mailer (SMTP in production, the outbox in the demo), with a link to its
 * own `/auth/email-link`, so no e-mail template has to be set up in the Firebase console and the
 * message reads like the rest of our mail. `continueUrl` must be on an authorised domain.
 */
export async function createSignInLinkCode(email: string, continueUrl: string): Promise<string> {
  let link: string;
  try {
    link = await getAdminAuth().generateSignInWithEmailLink(email, { url: continueUrl, handleCodeInApp: true });
  } catch (error) {
    const code = String((error as { code?: unknown })?.code ?? "");
    if (code === "auth/invalid-email") throw new IdentityError("invalid_email", { cause: error });
    const mapped = fromAdminError(error);
    throw mapped.code === "invalid_token" ? new IdentityError("unavailable", { cause: error }) : mapped;
  }
  const oobCode = URL.canParse(link) ? new URL(link).searchParams.get("oobCode") : null;
  if (!oobCode) throw new IdentityError("unavailable");
  return oobCode;
}

/** Completes an e-mail link sign-in on the server; returns a fresh ID token for the session. */
export async function signInWithEmailLink(email: string, oobCode: string): Promise<{ idToken: string; uid: string; isNewUser: boolean }> {
  const body = await callRest("accounts:signInWithEmailLink", { email, oobCode });
  const idToken = typeof body.idToken === "string" ? body.idToken : null;
  const uid = typeof body.localId === "string" ? body.localId : null;
  if (!idToken || !uid) throw new IdentityError("invalid_link");
  return { idToken, uid, isNewUser: body.isNewUser === true };
}

/** What the emulator would have sent (sign-in links and SMS codes); empty outside the emulator. */
export async function readEmulatorOutbox(): Promise<{
  links: Array<{ email: string; oobCode: string; continueUrl: string | null }>;
  codes: Array<{ phoneNumber: string; code: string }>;
}> {
  const config = identityConfig();
  if (config.mode !== "emulator") return { links: [], codes: [] };
  const base = `http://${config.emulatorHost}/emulator/v1/projects/${config.projectId}`;
  const [links, codes] = await Promise.all([
    fetchJson(`${base}/oobCodes`, { method: "GET" }),
    fetchJson(`${base}/verificationCodes`, { method: "GET" }),
  ]);
  const oobCodes = Array.isArray(links.body.oobCodes) ? (links.body.oobCodes as Array<Record<string, unknown>>) : [];
  const verificationCodes = Array.isArray(codes.body.verificationCodes)
    ? (codes.body.verificationCodes as Array<Record<string, unknown>>)
    : [];
  return {
    links: oobCodes
      .filter((entry) => entry.requestType === "EMAIL_SIGNIN" && typeof entry.oobCode === "string")
      .map((entry) => ({
        email: String(entry.email ?? ""),
        oobCode: String(entry.oobCode),
        continueUrl: continueUrlOf(entry.oobLink),
      })),
    codes: verificationCodes
      .filter((entry) => typeof entry.code === "string")
      .map((entry) => ({ phoneNumber: String(entry.phoneNumber ?? ""), code: String(entry.code) })),
  };
}

async function callRest(method: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
  const config = identityConfig();
  const base = restBase(config);
  const { status, body } = await fetchJson(`${base}/${method}?key=${encodeURIComponent(config.apiKey)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(payload),
  });
  if (status >= 200 && status < 300) return body;
  const message = String((body.error as { message?: unknown } | undefined)?.message ?? "");
  throw new IdentityError(restErrorCode(message), { cause: new Error(`${method}: ${status} ${message}`) });
}

async function fetchJson(url: string, init: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    throw new IdentityError("network", { cause: error });
  }
  const body = (await response.json().catch(() => ({}))) as unknown;
  return { status: response.status, body: typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {} };
}

/** The provider's REST messages ("INVALID_OOB_CODE", "INVALID_EMAIL : …") in the app's words. */
export function restErrorCode(message: string): IdentityErrorCode {
  const code = message.split(":")[0].trim();
  switch (code) {
    case "INVALID_OOB_CODE":
    case "EXPIRED_OOB_CODE":
      return "invalid_link";
    case "INVALID_EMAIL":
    case "MISSING_EMAIL":
      return "invalid_email";
    case "TOO_MANY_ATTEMPTS_TRY_LATER":
      return "too_many_requests";
    case "QUOTA_EXCEEDED":
      return "quota_exceeded";
    case "USER_DISABLED":
      return "user_disabled";
    case "EMAIL_NOT_FOUND":
    case "USER_NOT_FOUND":
      return "user_not_found";
    default:
      return "unavailable";
  }
}

function fromAdminError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  const code = String((error as { code?: unknown })?.code ?? "");
  const mapped: IdentityErrorCode =
    code === "auth/id-token-revoked" || code === "auth/session-cookie-revoked"
      ? "token_revoked"
      : code === "auth/user-disabled"
        ? "user_disabled"
        : code === "auth/user-not-found"
          ? "user_not_found"
          : code === "auth/too-many-requests"
            ? "too_many_requests"
            : code === "app/network-error" || code === "auth/network-request-failed"
              ? "network"
              : code === "auth/internal-error"
                ? "unavailable"
                : "invalid_token";
  return new IdentityError(mapped, { cause: error });
}

function toIdentity(decoded: {
  uid: string;
  auth_time: number;
  exp: number;
  email?: string;
  phone_number?: string;
  firebase: { sign_in_provider: string };
  [claim: string]: unknown;
}): VerifiedIdentity {
  return {
    uid: decoded.uid,
    anonymous: decoded.firebase.sign_in_provider === "anonymous",
    authTime: decoded.auth_time,
    expiresAt: decoded.exp,
    claims: decoded,
    email: decoded.email ?? null,
    phoneNumber: decoded.phone_number ?? null,
  };
}

function toAccount(user: UserRecord): IdentityAccount {
  const lastRefresh = user.metadata.lastRefreshTime ? Date.parse(user.metadata.lastRefreshTime) : NaN;
  const lastSignIn = user.metadata.lastSignInTime ? Date.parse(user.metadata.lastSignInTime) : NaN;
  return {
    uid: user.uid,
    anonymous: user.providerData.length === 0 && !user.email && !user.phoneNumber,
    disabled: user.disabled,
    email: user.email ?? null,
    phoneNumber: user.phoneNumber ?? null,
    claims: user.customClaims ?? {},
    createdAt: Date.parse(user.metadata.creationTime),
    lastSignInAt: Number.isFinite(lastSignIn) ? lastSignIn : null,
    lastActiveAt: Number.isFinite(lastRefresh) ? lastRefresh : Number.isFinite(lastSignIn) ? lastSignIn : null,
    validAfter: user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : 0,
  };
}

function continueUrlOf(oobLink: unknown): string | null {
  if (typeof oobLink !== "string") return null;
  try {
    return new URL(oobLink).searchParams.get("continueUrl");
  } catch {
    return null;
  }
}
