import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, requiredSetting } from "./env.server";

describe("configuration", () => {
  it("runs the demo on APP_ENV=demo alone: SQLite, seeded, port 3000", () => {
    const env = parseEnv({ APP_ENV: "demo" });
    expect(env.dataStore).toBe("sqlite");
    expect(env.seedDemoContent).toBe(true);
    expect(env.PORT).toBe(3000);
    expect(env.PAYMENT_PROVIDER).toBe("demo");
  });

  it("chooses Firestore when a Firebase project is configured, without seeding it", () => {
    const env = parseEnv({ APP_ENV: "demo", FIREBASE_PROJECT_ID: "stillhour-staging" });
    expect(env.dataStore).toBe("firestore");
    expect(env.seedDemoContent).toBe(false);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ DATA_STORE: "mongo" }, "DATA_STORE"],
    [{ DATA_STORE: "firestore" }, "FIREBASE_PROJECT_ID"],
    [{ PUBLIC_SITE_URL: "not a url" }, "PUBLIC_SITE_URL"],
    [
      {
        APP_ENV: "production",
        FIREBASE_PROJECT_ID: "real-project",
        SESSION_SECRET: "x".repeat(40),
        FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
      },
      "FIREBASE_AUTH_EMULATOR_HOST",
    ],
    [{ APP_ENV: "production", FIREBASE_PROJECT_ID: "real-project" }, "SESSION_SECRET"],
    [{ APP_ENV: "production", FIREBASE_PROJECT_ID: "real-project", SESSION_SECRET: "x".repeat(40) }, "PAYMENT_PROVIDER"],
    [{ PAYMENT_PROVIDER: "stripe" }, "STRIPE_SECRET_KEY"],
    [{ MAIL_TRANSPORT: "smtp" }, "SMTP_URL"],
    [{ MAIL_TRANSPORT: "smtp", SMTP_URL: "http://not-smtp" }, "SMTP_URL"],
    [
      {
        APP_ENV: "production",
        FIREBASE_PROJECT_ID: "real-project",
        SESSION_SECRET: "x".repeat(40),
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_live_abcdefghijkl",
        STRIPE_WEBHOOK_SECRET: "whsec_abcdefghijkl",
        VIDEO_PROVIDER: "daily",
        DAILY_API_KEY: "k".repeat(40),
        DAILY_DOMAIN: "stillhour",
      },
      "MAIL_TRANSPORT",
    ],
    [{ VIDEO_PROVIDER: "daily" }, "DAILY_API_KEY"],
    [{ VIDEO_PROVIDER: "daily", DAILY_API_KEY: "k".repeat(40) }, "DAILY_DOMAIN"],
    [{ VIDEO_PROVIDER: "daily", DAILY_API_KEY: "k".repeat(40), DAILY_DOMAIN: "Not A Domain" }, "DAILY_DOMAIN"],
    [
      {
        APP_ENV: "production",
        FIREBASE_PROJECT_ID: "real-project",
        SESSION_SECRET: "x".repeat(40),
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_live_abcdefghijkl",
        STRIPE_WEBHOOK_SECRET: "whsec_abcdefghijkl",
      },
      "VIDEO_PROVIDER",
    ],
    [{ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_abcdefghijkl" }, "STRIPE_WEBHOOK_SECRET"],
    [{ ALGOLIA_APP_ID: "ABCDEF1234" }, "ALGOLIA_SEARCH_KEY"],
    [{ ALGOLIA_SEARCH_KEY: "k".repeat(32) }, "ALGOLIA_APP_ID"],
    [{ ALGOLIA_APP_ID: "evil.example/", ALGOLIA_SEARCH_KEY: "k".repeat(32) }, "ALGOLIA_APP_ID"],
    [{ METRICS_PORT: "3000" }, "METRICS_PORT"],
    [{ METRICS_TOKEN: "short" }, "METRICS_TOKEN"],
    [{ METRICS_TOKEN: `${"t".repeat(40)} with spaces` }, "METRICS_TOKEN"],
    [{ GOOGLE_CLOUD_PROJECT: "Not A Project" }, "GOOGLE_CLOUD_PROJECT"],
  ])("stops on %j with a message naming %s", (source, name) => {
    let error: unknown;
    try {
      // In the demo unless the row names its mode, so each row is refused for its own reason.
      parseEnv({ APP_ENV: "demo", ...source });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).message).toContain(name);
  });
});

/** A staging deployment with a real vendor behind every port: what `APP_ENV=staging` must be given. */
const STAGING = {
  APP_ENV: "staging",
  SESSION_SECRET: "s".repeat(48),
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_test_abcdefghijkl",
  STRIPE_WEBHOOK_SECRET: "whsec_abcdefghijkl",
  MAIL_TRANSPORT: "smtp",
  SMTP_URL: "smtp://mail.example.com:587",
  VIDEO_PROVIDER: "daily",
  DAILY_API_KEY: "k".repeat(40),
  DAILY_DOMAIN: "stillhour",
  STREAMING_PROVIDER: "mux",
  MUX_SIGNING_KEY_ID: "abcdefghij0123",
  MUX_SIGNING_PRIVATE_KEY: "p".repeat(200),
  ANALYTICS_KEY: "staging-analytics-key-0001",
};

function problemsOf(source: Record<string, string | undefined>): string {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.message;
    throw error;
  }
  return "(parsed without a problem)";
}

describe("the demo is a choice (issue 23, item 8)", () => {
  it("with no APP_ENV set, refuses the demo's defaults instead of running as the demo", () => {
    const problems = problemsOf({});
    for (const name of ["SESSION_SECRET", "PAYMENT_PROVIDER", "MAIL_TRANSPORT", "VIDEO_PROVIDER", "STREAMING_PROVIDER", "ANALYTICS_KEY"]) {
      expect(problems, `the demo default of ${name} is refused`).toContain(name);
    }
    expect(problems, "the message says how to choose the demo").toContain("APP_ENV=demo");
  });

  it("with no APP_ENV set, a Firebase project alone does not make a demo on Firestore", () => {
    expect(problemsOf({ FIREBASE_PROJECT_ID: "stillhour-prod", FIREBASE_WEB_API_KEY: "web-api-key-0123" })).toContain("PAYMENT_PROVIDER");
  });

  it("staging with a real vendor behind every port parses, and seeds nothing unless asked", () => {
    const env = parseEnv(STAGING);
    expect(env.APP_ENV).toBe("staging");
    expect(env.seedDemoContent).toBe(false);
    expect(env.identity.mode).toBe("off");
  });

  it.each([
    ["FIREBASE_AUTH_EMULATOR_HOST", { FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" }],
    ["PAYMENT_PROVIDER", { PAYMENT_PROVIDER: "demo" }],
    ["MAIL_TRANSPORT", { MAIL_TRANSPORT: "outbox" }],
    ["VIDEO_PROVIDER", { VIDEO_PROVIDER: "demo" }],
    ["STREAMING_PROVIDER", { STREAMING_PROVIDER: "demo" }],
    ["SESSION_SECRET", { SESSION_SECRET: undefined }],
    ["SESSION_SECRET", { SESSION_SECRET: "demo-session-secret-change-me-in-production-0000" }],
    ["DEMO_WEBHOOK_SECRET", { DEMO_WEBHOOK_SECRET: "whsec_demo_stillhour_local_only_0000" }],
    ["ANALYTICS_KEY", { ANALYTICS_KEY: undefined }],
    ["ANALYTICS_KEY", { ANALYTICS_KEY: "demo-analytics-debug-key" }],
  ])("staging stops at start on the demo's %s", (name, change) => {
    expect(problemsOf({ ...STAGING, ...change })).toContain(name);
  });

  it("production refuses what staging refuses", () => {
    const production = {
      ...STAGING,
      APP_ENV: "production",
      FIREBASE_PROJECT_ID: "stillhour-prod",
      FIREBASE_WEB_API_KEY: "web-api-key-0123",
    };
    expect(parseEnv(production).APP_ENV).toBe("production");
    expect(problemsOf({ ...production, FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" })).toContain("FIREBASE_AUTH_EMULATOR_HOST");
    // The test setting that runs every background job every few seconds (issue 24) is not for production.
    expect(problemsOf({ ...production, JOB_INTERVAL_SECONDS: "1" })).toContain("JOB_INTERVAL_SECONDS");
    expect(problemsOf({ ...STAGING, JOB_INTERVAL_SECONDS: "1" })).not.toContain("JOB_INTERVAL_SECONDS");
    expect(problemsOf({ ...production, STORE_FAULTS_FILE: "./faults.json" })).toContain("STORE_FAULTS_FILE");
    expect(problemsOf({ ...production, DEMO_WEBHOOK_SECRET: "whsec_demo_stillhour_local_only_0000" })).toContain("DEMO_WEBHOOK_SECRET");
    expect(problemsOf({ ...production, ANALYTICS_KEY: "demo-analytics-debug-key" })).toContain("ANALYTICS_KEY");
    // A mail retry within seconds is for tests: staging takes it, production refuses it.
    expect(parseEnv({ ...STAGING, MAIL_RETRY_SECONDS: "1" }).MAIL_RETRY_SECONDS).toBe(1);
    expect(problemsOf({ ...production, MAIL_RETRY_SECONDS: "1" })).toContain("MAIL_RETRY_SECONDS");
    expect(parseEnv({ ...production, MAIL_RETRY_SECONDS: "60" }).MAIL_RETRY_SECONDS).toBe(60);
  });
});

describe("requiredSetting", () => {
  it("gives a driver the setting its choice requires", () => {
    const env = parseEnv({ APP_ENV: "demo", MAIL_TRANSPORT: "smtp", SMTP_URL: "smtp://mail.example.com:587" });
    expect(requiredSetting(env, "SMTP_URL", "MAIL_TRANSPORT=smtp")).toBe("smtp://mail.example.com:587");
  });

  it("names the missing setting when an Env made some other way lacks it", () => {
    const env = { ...parseEnv({ APP_ENV: "demo" }), MAIL_TRANSPORT: "smtp" as const };
    expect(() => requiredSetting(env, "SMTP_URL", "MAIL_TRANSPORT=smtp")).toThrow(EnvError);
    expect(() => requiredSetting(env, "SMTP_URL", "MAIL_TRANSPORT=smtp")).toThrow("SMTP_URL is required when MAIL_TRANSPORT=smtp");
  });
});
