import { describe, expect, it } from "vitest";
import type { IdentityConfig } from "~/lib/env.server";
import { baseSecurityHeaders, contentSecurityPolicy, createNonce, marketingAllowances } from "./security-headers.server";

const OFF: IdentityConfig = { mode: "off" };
const EMULATOR: IdentityConfig = {
  mode: "emulator",
  projectId: "demo-stillhour",
  apiKey: "demo-api-key-for-the-emulator",
  authDomain: "demo-stillhour.firebaseapp.com",
  emulatorHost: "127.0.0.1:9099",
};
const FIREBASE: IdentityConfig = {
  mode: "firebase",
  projectId: "stillhour-prod",
  apiKey: "AIzaSyA-not-a-real-key-000",
  authDomain: "auth.stillhour.example",
};

/** The policy as a map from directive name to its sources, so tests can read one directive at a time. */
function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    expect(map.has(name), `directive ${name} appears once`).toBe(false);
    map.set(name, sources);
  }
  return map;
}

const HASH_A = "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=";
const HASH_B = "sha256-RFWPLDbv2BY+rCkDzsE+0fr8ylGr2R2faWMhq4lfEQc=";

describe("contentSecurityPolicy", () => {
  it("lets inline scripts run only with the response's nonce", () => {
    const nonce = createNonce();
    const csp = directives(contentSecurityPolicy({ nonce }, OFF));
    expect(csp.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(csp.get("script-src")!.join(" ")).not.toMatch(/unsafe-inline|unsafe-eval|sha256/);
  });

  it("lists a stored page's script hashes instead of a nonce", () => {
    const csp = directives(contentSecurityPolicy({ hashes: [HASH_A, HASH_B] }, OFF));
    expect(csp.get("script-src")).toEqual(["'self'", `'${HASH_A}'`, `'${HASH_B}'`]);
  });

  it("keeps a page with no inline scripts to its own origin", () => {
    expect(directives(contentSecurityPolicy({ hashes: [] }, OFF)).get("script-src")).toEqual(["'self'"]);
  });

  it("is as strict as before when sign-in is off", () => {
    const csp = directives(contentSecurityPolicy({ nonce: createNonce() }, OFF));
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("frame-src")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("font-src")).toEqual(["'self'"]);
  });

  it("lets the browser reach the Auth emulator, and nothing else, in emulator mode", () => {
    const csp = directives(contentSecurityPolicy({ nonce: createNonce() }, EMULATOR));
    expect(csp.get("connect-src")).toEqual(["'self'", "http://127.0.0.1:9099"]);
    expect(csp.get("script-src")).toHaveLength(2);
    expect(csp.get("frame-src")).toEqual(["'none'"]);
  });

  it("allows Firebase's endpoints, reCAPTCHA and the auth domain's frame for a real project", () => {
    const csp = directives(contentSecurityPolicy({ hashes: [HASH_A] }, FIREBASE));
    expect(csp.get("connect-src")).toEqual([
      "'self'",
      "https://identitytoolkit.googleapis.com",
      "https://securetoken.googleapis.com",
      "https://firestore.googleapis.com",
    ]);
    expect(csp.get("script-src")).toEqual(["'self'", `'${HASH_A}'`, "https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"]);
    expect(csp.get("frame-src")).toEqual(["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/", "https://auth.stillhour.example"]);
    // Sign-in widens what the page may reach, never who may frame it or where forms go.
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
  });

  it.each([
    { nonce: "abc' 'unsafe-inline" },
    { nonce: "short" },
    { nonce: "aaaaaaaaaaaaaaaaaaaa; script-src *" },
    { hashes: ["sha256-abc'; script-src *"] },
    { hashes: ["unsafe-inline"] },
    { hashes: ["md5-AAAA"] },
  ])("refuses a script source that could break out of the header (%j)", (scripts) => {
    expect(() => contentSecurityPolicy(scripts, OFF)).toThrow();
  });
});

describe("baseSecurityHeaders", () => {
  it("adds HSTS only away from this machine", () => {
    expect(baseSecurityHeaders(new URL("http://localhost:3000/"))["Strict-Transport-Security"]).toBeUndefined();
    expect(baseSecurityHeaders(new URL("https://www.stillhour.example/"))["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
  });
});

describe("the ad pixel, tag manager and social script in the CSP (issue 13)", () => {
  it("allows none of their origins by default (the embedded default has none configured)", () => {
    expect(marketingAllowances({})).toEqual({ script: [], connect: [] });
    const csp = directives(contentSecurityPolicy({ nonce: createNonce() }, OFF));
    expect(csp.get("script-src")!.some((source) => /facebook|googletagmanager|twitter/.test(source))).toBe(false);
  });

  it("allows each one's origins only when it is configured", () => {
    expect(marketingAllowances({ AD_PIXEL_ID: "1234567890" })).toEqual({ script: ["https://connect.facebook.net"], connect: ["https://www.facebook.com"] });
    const gtm = marketingAllowances({ TAG_MANAGER_ID: "GTM-ABCD12" });
    expect(gtm.script).toEqual(["https://www.googletagmanager.com"]);
    expect(gtm.connect.every((origin) => origin.startsWith("https://"))).toBe(true);
    expect(marketingAllowances({ SOCIAL_TRACKING_ID: "o1abc" }).script).toEqual(["https://static.ads-twitter.com"]);
  });
});
