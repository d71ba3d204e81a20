import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ORIGIN, intentId, newMember, seedPlans } from "../../support/payments";
import { answerStatus, routeArgs } from "../../support/route-call";

// Issue 23, item 8: the demo's pages and drivers answer only when APP_ENV=demo. The configuration
// already refuses a demo driver outside the demo at start (below); these tests ask what each page does
// if one got through anyway (a forgotten variable, a hand-made process), so they change the parsed
// mode of a running demo and call the loaders as the site would.
process.env.APP_ENV = "demo";
process.env.MAIL_TRANSPORT = "outbox";
process.env.MAIL_OUTBOX_DIR = join(mkdtempSync(join(tmpdir(), "demo-mode-")), "outbox");
process.env.VIDEO_PROVIDER = "demo";
process.env.STREAMING_PROVIDER = "demo";

const { getEnv } = await import("~/lib/env.server");
const { getMailer, getOutbox } = await import("~/services/mail/index.server");
const { getDemoRooms } = await import("~/services/video/index.server");
const { getDemoProvider } = await import("~/services/payments/index.server");
const { demoPaymentsActive } = await import("~/models/checkout/demo-checkout.server");
const { demoMediaActive } = await import("~/models/on-demand/media.server");
const { startSubscriptionCheckout } = await import("~/models/billing/membership.server");
const outboxRoute = await import("~/routes/demo.outbox/route");
const checkoutRoute = await import("~/routes/demo.checkout.$sessionId/route");
const mediaRoute = await import("~/routes/media.$mediaId.$file/route");

const mode = getEnv();
afterEach(() => {
  mode.APP_ENV = "demo";
});

const args = (path: string, params: Record<string, string> = {}) => routeArgs(new Request(`${ORIGIN}${path}`), params);

describe("/demo/outbox", () => {
  it("shows the outbox's mail in the demo", async () => {
    await getMailer().send({
      to: "ada@example.com",
      subject: "Your gift",
      text: "Gift code ABCD-EFGH-JKLM-NPQR",
      idempotencyKey: "demo-mode-gift",
    });
    expect(await answerStatus(() => outboxRoute.loader(args("/demo/outbox")))).toBe(200);
  });

  it("answers 404 when APP_ENV is staging, even with mail in outbox mode", async () => {
    expect(getMailer().name, "mail is in outbox mode").toBe("outbox");
    mode.APP_ENV = "staging";
    expect(await answerStatus(() => outboxRoute.loader(args("/demo/outbox")))).toBe(404);
  });

  it("answers 404 when APP_ENV is production", async () => {
    mode.APP_ENV = "production";
    expect(await answerStatus(() => outboxRoute.loader(args("/demo/outbox")))).toBe(404);
  });
});

describe("the other demo surfaces outside the demo", () => {
  it("the demo checkout page answers 404 for a session it opened", async () => {
    await seedPlans();
    const started = await startSubscriptionCheckout({ uid: await newMember(), planId: "monthly", discount: null, intentId: intentId() });
    if (!started.ok) throw new Error(started.reason);
    const path = `/demo/checkout/${started.sessionId}`;
    expect(await answerStatus(() => checkoutRoute.loader(args(path, { sessionId: started.sessionId })))).toBe(200);
    mode.APP_ENV = "staging";
    expect(await answerStatus(() => checkoutRoute.loader(args(path, { sessionId: started.sessionId })))).toBe(404);
  });

  it("the demo media route answers 404 instead of asking for a membership", async () => {
    const path = "/media/demo-class/index.m3u8";
    expect(await answerStatus(() => mediaRoute.loader(args(path, { mediaId: "demo-class", file: "index.m3u8" })))).toBe(403);
    mode.APP_ENV = "staging";
    expect(await answerStatus(() => mediaRoute.loader(args(path, { mediaId: "demo-class", file: "index.m3u8" })))).toBe(404);
  });

  it("no demo driver is handed out: payments (and the settings clock), rooms, media, the outbox", () => {
    expect([demoPaymentsActive(), getDemoProvider() !== null, getDemoRooms() !== null, demoMediaActive(), getOutbox() !== null]).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    mode.APP_ENV = "staging";
    expect([demoPaymentsActive(), getDemoProvider() !== null, getDemoRooms() !== null, demoMediaActive(), getOutbox() !== null]).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

/** A staging deployment with a real vendor behind every port, as the configuration asks of it. */
const STAGING = {
  APP_ENV: "staging",
  SQLITE_PATH: ":memory:",
  SESSION_SECRET: "s".repeat(48),
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_test_abcdefghijkl",
  STRIPE_WEBHOOK_SECRET: "whsec_abcdefghijkl",
  DEMO_WEBHOOK_SECRET: undefined,
  MAIL_TRANSPORT: "smtp",
  SMTP_URL: "smtp://mail.example.com:587",
  VIDEO_PROVIDER: "daily",
  DAILY_API_KEY: "k".repeat(40),
  DAILY_DOMAIN: "stillhour",
  STREAMING_PROVIDER: "mux",
  MUX_SIGNING_KEY_ID: "abcdefghij0123",
  MUX_SIGNING_PRIVATE_KEY: "p".repeat(200),
  ANALYTICS_KEY: "staging-analytics-key-0001",
  FIREBASE_AUTH_EMULATOR_HOST: undefined,
};

/** Runs the server's start-up on a fresh copy of the app with these variables; what it printed and whether it stopped. */
async function start(variables: Record<string, string | undefined>, options: { seed?: "always" } = {}) {
  const saved = { ...process.env };
  for (const [name, value] of Object.entries(variables)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  const printed: string[] = [];
  const error = vi.spyOn(console, "error").mockImplementation((...parts: unknown[]) => void printed.push(parts.join(" ")));
  const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  const exit = vi.spyOn(process, "exit").mockImplementation((code) => {
    throw new Error(`exit ${code}`);
  });
  try {
    vi.resetModules();
    const { runStartupTasks } = await import("~/server/http/startup.server");
    const stopped = await runStartupTasks(options).then(
      () => null,
      (failure: unknown) => (failure instanceof Error ? failure.message : String(failure)),
    );
    return { stopped, printed: printed.join("\n") };
  } finally {
    for (const spy of [error, log, warn, exit]) spy.mockRestore();
    process.env = saved;
    vi.resetModules();
  }
}

describe("staging at start", () => {
  it("starts with a real vendor behind every port", async () => {
    expect(await start(STAGING)).toEqual({ stopped: null, printed: "" });
  });

  it("stops with a message naming FIREBASE_AUTH_EMULATOR_HOST when the Auth emulator is configured", async () => {
    const result = await start({ ...STAGING, FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST || "127.0.0.1:9" });
    expect(result.stopped).toBe("exit 1");
    expect(result.printed).toContain("FIREBASE_AUTH_EMULATOR_HOST");
  });

  it("stops with a message naming PAYMENT_PROVIDER when the demo payment driver is chosen", async () => {
    const result = await start({ ...STAGING, PAYMENT_PROVIDER: "demo", DEMO_WEBHOOK_SECRET: "whsec_demo_stillhour_local_only_0000" });
    expect(result.stopped).toBe("exit 1");
    expect(result.printed).toContain("PAYMENT_PROVIDER");
  });
});

describe("npm run seed", () => {
  it("refuses to put the demo content in production's store", async () => {
    const production = {
      ...STAGING,
      APP_ENV: "production",
      DATA_STORE: "sqlite",
      FIREBASE_PROJECT_ID: "stillhour-prod",
      FIREBASE_WEB_API_KEY: "web-api-key-0123",
    };
    const result = await start(production, { seed: "always" });
    expect(result.stopped).toBe("exit 1");
    expect(result.printed).toContain("APP_ENV=production");
  });
});
