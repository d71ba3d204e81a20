import { describe, expect, it } from "vitest";
import { parseEnv, type IdentityConfig } from "~/lib/env.server";
import {
  baseSecurityHeaders,
  contentSecurityPolicy,
  createNonce,
  formTargets,
  marketingAllowances,
  permissionsPolicy,
} from "./security-headers.server";

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

describe("createNonce", () => {
  it("gives 16 random bytes in base64, never the same twice, across refills of its pool", () => {
    const nonces = Array.from({ length: 1_000 }, () => createNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
  });
});

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
    expect(csp.get("script-src")).toEqual([
      "'self'",
      `'${HASH_A}'`,
      "https://www.google.com/recaptcha/",
      "https://www.gstatic.com/recaptcha/",
    ]);
    expect(csp.get("frame-src")).toEqual([
      "https://www.google.com/recaptcha/",
      "https://recaptcha.google.com/recaptcha/",
      "https://auth.stillhour.example",
    ]);
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

/** A staging deployment's settings with Stripe and Daily, plus what a test adds. */
function staging(extra: Record<string, string> = {}) {
  return parseEnv({
    APP_ENV: "staging",
    SESSION_SECRET: "a-real-enough-secret-for-a-test-0000000",
    ANALYTICS_KEY: "staging-analytics-key",
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: "sk_test_abcdefghijklmnop",
    STRIPE_WEBHOOK_SECRET: "whsec_abcdefghijklmnop",
    MAIL_TRANSPORT: "smtp",
    SMTP_URL: "smtp://127.0.0.1:2525",
    VIDEO_PROVIDER: "daily",
    DAILY_API_KEY: "daily-key-0000000000000000",
    DAILY_DOMAIN: "stillhour",
    STREAMING_PROVIDER: "mux",
    MUX_SIGNING_KEY_ID: "muxkey0000000000",
    MUX_SIGNING_PRIVATE_KEY: "x".repeat(120),
    ...extra,
  });
}

describe("where a form's redirect may go (issue 24: form-action also governs the redirect after a post)", () => {
  it("allows Stripe's hosted checkout and the Daily subdomain's rooms, and nothing broader", () => {
    const targets = formTargets(staging());
    expect(targets).toEqual(["https://checkout.stripe.com", "https://stillhour.daily.co"]);
    const csp = directives(contentSecurityPolicy({ nonce: createNonce() }, OFF, targets));
    expect(csp.get("form-action")).toEqual(["'self'", "https://checkout.stripe.com", "https://stillhour.daily.co"]);
    expect(csp.get("form-action")!.join(" ")).not.toMatch(/\*|https:(\s|$)|http:(\s|$)/);
  });

  it("allows staging's local stand-ins' origins instead, when they are configured", () => {
    const targets = formTargets(staging({ STRIPE_API_URL: "http://localhost:3511", DAILY_API_URL: "http://localhost:3512/" }));
    expect(targets).toEqual(["http://localhost:3511", "http://localhost:3512"]);
  });

  it("allows no other origin in the demo, whose checkout and rooms are on the site itself", () => {
    expect(formTargets(parseEnv({ APP_ENV: "demo" }))).toEqual([]);
    expect(directives(contentSecurityPolicy({ nonce: createNonce() }, OFF, [])).get("form-action")).toEqual(["'self'"]);
  });

  it("refuses a stand-in's address outside staging", () => {
    expect(() =>
      staging({
        APP_ENV: "production",
        FIREBASE_PROJECT_ID: "stillhour-prod",
        FIREBASE_WEB_API_KEY: "AIzaSyA-not-a-real",
        STRIPE_API_URL: "http://localhost:3511",
      }),
    ).toThrow(/STRIPE_API_URL/);
    expect(() => parseEnv({ APP_ENV: "demo", DAILY_API_URL: "http://localhost:3512" })).toThrow(/DAILY_API_URL/);
    expect(() => parseEnv({ APP_ENV: "demo", IDENTITY_API_URL: "http://127.0.0.1:3513" })).toThrow(/IDENTITY_API_URL/);
    expect(staging({ IDENTITY_API_URL: "http://127.0.0.1:3513" }).IDENTITY_API_URL).toBe("http://127.0.0.1:3513");
  });
});

describe("Permissions-Policy (issue 24: the front desk's scanner needs the camera)", () => {
  it("lets the front desk page use the camera from its own origin", () => {
    expect(permissionsPolicy("/staff/studio")).toContain("camera=(self)");
    expect(baseSecurityHeaders(new URL("http://localhost:3000/staff/studio?studio=brooklyn"))["Permissions-Policy"]).toContain(
      "camera=(self)",
    );
  });

  it.each(["/", "/staff/classes", "/staff/studio/anything", "/account", "/staff/studios"])("keeps the camera off on %s", (path) => {
    const policy = baseSecurityHeaders(new URL(`http://localhost:3000${path}`))["Permissions-Policy"];
    expect(policy).toContain("camera=()");
    expect(policy).toContain("microphone=()");
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
    expect(marketingAllowances({ AD_PIXEL_ID: "1234567890" })).toEqual({
      script: ["https://connect.facebook.net"],
      connect: ["https://www.facebook.com"],
    });
    const gtm = marketingAllowances({ TAG_MANAGER_ID: "GTM-ABCD12" });
    expect(gtm.script).toEqual(["https://www.googletagmanager.com"]);
    expect(gtm.connect.every((origin) => origin.startsWith("https://"))).toBe(true);
    expect(marketingAllowances({ SOCIAL_TRACKING_ID: "o1abc" }).script).toEqual(["https://static.ads-twitter.com"]);
  });
});
