import { getEnv } from "~/lib/env.server";
import { authErrorMessage } from "~/models/identity/auth-errors";
import { createHash } from "node:crypto";
import { IdentityError, createSignInLinkCode, signInWithEmailLink, type IdentityErrorCode } from "~/services/identity/index.server";
import { sendOnce } from "~/platform/mail.server";
import { clientAddress } from "~/lib/rate-limit.server";
import { createRateLimit } from "~/platform/rate-limit.server";
import { commitSession, readSession } from "~/lib/session.server";
import { startSession } from "./viewer.server";

/**
 * E-mail link sign-in, the path that works without JavaScript (§7): the server asks the identity
 * provider for a one-time code, mails the link itself (once, through the mailer, retried if the mail
 * server is away), remembers the address in this browser's session, and completes the sign-in on the
 * server when the link comes back.
 */

// Enough for a person who mistyped twice; too few to use the site as a mail cannon.
export const SIGN_IN_LINK_PER_ADDRESS = createRateLimit({ name: "sign-in-link-address", limit: 5, windowMs: 10 * 60_000, per: "address" });
const perAddress = SIGN_IN_LINK_PER_ADDRESS;
export const SIGN_IN_LINK_PER_EMAIL = createRateLimit({ name: "sign-in-link-email", limit: 3, windowMs: 10 * 60_000, per: "email" });
const perEmail = SIGN_IN_LINK_PER_EMAIL;

// The server's identity problems, said with the same sentences the browser's sign-in uses: each
// names the provider code whose sentence fits (models/auth-errors.ts is the one catalogue).
const PROVIDER_CODE: Record<IdentityErrorCode | "rate_limited", string> = {
  unavailable: "auth/internal-error",
  network: "auth/network-request-failed",
  invalid_email: "INVALID_EMAIL",
  too_many_requests: "TOO_MANY_ATTEMPTS_TRY_LATER",
  rate_limited: "TOO_MANY_ATTEMPTS_TRY_LATER",
  quota_exceeded: "QUOTA_EXCEEDED",
  user_disabled: "USER_DISABLED",
  invalid_link: "INVALID_OOB_CODE",
  invalid_token: "INVALID_ID_TOKEN",
  token_revoked: "auth/id-token-revoked",
  user_not_found: "USER_NOT_FOUND",
};

/** The sentence a person sees for an identity problem; never the provider's own text. */
export function identityMessage(code: IdentityErrorCode | "rate_limited"): string {
  return authErrorMessage(PROVIDER_CODE[code]);
}

export async function sendEmailSignInLink(
  request: Request,
  email: string,
  next: string,
): Promise<{ ok: true; setCookie: string } | { ok: false; status: number; code: IdentityErrorCode | "rate_limited" }> {
  const normalized = email.toLowerCase();
  if (!(await perAddress.attempt(clientAddress(request))).ok || !(await perEmail.attempt(normalized)).ok) {
    return { ok: false, status: 429, code: "rate_limited" };
  }
  const continueUrl = new URL("/auth/email-link", getEnv().PUBLIC_SITE_URL);
  continueUrl.searchParams.set("next", next);
  try {
    const oobCode = await createSignInLinkCode(normalized, continueUrl.toString());
    const link = new URL(continueUrl);
    link.searchParams.set("mode", "signIn");
    link.searchParams.set("oobCode", oobCode);
    await sendOnce({
      to: normalized,
      subject: "Your link to sign in to Stillhour",
      text: signInMailText(link.toString()),
      idempotencyKey: `sign-in-link:${createHash("sha256").update(oobCode).digest("hex").slice(0, 32)}`,
    });
  } catch (error) {
    const code = error instanceof IdentityError ? error.code : "unavailable";
    if (code === "unavailable" || code === "network") {
      console.warn(JSON.stringify({ level: "warn", msg: "sign-in link not sent", cause: String((error as Error).cause ?? error) }));
    }
    return { ok: false, status: code === "invalid_email" ? 400 : code === "too_many_requests" ? 429 : 503, code };
  }
  const session = await readSession(request.headers.get("Cookie") ?? "");
  session.set("pendingEmail", { email: normalized, next, sentAt: Date.now() });
  return { ok: true, setCookie: await commitSession(session, new URL(request.url)) };
}

function signInMailText(link: string): string {
  return [
    "Hello,",
    "",
    "Here is your link to sign in to Stillhour. It works once:",
    link,
    "",
    "Open it on this device, or on another one: there we ask for this e-mail address before signing you in.",
    "If it has stopped working, ask for a new one on the sign-in page.",
    "",
    "If you didn't ask for it, you can ignore this message. Nobody can sign in without the link.",
    "",
    "Stillhour",
  ].join("\n");
}

/** The address this browser asked a link for, if any. */
export async function pendingEmail(request: Request): Promise<string | null> {
  const session = await readSession(request.headers.get("Cookie") ?? "");
  return session.get("pendingEmail")?.email ?? null;
}

/** Completes sign-in with the link's code; returns the session cookie or why it failed. */
export async function completeEmailSignIn(
  request: Request,
  email: string,
  oobCode: string,
): Promise<{ ok: true; setCookie: string; isNewUser: boolean } | { ok: false; code: IdentityErrorCode }> {
  let signedIn;
  try {
    signedIn = await signInWithEmailLink(email.toLowerCase(), oobCode);
  } catch (error) {
    return { ok: false, code: error instanceof IdentityError ? error.code : "unavailable" };
  }
  const session = await startSession(request, signedIn.idToken);
  if (!session.ok) return { ok: false, code: session.reason === "disabled" ? "user_disabled" : "invalid_token" };
  // An e-mail link's token is never anonymous, so the session is always this person's new one.
  if (session.kept) return { ok: false, code: "invalid_token" };
  return { ok: true, setCookie: session.setCookie, isNewUser: signedIn.isNewUser };
}
