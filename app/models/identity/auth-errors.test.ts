import { describe, expect, it } from "vitest";
import { AUTH_ERROR_CODES, authErrorMessage } from "./auth-errors";

const GENERIC = authErrorMessage("auth/a-code-nobody-has-seen-yet");

const WEB_CODES = [
  "auth/invalid-phone-number",
  "auth/missing-phone-number",
  "auth/invalid-verification-code",
  "auth/code-expired",
  "auth/too-many-requests",
  "auth/network-request-failed",
  "auth/quota-exceeded",
  "auth/captcha-check-failed",
  "auth/user-disabled",
  "auth/invalid-action-code",
  "auth/expired-action-code",
  "auth/invalid-email",
  "auth/email-already-in-use",
  "auth/user-not-found",
  "auth/wrong-password",
  "auth/popup-blocked",
  "auth/unauthorized-domain",
  "auth/operation-not-allowed",
  "auth/credential-already-in-use",
  "auth/account-exists-with-different-credential",
  "auth/requires-recent-login",
  "auth/internal-error",
];

const REST_CODES = [
  "INVALID_OOB_CODE",
  "EXPIRED_OOB_CODE",
  "INVALID_EMAIL",
  "TOO_MANY_ATTEMPTS_TRY_LATER",
  "QUOTA_EXCEEDED",
  "USER_DISABLED",
  "OPERATION_NOT_ALLOWED",
  "INVALID_ID_TOKEN",
  "TOKEN_EXPIRED",
];

describe("the code list", () => {
  it("includes every code the sign-in screens and the server are known to meet", () => {
    for (const code of [...WEB_CODES, ...REST_CODES]) expect(AUTH_ERROR_CODES).toContain(code);
  });

  it("has no duplicates", () => {
    expect(new Set(AUTH_ERROR_CODES).size).toBe(AUTH_ERROR_CODES.length);
  });
});

describe("authErrorMessage", () => {
  it.each([...AUTH_ERROR_CODES])("%s has a sentence of its own, not the general one", (code) => {
    expect(authErrorMessage(code)).not.toBe(GENERIC);
  });

  it.each([...AUTH_ERROR_CODES, "unknown"])("%s reads as one calm sentence with no vendor text", (code) => {
    const sentence = authErrorMessage(code);
    expect(sentence).toMatch(/^[A-Z][^]*[.]$/);
    expect(sentence.length).toBeLessThan(120);
    expect(sentence).not.toMatch(/firebase|google|identity ?toolkit|auth\//i);
    expect(sentence).not.toMatch(/\b[A-Z]{2,}_[A-Z_]+\b|\b[A-Z]{3,}\b/);
    expect(sentence).not.toMatch(/!|error/i);
    // What to do next.
    expect(sentence).toMatch(/please/i);
  });

  it("gives each web code the screens meet a different sentence, apart from the two that must not differ", () => {
    const bySentence = new Map<string, string[]>();
    for (const code of WEB_CODES) bySentence.set(authErrorMessage(code), [...(bySentence.get(authErrorMessage(code)) ?? []), code]);
    const shared = [...bySentence.values()].filter((codes) => codes.length > 1);
    expect(shared).toEqual([["auth/user-not-found", "auth/wrong-password"]]);
  });

  it("never tells a stranger whether an account exists", () => {
    const sentence = authErrorMessage("auth/wrong-password");
    for (const code of [
      "auth/user-not-found",
      "auth/invalid-credential",
      "EMAIL_NOT_FOUND",
      "INVALID_PASSWORD",
      "INVALID_LOGIN_CREDENTIALS",
    ]) {
      expect(authErrorMessage(code), code).toBe(sentence);
    }
  });

  it("says the same for a web code and its REST twin", () => {
    const twins: [string, string][] = [
      ["auth/invalid-email", "INVALID_EMAIL"],
      ["auth/invalid-action-code", "INVALID_OOB_CODE"],
      ["auth/expired-action-code", "EXPIRED_OOB_CODE"],
      ["auth/too-many-requests", "TOO_MANY_ATTEMPTS_TRY_LATER"],
      ["auth/quota-exceeded", "QUOTA_EXCEEDED"],
      ["auth/user-disabled", "USER_DISABLED"],
      ["auth/operation-not-allowed", "OPERATION_NOT_ALLOWED"],
      ["auth/invalid-phone-number", "INVALID_PHONE_NUMBER"],
      ["auth/invalid-verification-code", "INVALID_CODE"],
      ["auth/code-expired", "SESSION_EXPIRED"],
      ["auth/requires-recent-login", "CREDENTIAL_TOO_OLD_LOGIN_AGAIN"],
      ["auth/user-token-expired", "TOKEN_EXPIRED"],
    ];
    for (const [web, rest] of twins) expect(authErrorMessage(rest), rest).toBe(authErrorMessage(web));
  });

  it("tells apart failures that need different next steps", () => {
    const distinct = (a: string, b: string) => expect(authErrorMessage(a), `${a} / ${b}`).not.toBe(authErrorMessage(b));
    distinct("auth/code-expired", "auth/invalid-verification-code");
    distinct("auth/invalid-action-code", "auth/expired-action-code");
    distinct("auth/too-many-requests", "auth/quota-exceeded");
    distinct("auth/network-request-failed", "auth/internal-error");
    distinct("INVALID_ID_TOKEN", "USER_NOT_FOUND");
  });

  it("reads a REST message with detail after the colon", () => {
    expect(authErrorMessage("INVALID_EMAIL : something")).toBe(authErrorMessage("INVALID_EMAIL"));
    expect(authErrorMessage("WEAK_PASSWORD : Password should be at least 6 characters")).toBe(authErrorMessage("WEAK_PASSWORD"));
    expect(authErrorMessage("TOO_MANY_ATTEMPTS_TRY_LATER: Access to this account has been temporarily disabled")).toBe(
      authErrorMessage("auth/too-many-requests"),
    );
    expect(authErrorMessage("  TOKEN_EXPIRED  ")).toBe(authErrorMessage("TOKEN_EXPIRED"));
  });

  it("finds the code inside the SDK's own error text", () => {
    expect(authErrorMessage("Firebase: Error (auth/code-expired).")).toBe(authErrorMessage("auth/code-expired"));
    expect(authErrorMessage("Firebase: Error (auth/not-a-real-code).")).toBe(GENERIC);
  });

  it.each([
    "",
    "   ",
    "auth/",
    "auth/something-new",
    "SOMETHING_NEW",
    "invalid_email",
    "Auth/invalid-email",
    "constructor",
    "__proto__",
    "toString",
    ":",
  ])("gives the general sentence for %j", (code) => {
    expect(authErrorMessage(code)).toBe(GENERIC);
  });
});
