/**
 * Sign-in failures in the site's own voice. The identity provider reports the same trouble two ways:
 * the web SDK as "auth/…" codes, the REST API the server calls as "UPPER_CASE" messages, sometimes
 * with detail after a colon ("INVALID_EMAIL : …"). Both map to one meaning, and each meaning to one
 * calm sentence that says what happened and what to do next. Vendor text never reaches the page.
 */

const AUTH_MESSAGES = {
  invalid_phone: "That phone number doesn't look right. Please check it and the country, then try again.",
  missing_phone: "Please enter your phone number so we can text you a code.",
  invalid_code: "That code doesn't match the one we sent. Please check the text message and try again.",
  missing_code: "Please enter the code from the text message we sent you.",
  code_expired: "That code has expired. Please ask for a new one.",
  too_many_requests: "That's a lot of tries in a short time. Please wait a few minutes, then try again.",
  network: "We couldn't reach the sign-in service. Please check your connection and try again.",
  quota: "We can't send any more codes just now. Please try again in a little while.",
  captcha: "We couldn't complete the quick check that you're a person. Please reload the page and try again.",
  user_disabled: "This account has been paused. Please write to us if you think that's a mistake.",
  invalid_link: "This sign-in link has already been used or has expired. Please ask for a new one.",
  expired_link: "That link has expired. Please ask for a new one.",
  invalid_email: "That email address doesn't look right. Please check it; it should look like name@example.com.",
  missing_email: "Please enter your email address.",
  email_in_use: "There's already an account with that email address. Please sign in instead.",
  // One sentence for "no such account" and "wrong password", so the page never tells a stranger who has an account.
  wrong_credentials: "That email and password don't match an account. Please check them and try again.",
  account_gone: "We couldn't find that account any more. Please sign in again, or create a new account.",
  weak_password: "That password is too easy to guess. Please choose a longer one.",
  popup_blocked: "Your browser stopped the sign-in window from opening. Please allow pop-ups for this site and try again.",
  popup_closed: "The sign-in window closed before you finished. Please try again when you're ready.",
  unauthorized_domain: "Signing in doesn't work from this web address. Please open the site from its usual address and try again.",
  not_allowed: "That way of signing in isn't available. Please choose another one.",
  credential_in_use: "That sign-in already belongs to another account. Please sign in with it directly.",
  account_exists: "You already have an account with that email, with a different way to sign in. Please sign in that way first.",
  recent_login: "For your safety, please sign in again before making this change.",
  session_expired: "Your sign-in has ended. Please sign in again.",
  storage_blocked: "Your browser is blocking what sign-in needs to remember you. Please allow cookies for this site and try again.",
  internal: "Something went wrong on our side. Please try again in a moment.",
  unknown: "We couldn't finish signing you in. Please try again, or come back a little later.",
} as const;

type AuthProblem = keyof typeof AUTH_MESSAGES;

const AUTH_CODE_PROBLEMS = {
  // Web SDK codes.
  "auth/invalid-phone-number": "invalid_phone",
  "auth/missing-phone-number": "missing_phone",
  "auth/invalid-verification-code": "invalid_code",
  "auth/missing-verification-code": "missing_code",
  "auth/invalid-verification-id": "code_expired",
  "auth/code-expired": "code_expired",
  "auth/too-many-requests": "too_many_requests",
  "auth/network-request-failed": "network",
  "auth/timeout": "network",
  "auth/quota-exceeded": "quota",
  "auth/captcha-check-failed": "captcha",
  "auth/user-disabled": "user_disabled",
  "auth/invalid-action-code": "invalid_link",
  "auth/expired-action-code": "expired_link",
  "auth/invalid-email": "invalid_email",
  "auth/missing-email": "missing_email",
  "auth/email-already-in-use": "email_in_use",
  "auth/user-not-found": "wrong_credentials",
  "auth/wrong-password": "wrong_credentials",
  "auth/invalid-credential": "wrong_credentials",
  "auth/invalid-login-credentials": "wrong_credentials",
  "auth/weak-password": "weak_password",
  "auth/popup-blocked": "popup_blocked",
  "auth/popup-closed-by-user": "popup_closed",
  "auth/cancelled-popup-request": "popup_closed",
  "auth/unauthorized-domain": "unauthorized_domain",
  "auth/operation-not-allowed": "not_allowed",
  "auth/credential-already-in-use": "credential_in_use",
  "auth/account-exists-with-different-credential": "account_exists",
  "auth/requires-recent-login": "recent_login",
  "auth/user-token-expired": "session_expired",
  "auth/invalid-user-token": "session_expired",
  "auth/web-storage-unsupported": "storage_blocked",
  "auth/internal-error": "internal",
  // Admin SDK codes, seen where the server checks a token or session cookie.
  "auth/id-token-expired": "session_expired",
  "auth/id-token-revoked": "session_expired",
  "auth/session-cookie-expired": "session_expired",
  "auth/session-cookie-revoked": "session_expired",
  // REST API messages.
  INVALID_OOB_CODE: "invalid_link",
  EXPIRED_OOB_CODE: "expired_link",
  INVALID_EMAIL: "invalid_email",
  MISSING_EMAIL: "missing_email",
  EMAIL_EXISTS: "email_in_use",
  EMAIL_NOT_FOUND: "wrong_credentials",
  INVALID_PASSWORD: "wrong_credentials",
  INVALID_LOGIN_CREDENTIALS: "wrong_credentials",
  USER_NOT_FOUND: "account_gone",
  WEAK_PASSWORD: "weak_password",
  TOO_MANY_ATTEMPTS_TRY_LATER: "too_many_requests",
  QUOTA_EXCEEDED: "quota",
  USER_DISABLED: "user_disabled",
  OPERATION_NOT_ALLOWED: "not_allowed",
  INVALID_ID_TOKEN: "session_expired",
  TOKEN_EXPIRED: "session_expired",
  INVALID_REFRESH_TOKEN: "session_expired",
  CREDENTIAL_TOO_OLD_LOGIN_AGAIN: "recent_login",
  INVALID_PHONE_NUMBER: "invalid_phone",
  MISSING_PHONE_NUMBER: "missing_phone",
  INVALID_CODE: "invalid_code",
  MISSING_CODE: "missing_code",
  SESSION_EXPIRED: "code_expired",
  INVALID_SESSION_INFO: "code_expired",
  CAPTCHA_CHECK_FAILED: "captcha",
  FEDERATED_USER_ID_ALREADY_LINKED: "credential_in_use",
} as const satisfies Record<string, Exclude<AuthProblem, "unknown">>;

export type AuthErrorCode = keyof typeof AUTH_CODE_PROBLEMS;

/** Every code this module has a sentence for, so callers and tests can go through them all. */
export const AUTH_ERROR_CODES = Object.keys(AUTH_CODE_PROBLEMS) as readonly AuthErrorCode[];

/** The sentence to show for an identity provider error code or REST message; unknown codes get a general one. */
export function authErrorMessage(code: string): string {
  const key = normalize(code);
  const problem: AuthProblem = Object.hasOwn(AUTH_CODE_PROBLEMS, key) ? AUTH_CODE_PROBLEMS[key as AuthErrorCode] : "unknown";
  return AUTH_MESSAGES[problem];
}

function normalize(code: string): string {
  const text = String(code ?? "").trim();
  // The SDK's error.message wraps its code: "Firebase: Error (auth/code-expired)."
  const wrapped = /\((auth\/[a-z-]+)\)/.exec(text);
  if (wrapped) return wrapped[1];
  if (text.startsWith("auth/")) return text;
  // REST messages may carry detail after the code: "INVALID_EMAIL : …", "WEAK_PASSWORD : Password should be …".
  return text.split(":")[0].trim();
}
