import { generateKeyPairSync, randomBytes } from "node:crypto";
import { expect, type BrowserContext } from "@playwright/test";
import { startIdentityStandIn, type IdentityStandIn, type StandInAccount } from "./identity-stand-in";
import { startAnalyticsReceiver, startSmtpReceiver, startVideoStandIn } from "./receivers";
import { startStripeStandIn, type StripeStandIn } from "./stripe-stand-in";
import { DEFAULT_PRIVATE_USER } from "../../../app/models/identity/user";
import { putDocument } from "../e2e-store";

/**
 * The staging site's surroundings (docs/decisions/040), shared by the production suite
 * (tests/e2e/production.spec.ts) and the image rehearsal (tests/e2e/image-rehearsal.spec.ts): every
 * vendor a stand-in on its own port, the server's settings for them, and sign-in by e-mail link.
 */
export interface StagingVendors {
  identity: IdentityStandIn;
  stripe: StripeStandIn;
  smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  video: Awaited<ReturnType<typeof startVideoStandIn>>;
  analytics: Awaited<ReturnType<typeof startAnalyticsReceiver>>;
  secrets: { stripeKey: string; webhook: string; daily: string; analytics: string };
  close(): Promise<void>;
}

export const STAGING_PROJECT = "stillhour-staging-e2e";
const token = (length: number) => randomBytes(length).toString("hex").slice(0, length);

/** Starts the stand-ins on the given ports; `site` is the address the Stripe stand-in posts webhooks to. */
export async function startStagingVendors(
  ports: { identity: number; video: number; smtp: number; analytics: number; stripe: number },
  site: string,
  people: StandInAccount[],
): Promise<StagingVendors> {
  const secrets = { stripeKey: `sk_test_${token(24)}`, webhook: `whsec_${token(24)}`, daily: token(40), analytics: `staging-${token(16)}` };
  const identity = await startIdentityStandIn(ports.identity, STAGING_PROJECT, people);
  const smtp = await startSmtpReceiver(ports.smtp);
  const video = await startVideoStandIn(ports.video, secrets.daily);
  const analytics = await startAnalyticsReceiver(ports.analytics);
  const stripe = await startStripeStandIn(ports.stripe, {
    webhookUrl: `${site}/api/payments/webhook`,
    webhookSecret: secrets.webhook,
    secretKey: secrets.stripeKey,
  });
  return {
    identity,
    stripe,
    smtp,
    video,
    analytics,
    secrets,
    close: async () => void (await Promise.all([identity.close(), stripe.close(), smtp.close(), video.close(), analytics.close()])),
  };
}

/** The server's settings for staging against the stand-ins: the production path, vendors pointed at them. */
export function stagingEnv(site: string, vendors: StagingVendors): Record<string, string> {
  const muxKey = Buffer.from(
    generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }),
  ).toString("base64");
  return {
    NODE_ENV: "production",
    APP_ENV: "staging",
    PUBLIC_SITE_URL: site,
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    // A staging project may carry the demo content (plans, studios, teachers); never its people.
    SEED_DEMO_CONTENT: "true",
    DATA_STORE: "sqlite",
    FIREBASE_PROJECT_ID: STAGING_PROJECT,
    FIREBASE_WEB_API_KEY: `AIza${token(30)}`,
    IDENTITY_API_URL: vendors.identity.url,
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: vendors.secrets.stripeKey,
    STRIPE_WEBHOOK_SECRET: vendors.secrets.webhook,
    STRIPE_API_URL: vendors.stripe.url,
    MAIL_TRANSPORT: "smtp",
    SMTP_URL: vendors.smtp.url,
    VIDEO_PROVIDER: "daily",
    DAILY_API_KEY: vendors.secrets.daily,
    DAILY_DOMAIN: "stillhour-staging",
    DAILY_API_URL: vendors.video.url,
    STREAMING_PROVIDER: "mux",
    MUX_SIGNING_KEY_ID: token(24),
    MUX_SIGNING_PRIVATE_KEY: muxKey,
    ANALYTICS_KEY: vendors.secrets.analytics,
    ANALYTICS_FORWARD_URL: vendors.analytics.url,
    ANALYTICS_FORWARD_SECONDS: "1",
    // Mail the SMTP server did not take is tried again after 1 s, 2 s, 4 s… (production refuses < 60).
    MAIL_RETRY_SECONDS: "1",
  };
}

/**
 * Signs in by e-mail link, the path that works without JavaScript: the site mails the link itself, so
 * it is read from the SMTP receiver (one message per request) and opened in this browser.
 */
export async function signInByEmailLink(
  context: BrowserContext,
  email: string,
  site: string,
  vendors: Pick<StagingVendors, "smtp" | "identity">,
  lastLines: () => string,
) {
  const { smtp, identity } = vendors;
  const signInMail = () => smtp.mail.filter((mail) => mail.to.includes(email) && mail.subject === "Your link to sign in to Stillhour");
  const before = signInMail().length;
  const asked = await context.request.post(`${site}/sign-in?next=%2F`, { form: { email }, headers: { Origin: site }, maxRedirects: 0 });
  expect(asked.status(), `the sign-in link was asked for: ${await asked.text().catch(() => "")}\n${lastLines()}`).toBe(302);
  await expect
    .poll(() => signInMail().length, { message: `the sign-in link arrived by SMTP\n${lastLines()}`, timeout: 10_000 })
    .toBe(before + 1);
  const href = /https?:\/\/\S+\/auth\/email-link\?\S+/.exec(signInMail().at(-1)!.text)?.[0];
  expect(href, "the e-mail carries a link to the site's own landing page").toBeDefined();
  expect(new URL(href!).searchParams.get("oobCode")).toBe(identity.linkFor(email)?.oobCode);
  const opened = await context.request.get(href!, { maxRedirects: 0 });
  expect(opened.status(), `the link signed in:\n${lastLines()}`).toBe(302);
}

/**
 * Each person's own record as the onboarding form leaves it, the member's with a month of membership:
 * what the staging journeys start from, written straight into the site's SQLite file.
 */
export function putStagingPeople(
  people: ReadonlyArray<{ uid: string; firstName: string; lastName: string; email: string }>,
  member: { uid: string },
  database: string,
): void {
  const month = Math.floor(Date.now() / 1000) + 30 * 86_400;
  for (const person of people) {
    putDocument(
      "privateUsers",
      person.uid,
      {
        ...DEFAULT_PRIVATE_USER,
        mostRecentTimeZone: "UTC",
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        ...(person.uid === member.uid ? { subscriptionStatus: "active", subscriptionExpirationDate: month } : {}),
      },
      database,
    );
  }
}
