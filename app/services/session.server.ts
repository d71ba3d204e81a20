import { randomBytes } from "node:crypto";
import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { EXPERIMENT_KEY_PATTERN, assignVariants, type Variants } from "~/models/experiments";
import { getEnv } from "./env.server";

/**
 * The signed `__session` cookie (docs/decisions/004-session-cookie.md). It carries the visitor's
 * experimentKey and their assigned variants; later, a signed-in session sits beside them.
 */
interface SessionData {
  experimentKey: string;
  experiments: Record<string, string>;
}

const ONE_YEAR = 60 * 60 * 24 * 365;

let storage: ReturnType<typeof createCookieSessionStorage<SessionData>> | undefined;

function getStorage() {
  storage ??= createCookieSessionStorage<SessionData>({
    cookie: {
      name: "__session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: ONE_YEAR,
      secrets: [getEnv().SESSION_SECRET],
    },
  });
  return storage;
}

export interface Visitor {
  experimentKey: string;
  variants: Variants;
  /** A Set-Cookie value to send when the cookie was missing, tampered, malformed or out of date. */
  setCookie: string | null;
  /** The Cookie header downstream code should see, so it reads the same session we decided on. */
  cookieHeader: string;
}

/** True when the request is served over plain HTTP on this machine, where a Secure cookie would be dropped. */
export function isLocalRequest(url: URL): boolean {
  return ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

/** Reads the visitor's session, creating a fresh one when the cookie is absent or cannot be trusted. */
export function getVisitor(request: Request): Promise<Visitor> {
  return getVisitorFromCookie(request.headers.get("Cookie") ?? "", new URL(request.url));
}

/** The same, from the raw Cookie header: the server's front door calls it before any Request exists. */
export async function getVisitorFromCookie(cookieHeader: string, url: URL): Promise<Visitor> {
  let session: Session<SessionData>;
  try {
    session = await getStorage().getSession(cookieHeader);
  } catch {
    // A malformed cookie is ignored and replaced, never an error.
    session = await getStorage().getSession();
  }
  const storedKey = session.get("experimentKey");
  const storedExperiments = session.get("experiments");
  const keyIsValid = typeof storedKey === "string" && EXPERIMENT_KEY_PATTERN.test(storedKey);
  const experimentKey = keyIsValid ? storedKey : randomBytes(16).toString("base64url");
  const stored = keyIsValid && isPlainRecord(storedExperiments) ? storedExperiments : {};
  const variants = assignVariants(experimentKey, stored);

  const unchanged = keyIsValid && sameRecord(stored, variants);
  if (unchanged) return { experimentKey, variants, setCookie: null, cookieHeader };

  session.set("experimentKey", experimentKey);
  session.set("experiments", { ...variants });
  const setCookie = await getStorage().commitSession(session, { secure: !isLocalRequest(url) });
  const sessionPair = setCookie.split(";")[0];
  const others = cookieHeader
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith("__session="));
  return { experimentKey, variants, setCookie, cookieHeader: [...others, sessionPair].join("; ") };
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function sameRecord(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(b);
  return Object.keys(a).length === keys.length && keys.every((key) => a[key] === b[key]);
}
