import { createCookieSessionStorage } from "@remix-run/node";
import { EMULATOR_HOST, PROJECT, forgeEmulatorToken } from "./auth-emulator";
import { parseEnv } from "../../app/lib/env.server";

/**
 * A session whose sign-in was ten minutes ago, for `uid`: a Firebase session cookie made by the
 * emulator from a token with that `auth_time` (the emulator's tokens are unsigned, ADR 011), put in
 * this browser's `__session` in place of the fresh one, signed with the server's own secret.
 */
export async function ageSignIn(context: import("@playwright/test").BrowserContext, baseURL: string, uid: string) {
  const idToken = forgeEmulatorToken({ sub: uid, auth_time: Math.floor(Date.now() / 1000) - 600 });
  const made = await fetch(`http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}:createSessionCookie`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
    body: JSON.stringify({ idToken, validDuration: 3600 }),
  });
  const { sessionCookie } = (await made.json()) as { sessionCookie: string };
  const storage = createCookieSessionStorage({
    cookie: { name: "__session", httpOnly: true, sameSite: "lax", path: "/", secrets: [parseEnv(process.env).SESSION_SECRET] },
  });
  const current = (await context.cookies(baseURL)).find((cookie) => cookie.name === "__session")!;
  const session = await storage.getSession(`__session=${current.value}`);
  session.set("auth", { ...session.get("auth"), firebaseCookie: sessionCookie });
  const value = (await storage.commitSession(session)).split(";")[0].slice("__session=".length);
  await context.addCookies([{ ...current, value }]);
}
