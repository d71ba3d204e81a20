import { type KeyObject, createHmac, createSecretKey } from "node:crypto";
import { createCookieSessionStorage, createSession, type Session } from "@remix-run/node";
import { getEnv } from "./env.server";
import { secureCookies } from "./site-address.server";

/**
 * The signed `__session` cookie (docs/decisions/004-session-cookie.md): HttpOnly, SameSite=Lax,
 * a year long, Secure unless the configured site is this machine over plain HTTP (site-address.server.ts). What it holds is decided by the models that use it.
 */
export interface SessionData {
  experimentKey: string;
  experiments: Record<string, string>;
  /**
   * The signed-in person (docs/decisions/011-server-sessions.md): a Firebase session cookie and what
   * we read from it when it was made. `anonymous` lets the front door serve cached pages without
   * verifying anything; the Firebase cookie is verified before any personal data is read.
   */
  auth?: SessionAuth;
  /** An e-mail sign-in link was sent from this browser: the address, so the link completes here. */
  pendingEmail?: { email: string; next: string; sentAt: number };
  /** The visitor's time zone (issue 9): detected by the browser, or chosen on a form. */
  timeZone?: { zone: string; source: "browser" | "chosen" };
}

export interface SessionAuth {
  uid: string;
  anonymous: boolean;
  /** The Firebase session cookie (a JWT the identity provider signed). */
  firebaseCookie: string;
  /** Unix milliseconds when the Firebase cookie expires. */
  expiresAt: number;
}

export type VisitorSession = Session<SessionData>;

const ONE_YEAR = 60 * 60 * 24 * 365;
const COOKIE_NAME = "__session";

let storage: ReturnType<typeof createCookieSessionStorage<SessionData>> | undefined;

function getStorage() {
  storage ??= createCookieSessionStorage<SessionData>({
    cookie: {
      name: COOKIE_NAME,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: ONE_YEAR,
      secrets: [getEnv().SESSION_SECRET],
    },
  });
  return storage;
}

/**
 * What each key must look like to be read. The signature says the server wrote the cookie, but a
 * leaked or default secret (the demo's) lets anyone sign anything: a value of another shape is
 * dropped on reading rather than trusted (a string `auth` once made every page answer 500).
 */
const SESSION_SHAPES: { [K in keyof SessionData]-?: (value: unknown) => boolean } = {
  experimentKey: (value) => typeof value === "string" && value.length <= 200,
  experiments: (value) => isRecord(value) && Object.values(value).every((variant) => typeof variant === "string"),
  auth: (value) =>
    isRecord(value) &&
    typeof value.uid === "string" &&
    typeof value.anonymous === "boolean" &&
    typeof value.firebaseCookie === "string" &&
    typeof value.expiresAt === "number" &&
    Number.isFinite(value.expiresAt),
  pendingEmail: (value) =>
    isRecord(value) && typeof value.email === "string" && typeof value.next === "string" && typeof value.sentAt === "number",
  timeZone: (value) => isRecord(value) && typeof value.zone === "string" && (value.source === "browser" || value.source === "chosen"),
};

/**
 * Reads the session from a Cookie header; a missing, tampered or malformed cookie gives an empty one,
 * and a key whose value has the wrong shape is left out.
 */
export async function readSession(cookieHeader: string): Promise<VisitorSession> {
  // A Cookie header already read, checked and found well-formed: its data again, as a new session.
  const known = readSessions.get(cookieHeader);
  if (known !== undefined) return createSession<SessionData>(JSON.parse(known) as SessionData);
  let session: VisitorSession;
  try {
    session = await getStorage().getSession(cookieHeader);
  } catch {
    return getStorage().getSession();
  }
  for (const [key, fits] of Object.entries(SESSION_SHAPES) as Array<[keyof SessionData, (value: unknown) => boolean]>) {
    if (session.has(key) && !fits(session.get(key))) session.unset(key);
  }
  if (Object.keys(session.data).length > 0 && cookieHeader.length <= MAX_KEPT_COOKIE_LENGTH) {
    if (readSessions.size >= MAX_KEPT_SESSIONS) readSessions.clear();
    readSessions.set(cookieHeader, JSON.stringify(session.data));
  }
  return session;
}

/**
 * Cookie headers read before, and the checked data each held (JSON, so every reader gets its own copy
 * to change). Checking the signature and decoding the cookie (Remix's escape loop over every
 * character) was 3 % of a member page's server time, on every request and for the same cookie.
 * Only a header whose session verified and held something is kept, and only the exact header: a
 * changed byte is read afresh.
 */
const readSessions = new Map<string, string>();
const MAX_KEPT_SESSIONS = 5_000;
const MAX_KEPT_COOKIE_LENGTH = 4_096;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Signs the session into a Set-Cookie value for this address. A member's cookie lives exactly as long
 * as the Firebase session inside it; a visitor's (experiment key, anonymous account) a year.
 */
export function commitSession(session: VisitorSession, url: URL): Promise<string> {
  const auth = session.get("auth");
  const maxAge = auth && !auth.anonymous ? Math.max(0, Math.floor((auth.expiresAt - Date.now()) / 1000)) : ONE_YEAR;
  return getStorage().commitSession(session, { secure: secureCookies(url), maxAge });
}

/** Whether a Cookie header carries a session cookie at all (a first visit's does not). */
export function hasSessionCookie(cookieHeader: string): boolean {
  return cookieHeader.includes(`${COOKIE_NAME}=`);
}

/**
 * The Set-Cookie value for a brand-new visitor's session, byte for byte what `commitSession` writes
 * for the same data (same JSON, base64, HMAC-SHA256 signature, attributes), made without Remix's
 * cookie codec: its character-by-character escape and asynchronous signing were most of what a first
 * visit to a cached page cost (docs/decisions/043). Only for a session that holds nothing personal
 * (the experiment key and variants of a visitor with no cookie yet); everything else goes through
 * `commitSession`.
 */
export function signNewVisitorSession(data: Pick<SessionData, "experimentKey" | "experiments">, url: URL): string {
  const value = Buffer.from(JSON.stringify(data), "utf8").toString("base64");
  // A SHA-256 digest is 32 bytes: 43 base64 characters and one "=" of padding, which Remix drops.
  const signature = createHmac("sha256", signingKey()).update(value).digest("base64").slice(0, 43);
  return `${COOKIE_NAME}=${encodeURIComponent(`${value}.${signature}`)}${secureCookies(url) ? NEW_VISITOR_ATTRIBUTES_SECURE : NEW_VISITOR_ATTRIBUTES}`;
}

const NEW_VISITOR_ATTRIBUTES = `; Max-Age=${ONE_YEAR}; Path=/; HttpOnly; SameSite=Lax`;
const NEW_VISITOR_ATTRIBUTES_SECURE = `; Max-Age=${ONE_YEAR}; Path=/; HttpOnly; Secure; SameSite=Lax`;

/** The session secret as a key object, made once per secret rather than converted for every signature. */
function signingKey(): KeyObject {
  const secret = getEnv().SESSION_SECRET;
  if (keptKey?.secret !== secret) keptKey = { secret, key: createSecretKey(Buffer.from(secret, "utf8")) };
  return keptKey.key;
}

let keptKey: { secret: string; key: KeyObject } | undefined;
