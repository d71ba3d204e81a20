import { randomBytes } from "node:crypto";
import { getGeolocation } from "~/services/geolocation/index.server";
import { commitSession, hasSessionCookie, readSession, signNewVisitorSession } from "~/lib/session.server";
import { regionOf, type VisitorRegion } from "~/models/billing/subscribe";
import { EXPERIMENT_KEY_PATTERN, assignVariants, type Variants } from "~/platform/experiments";
import { canonicalTimeZone, type VisitorTimeZone } from "~/models/identity/time-zone";

/** A visitor as the session knows them: their experiment key and the variants they were given. */
export interface Visitor {
  experimentKey: string;
  variants: Variants;
  /** A Set-Cookie value to send when the cookie was missing, tampered, malformed or out of date. */
  setCookie: string | null;
  /** The Cookie header downstream code should see, so it reads the same session we decided on. */
  cookieHeader: string;
  /**
   * True when the session names a signed-in, non-anonymous person. Read from our own signed cookie,
   * so it is cheap and cannot be forged; such requests never touch the shared page cache.
   */
  member: boolean;
  /** The zone times are shown in, when the browser or the visitor has told us; null until then. */
  timeZone: VisitorTimeZone | null;
}

/** Reads the visitor from a request, creating a fresh session when the cookie cannot be trusted. */
export function getVisitor(request: Request): Promise<Visitor> {
  return getVisitorFromCookie(request.headers.get("Cookie") ?? "", new URL(request.url));
}

/** The same, from the raw Cookie header: the server's front door calls it before any Request exists. */
export async function getVisitorFromCookie(cookieHeader: string, url: URL): Promise<Visitor> {
  if (!hasSessionCookie(cookieHeader)) return newVisitor(cookieHeader, url);
  const session = await readSession(cookieHeader);
  const storedKey = session.get("experimentKey");
  const storedExperiments = session.get("experiments");
  const keyIsValid = typeof storedKey === "string" && EXPERIMENT_KEY_PATTERN.test(storedKey);
  const experimentKey = keyIsValid ? storedKey : newExperimentKey();
  const stored = keyIsValid && isPlainRecord(storedExperiments) ? storedExperiments : {};
  const variants = assignVariants(experimentKey, stored);
  const auth = session.get("auth");
  const member = Boolean(auth && typeof auth.uid === "string" && auth.anonymous === false);
  const timeZone = readTimeZone(session.get("timeZone"));

  if (keyIsValid && sameRecord(stored, variants)) return { experimentKey, variants, setCookie: null, cookieHeader, member, timeZone };

  session.set("experimentKey", experimentKey);
  session.set("experiments", { ...variants });
  const setCookie = await commitSession(session, url);
  return { experimentKey, variants, setCookie, cookieHeader: withSessionCookie(cookieHeader, setCookie), member, timeZone };
}

/** The Cookie header with its session replaced by the one just set, other cookies kept. */
function withSessionCookie(cookieHeader: string, setCookie: string): string {
  if (cookieHeader === "") return setCookie.slice(0, setCookie.indexOf(";"));
  const others = cookieHeader
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith("__session="));
  return [...others, setCookie.slice(0, setCookie.indexOf(";"))].join("; ");
}

/**
 * A first visit (no session cookie at all): a new key, its variants and the signed cookie, without
 * reading an empty session or going through Remix's cookie codec. The cookie is the one
 * `commitSession` would write for the same data, so every later request reads it the usual way.
 */
function newVisitor(cookieHeader: string, url: URL): Visitor {
  const experimentKey = newExperimentKey();
  const variants = assignVariants(experimentKey);
  const setCookie = signNewVisitorSession({ experimentKey, experiments: { ...variants } }, url);
  return { experimentKey, variants, setCookie, cookieHeader: withSessionCookie(cookieHeader, setCookie), member: false, timeZone: null };
}

// Random bytes drawn 4 KB at a time: one call to the system's generator serves 256 new visitors.
const KEY_BYTES = 16;
let keyPool = Buffer.alloc(0);
let keyPoolOffset = 0;

function newExperimentKey(): string {
  if (keyPoolOffset + KEY_BYTES > keyPool.length) {
    keyPool = randomBytes(KEY_BYTES * 256);
    keyPoolOffset = 0;
  }
  const key = keyPool.subarray(keyPoolOffset, keyPoolOffset + KEY_BYTES).toString("base64url");
  keyPoolOffset += KEY_BYTES;
  return key;
}

/** The session's zone, re-checked: a cookie from an older runtime may name a zone this one lacks. */
function readTimeZone(stored: unknown): VisitorTimeZone | null {
  if (!isPlainRecord(stored)) return null;
  const zone = canonicalTimeZone(stored.zone);
  return zone ? { zone, source: stored.source === "chosen" ? "chosen" : "browser" } : null;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function sameRecord(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(b);
  return Object.keys(a).length === keys.length && keys.every((key) => a[key] === b[key]);
}

/**
 * Remembers the visitor's zone in their session and returns the Set-Cookie value. A zone the browser
 * detected never replaces one the visitor chose; null means there was nothing to change.
 */
export async function rememberTimeZone(request: Request, choice: VisitorTimeZone): Promise<string | null> {
  const session = await readSession(request.headers.get("Cookie") ?? "");
  const current = readTimeZone(session.get("timeZone"));
  if (choice.source === "browser" && current?.source === "chosen") return null;
  if (current?.zone === choice.zone && current.source === choice.source) return null;
  session.set("timeZone", { zone: choice.zone, source: choice.source });
  return commitSession(session, new URL(request.url));
}

/**
 * Where the visitor is, as far as the subscribe flow needs (§9 `nonCASingleStep`): from the address
 * the front door recorded (x-client-ip), through geolocation (docs/decisions/024). Unknown on failure.
 */
export async function getVisitorRegion(request: Request): Promise<VisitorRegion> {
  return regionOf(await getGeolocation().locate(request.headers.get("x-client-ip")));
}
