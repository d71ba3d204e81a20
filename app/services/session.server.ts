import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { getEnv } from "./env.server";
import { isLocalRequest } from "./security-headers.server";

/**
 * The signed `__session` cookie (docs/decisions/004-session-cookie.md): HttpOnly, SameSite=Lax,
 * a year long, Secure except on localhost. What it holds is decided by the models that use it.
 */
export interface SessionData {
  experimentKey: string;
  experiments: Record<string, string>;
}

export type VisitorSession = Session<SessionData>;

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

/** Reads the session from a Cookie header; a missing, tampered or malformed cookie gives an empty one. */
export async function readSession(cookieHeader: string): Promise<VisitorSession> {
  try {
    return await getStorage().getSession(cookieHeader);
  } catch {
    return getStorage().getSession();
  }
}

/** Signs the session into a Set-Cookie value for this address. */
export function commitSession(session: VisitorSession, url: URL): Promise<string> {
  return getStorage().commitSession(session, { secure: !isLocalRequest(url) });
}
