import { createCustomToken, getAccount, identityAvailable, type IdentityAccount } from "~/services/identity/index.server";

/**
 * The sign-in account behind a member (phone, e-mail, how they sign in), as the identity service
 * holds it: the source of truth for the phone number and the verified e-mail.
 */

/** The member's sign-in account, or null when the identity service has none for them. */
export function getSignInAccount(uid: string): Promise<IdentityAccount | null> {
  return getAccount(uid);
}

/** Whether signing in works at all here (false when no identity service is configured). */
export function signInAvailable(): boolean {
  return identityAvailable();
}

/** A short-lived token the browser trades for a sign-in as `uid` (the session carried into the SDK). */
export function signInTokenFor(uid: string): Promise<string> {
  return createCustomToken(uid);
}
