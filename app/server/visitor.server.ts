import { randomBytes } from "node:crypto";
import { getGeolocation } from "~/adapters/geolocation/index.server";
import { commitSession, readSession } from "~/lib/session.server";
import { regionOf, type VisitorRegion } from "~/features/billing/subscribe";
import { EXPERIMENT_KEY_PATTERN, assignVariants, type Variants } from "~/platform/experiments";
import { canonicalTimeZone, type VisitorTimeZone } from "~/features/identity/time-zone";

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
  const session = await readSession(cookieHeader);
  const storedKey = session.get("experimentKey");
  const storedExperiments = session.get("experiments");
  const keyIsValid = typeof storedKey === "string" && EXPERIMENT_KEY_PATTERN.test(storedKey);
  const experimentKey = keyIsValid ? storedKey : randomBytes(16).toString("base64url");
  const stored = keyIsValid && isPlainRecord(storedExperiments) ? storedExperiments : {};
  const variants = assignVariants(experimentKey, stored);
  const auth = session.get("auth");
  const member = Boolean(auth && typeof auth.uid === "string" && auth.anonymous === false);
  const timeZone = readTimeZone(session.get("timeZone"));

  if (keyIsValid && sameRecord(stored, variants)) return { experimentKey, variants, setCookie: null, cookieHeader, member, timeZone };

  session.set("experimentKey", experimentKey);
  session.set("experiments", { ...variants });
  const setCookie = await commitSession(session, url);
  const sessionPair = setCookie.split(";")[0];
  const others = cookieHeader
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith("__session="));
  return { experimentKey, variants, setCookie, cookieHeader: [...others, sessionPair].join("; "), member, timeZone };
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
