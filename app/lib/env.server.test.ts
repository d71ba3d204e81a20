import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("configuration", () => {
  it("runs the demo on defaults alone: SQLite, seeded, port 3000", () => {
    const env = parseEnv({});
    expect(env.dataStore).toBe("sqlite");
    expect(env.seedDemoContent).toBe(true);
    expect(env.PORT).toBe(3000);
    expect(env.PAYMENT_PROVIDER).toBe("demo");
  });

  it("chooses Firestore when a Firebase project is configured, without seeding it", () => {
    const env = parseEnv({ FIREBASE_PROJECT_ID: "stillhour-staging" });
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
    [{ APP_ENV: "production", FIREBASE_PROJECT_ID: "real-project", SESSION_SECRET: "x".repeat(40), FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" }, "FIREBASE_AUTH_EMULATOR_HOST"],
    [{ APP_ENV: "production", FIREBASE_PROJECT_ID: "real-project" }, "SESSION_SECRET"],
    [{ APP_ENV: "production", FIREBASE_PROJECT_ID: "real-project", SESSION_SECRET: "x".repeat(40) }, "PAYMENT_PROVIDER"],
    [{ PAYMENT_PROVIDER: "stripe" }, "STRIPE_SECRET_KEY"],
    [{ MAIL_TRANSPORT: "smtp" }, "SMTP_URL"],
    [{ MAIL_TRANSPORT: "smtp", SMTP_URL: "http://not-smtp" }, "SMTP_URL"],
    [{ APP_ENV: "production", FIREBASE_PROJECT_ID: "real-project", SESSION_SECRET: "x".repeat(40), PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_live_abcdefghijkl", STRIPE_WEBHOOK_SECRET: "whsec_abcdefghijkl", VIDEO_PROVIDER: "daily", DAILY_API_KEY: "k".repeat(40), DAILY_DOMAIN: "stillhour" }, "MAIL_TRANSPORT"],
    [{ VIDEO_PROVIDER: "daily" }, "DAILY_API_KEY"],
    [{ VIDEO_PROVIDER: "daily", DAILY_API_KEY: "k".repeat(40) }, "DAILY_DOMAIN"],
    [{ VIDEO_PROVIDER: "daily", DAILY_API_KEY: "k".repeat(40), DAILY_DOMAIN: "Not A Domain" }, "DAILY_DOMAIN"],
    [{ APP_ENV: "production", FIREBASE_PROJECT_ID: "real-project", SESSION_SECRET: "x".repeat(40), PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_live_abcdefghijkl", STRIPE_WEBHOOK_SECRET: "whsec_abcdefghijkl" }, "VIDEO_PROVIDER"],
    [{ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_abcdefghijkl" }, "STRIPE_WEBHOOK_SECRET"],
    [{ ALGOLIA_APP_ID: "ABCDEF1234" }, "ALGOLIA_SEARCH_KEY"],
    [{ ALGOLIA_SEARCH_KEY: "k".repeat(32) }, "ALGOLIA_APP_ID"],
    [{ ALGOLIA_APP_ID: "evil.example/", ALGOLIA_SEARCH_KEY: "k".repeat(32) }, "ALGOLIA_APP_ID"],
  ])("stops on %j with a message naming %s", (source, name) => {
    let error: unknown;
    try {
      parseEnv(source);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).message).toContain(name);
  });
});
