import { z } from "zod";

const booleanString = z.enum(["true", "false", "1", "0", ""]).transform((value) => value === "true" || value === "1");

/**
 * The demo's own secrets, public in this repository: used only when APP_ENV=demo and refused in every
 * other mode (docs/decisions/034-the-demo-is-a-choice.md).
 */
const DEMO_SESSION_SECRET = "demo-session-secret-change-me-in-production-0000";
const DEMO_WEBHOOK_SECRET = "whsec_demo_stillhour_local_only_0000";
const DEMO_ANALYTICS_KEY = "demo-analytics-debug-key";

/**
 * Every setting the server reads; `.env.example` documents each. The drivers' defaults are the demo's,
 * and only APP_ENV=demo accepts them: unset, APP_ENV is production, which refuses every one.
 */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    /** demo: the local demo (its pages, drivers and secrets); staging and production refuse all of them. */
    APP_ENV: z.enum(["demo", "staging", "production"]).default("production"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    PUBLIC_SITE_URL: z.string().url().default("http://localhost:3000"),
    /**
     * How many proxies in front of the server append to X-Forwarded-For (and set X-Forwarded-Proto):
     * 0 = none, the connection's own address is the client's; 1 on Cloud Run; 2 on Cloud Run behind a
     * Google load balancer. Rate limits and geolocation key on the address this yields.
     */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /** Required outside the demo; the demo signs with DEMO_SESSION_SECRET. */
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    DATA_STORE: z.enum(["sqlite", "firestore"]).optional(),
    SQLITE_PATH: z.string().min(1).default("./data/stillhour.sqlite"),
    FIREBASE_PROJECT_ID: z
      .string()
      .regex(/^[a-z0-9-]{4,40}$/, "must be a Firebase project id")
      .optional(),
    FIRESTORE_EMULATOR_HOST: z.string().optional(),
    FIREBASE_AUTH_EMULATOR_HOST: z
      .string()
      .regex(/^[A-Za-z0-9.-]+:\d{2,5}$/, "must be host:port")
      .optional(),
    /**
     * Staging only: a stand-in for Google's identity endpoints (identitytoolkit, the token signing keys),
     * which the Firebase Admin SDK and the server's REST calls reach instead of Google's hosts; the
     * production suite's local fake (docs/decisions/040). Production refuses it.
     */
    IDENTITY_API_URL: z
      .string()
      .regex(/^https?:\/\/[A-Za-z0-9.-]+(:\d+)?\/?$/, "must be an origin (http(s)://host[:port])")
      .optional(),
    /** The Firebase web app's public config: it reaches the browser. */
    FIREBASE_WEB_API_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{10,100}$/, "must be a Firebase web API key")
      .optional(),
    FIREBASE_AUTH_DOMAIN: z
      .string()
      .regex(/^[a-z0-9.-]+$/, "must be a host name")
      .optional(),
    FIREBASE_APP_ID: z.string().max(100).optional(),
    /** Cloud Storage bucket for profile photos; unset = photos on disk under UPLOADS_DIR. */
    FIREBASE_STORAGE_BUCKET: z
      .string()
      .regex(/^[a-z0-9._-]+$/, "must be a bucket name")
      .optional(),
    UPLOADS_DIR: z.string().min(1).default("./data/uploads"),
    /** How long a signed-in session lasts (Firebase allows 5 minutes to 14 days). */
    SESSION_DAYS: z.coerce.number().int().min(1).max(14).default(14),
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    CONTENT_CACHE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    /** How often each instance looks for scheduled articles whose time has come (issue 26). */
    ARTICLE_PUBLISH_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
    SEED_DEMO_CONTENT: booleanString.optional(),
    STATS_ENDPOINT: booleanString.default("false"),
    LOG_REQUESTS: booleanString.default("true"),
    /**
     * Prometheus metrics (docs/operating.md): served at /metrics on this port of their own, which the
     * platform must not expose publicly; unset = no metrics port.
     */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /**
     * Serves /metrics on the public port too, to requests carrying `Authorization: Bearer <token>`
     * (and requires it on METRICS_PORT as well); unset = /metrics on the public port is a 404.
     */
    METRICS_TOKEN: z
      .string()
      .regex(/^[A-Za-z0-9._~+/=-]{32,200}$/, "must be at least 32 characters of letters, digits and ._~+/=-")
      .optional(),
    /**
     * The Google Cloud project whose Cloud Trace the log lines point at (`logging.googleapis.com/trace`);
     * unset = FIREBASE_PROJECT_ID. Without either, lines carry no trace.
     */
    GOOGLE_CLOUD_PROJECT: z
      .string()
      .regex(/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, "must be a Google Cloud project id")
      .optional(),
    /** Who takes payments: the local demo provider (no card is charged) or Stripe. */
    PAYMENT_PROVIDER: z.enum(["demo", "stripe"]).default("demo"),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{10,}$/, "must be a Stripe secret or restricted key")
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9]{10,}$/, "must be a Stripe webhook signing secret")
      .optional(),
    /**
     * Staging only: where the Stripe SDK sends its API calls instead of api.stripe.com, and whose origin
     * serves the hosted checkout; the production suite's local fake (docs/decisions/040). Production refuses it.
     */
    STRIPE_API_URL: z
      .string()
      .regex(/^https?:\/\/[A-Za-z0-9.-]+(:\d+)?\/?$/, "must be an origin (http(s)://host[:port])")
      .optional(),
    /** Stripe mode: the coupon behind the one win-back offer (50 % off, repeating for 2 months). */
    STRIPE_WINBACK_COUPON_ID: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, "must be a Stripe coupon id")
      .optional(),
    /** Signs the demo provider's events to our own webhook endpoint; the demo only. */
    DEMO_WEBHOOK_SECRET: z.string().min(16).optional(),
    /** How mail goes: files in MAIL_OUTBOX_DIR shown on /demo/outbox, or SMTP (docs/decisions/017-mailer.md). */
    MAIL_TRANSPORT: z.enum(["outbox", "smtp"]).default("outbox"),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/\S+$/, "must be an smtp:// or smtps:// address")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Stillhour <hello@stillhour.example>"),
    MAIL_OUTBOX_DIR: z.string().min(1).default("./data/outbox"),
    /** Seconds before a message the mail server did not take is first tried again (doubling after); below 60 for tests only, refused in production. */
    MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** Where on-demand classes stream from: this site's demo packages, or Mux (docs/decisions/020-on-demand-streaming.md). */
    STREAMING_PROVIDER: z.enum(["demo", "mux"]).default("demo"),
    DEMO_MEDIA_DIR: z.string().min(1).default("./media/demo"),
    MUX_SIGNING_KEY_ID: z
      .string()
      .regex(/^[A-Za-z0-9]{10,80}$/, "must be a Mux signing key id")
      .optional(),
    /** The signing key's private half as Mux gives it: base64 of the PEM. */
    MUX_SIGNING_PRIVATE_KEY: z.string().min(100, "must be the base64 of a PEM private key").optional(),
    /** The analytics key the browser's uploads carry (`client`); the collector refuses any other. Required outside the demo. */
    ANALYTICS_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,128}$/, "must be an analytics key")
      .optional(),
    /** Where the browser uploads analytics: the site's own collector, or the provider's HTTP API in production. */
    ANALYTICS_ENDPOINT: z
      .string()
      .regex(/^(\/[A-Za-z0-9/_-]*|https:\/\/[A-Za-z0-9.-]+(:\d+)?\/[A-Za-z0-9/_.-]*)$/, "must be a path on this site or an https address")
      .default("/api/analytics"),
    /**
     * Production: the provider's upload endpoint that server-recorded events are forwarded to; unset = kept in the store.
     * Plain http only on loopback, where the key never leaves the machine: a local receiver standing in for the provider.
     */
    ANALYTICS_FORWARD_URL: z
      .string()
      .regex(
        /^(https:\/\/[A-Za-z0-9.-]+|http:\/\/(localhost|127\.0\.0\.1))(:\d+)?\/[A-Za-z0-9/_.-]*$/,
        "must be an https address (http only on localhost or 127.0.0.1)",
      )
      .optional(),
    /** How often the recorded events are forwarded; a test sets 1 to see an upload within seconds. */
    ANALYTICS_FORWARD_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** Whether analytics carries a member's name, e-mail and phone (§7); off unless the operator turns it on. */
    ANALYTICS_CONTACT_DETAILS: booleanString.default("false"),
    /** How many days stored analytics events are kept before the schedule deletes them. */
    ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    /**
     * Keys the pseudonym analytics knows a member by (an HMAC of the uid). Unset = derived from
     * SESSION_SECRET; set it on its own to keep pseudonyms stable when the session secret rotates.
     */
    ANALYTICS_ID_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    /**
     * Tests only (refused in production): every background job runs this often instead of on its own
     * timer, so a test sees several instances run them within seconds.
     */
    JOB_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
    /**
     * How long a background job's lease holds (docs/decisions/041): no other instance runs the job
     * meanwhile, and a killed holder's lease is taken over after it.
     */
    JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    /** Tests only (refused in production): a file naming a fault to inject into every store operation (adapters/store/faults.server.ts). */
    STORE_FAULTS_FILE: z.string().min(1).optional(),
    /** After SIGTERM: how long /readyz answers 503 while requests are still taken, before the server stops accepting. */
    // After SIGTERM, how long the listener stays open while every answer closes its connection
    // (issue 37; 3 s when unset). SHUTDOWN_DRAIN_SECONDS is its older name, still read.
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(5).optional(),
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(5).optional(),
    // A new instance's warm-up before /readyz answers 200 (issue 37): at most this long; 0 skips it.
    WARM_UP_SECONDS: z.coerce.number().min(0).max(60).default(10),
    /** How long before a booked class its reminder goes out. */
    CLASS_REMINDER_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .default(60),
    /** Where live classes meet: a local demo room page, or Daily's rooms (docs/decisions/018-video-rooms.md). */
    VIDEO_PROVIDER: z.enum(["demo", "daily"]).default("demo"),
    DAILY_API_KEY: z.string().min(20, "must be a Daily API key").optional(),
    /** Your Daily subdomain: rooms live at https://{DAILY_DOMAIN}.daily.co/{room}. */
    DAILY_DOMAIN: z
      .string()
      .regex(/^[a-z0-9-]{1,63}$/, "must be a Daily subdomain (letters, digits, dashes)")
      .optional(),
    /**
     * Staging only: where Daily's REST API is called instead of https://api.daily.co, and whose origin
     * serves the rooms instead of https://{DAILY_DOMAIN}.daily.co; a local fake (docs/decisions/040). Production refuses it.
     */
    DAILY_API_URL: z
      .string()
      .regex(/^https?:\/\/[A-Za-z0-9.-]+(:\d+)?\/?$/, "must be an origin (http(s)://host[:port])")
      .optional(),
    /** On-demand search: Algolia when the app id and search key are set, else an index in this process (docs/decisions/019-search.md). */
    ALGOLIA_APP_ID: z
      .string()
      .regex(/^[A-Za-z0-9]{1,40}$/, "must be an Algolia application id")
      .optional(),
    ALGOLIA_SEARCH_KEY: z
      .string()
      .regex(/^[A-Za-z0-9+/=_-]{10,1000}$/, "must be an Algolia search-only API key")
      .optional(),
    /** Lets the server rebuild the index from the catalogue; unset = the index is kept elsewhere. */
    ALGOLIA_WRITE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9+/=_-]{10,1000}$/, "must be an Algolia API key")
      .optional(),
    /** The functions API's base: {base}/geolocate/getLocationDataFromIPAddress?ipAddress= (docs/decisions/024). */
    GEOLOCATION_FUNCTIONS_URL: z
      .string()
      .regex(/^https?:\/\/[^\s?#]+$/, "must be an http(s) address without a query")
      .optional(),
    /** A public trace service answering `key=value` lines with ip and loc, the fallback (docs/decisions/024). */
    GEOLOCATION_TRACE_URL: z
      .string()
      .regex(/^https?:\/\/[^\s#]+$/, "must be an http(s) address")
      .optional(),
    /** The social ad pixel (Meta pixel id); unset = no pixel. Its paths and event names live in adMaps/pixel. */
    AD_PIXEL_ID: z
      .string()
      .regex(/^\d{5,20}$/, "must be a pixel id (digits)")
      .optional(),
    /** Google Tag Manager container; unset = no tag manager. */
    TAG_MANAGER_ID: z
      .string()
      .regex(/^GTM-[A-Z0-9]{4,12}$/, "must be a GTM-… container id")
      .optional(),
    /** The social tracking script (X/Twitter pixel id); unset = none. */
    SOCIAL_TRACKING_ID: z
      .string()
      .regex(/^[a-z0-9]{4,12}$/, "must be a tracking id (lower-case letters and digits)")
      .optional(),
    /** Spreadsheet export of e-book leads to Airtable (docs/decisions/025): both set, or neither (the store alone). */
    AIRTABLE_TOKEN: z
      .string()
      .regex(/^pat[A-Za-z0-9.]{10,200}$/, "must be an Airtable personal access token (pat…)")
      .optional(),
    AIRTABLE_BASE_ID: z
      .string()
      .regex(/^app[A-Za-z0-9]{10,20}$/, "must be an Airtable base id (app…)")
      .optional(),
    AIRTABLE_LEADS_TABLE: z.string().min(1).max(100).default("Leads"),
    /** Only for tests against a local server. */
    AIRTABLE_API_URL: z
      .string()
      .regex(/^https?:\/\/[^\s?#]+$/, "must be an http(s) address")
      .optional(),
    ALGOLIA_INDEX: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,100}$/, "must be an index name (letters, digits, . _ -)")
      .default("onDemandClasses"),
  })
  .superRefine((env, ctx) => {
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: "custom",
        path: ["METRICS_PORT"],
        message: "must differ from PORT: the metrics port is never the public one (set METRICS_TOKEN to serve /metrics on PORT)",
      });
    }
    if (env.DATA_STORE === "firestore" && !env.FIREBASE_PROJECT_ID) {
      ctx.addIssue({ code: "custom", path: ["FIREBASE_PROJECT_ID"], message: "is required when DATA_STORE=firestore" });
    }
    if (env.PAYMENT_PROVIDER === "stripe") {
      if (!env.STRIPE_SECRET_KEY)
        ctx.addIssue({ code: "custom", path: ["STRIPE_SECRET_KEY"], message: "is required when PAYMENT_PROVIDER=stripe" });
      if (!env.STRIPE_WEBHOOK_SECRET)
        ctx.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: "is required when PAYMENT_PROVIDER=stripe" });
    }
    if (env.MAIL_TRANSPORT === "smtp" && !env.SMTP_URL) {
      ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "is required when MAIL_TRANSPORT=smtp" });
    }
    if (env.VIDEO_PROVIDER === "daily") {
      if (!env.DAILY_API_KEY) ctx.addIssue({ code: "custom", path: ["DAILY_API_KEY"], message: "is required when VIDEO_PROVIDER=daily" });
      if (!env.DAILY_DOMAIN) ctx.addIssue({ code: "custom", path: ["DAILY_DOMAIN"], message: "is required when VIDEO_PROVIDER=daily" });
    }
    if (env.STREAMING_PROVIDER === "mux") {
      if (!env.MUX_SIGNING_KEY_ID)
        ctx.addIssue({ code: "custom", path: ["MUX_SIGNING_KEY_ID"], message: "is required when STREAMING_PROVIDER=mux" });
      if (!env.MUX_SIGNING_PRIVATE_KEY)
        ctx.addIssue({ code: "custom", path: ["MUX_SIGNING_PRIVATE_KEY"], message: "is required when STREAMING_PROVIDER=mux" });
    }
    // Outside the demo, nothing of the demo's: no driver that shows what it "sent" or takes no money, no
    // emulator whose tokens anyone can mint, no secret printed in this repository.
    if (env.APP_ENV !== "demo") {
      const outside = `outside the demo (APP_ENV=${env.APP_ENV})`;
      const refuse = (name: keyof typeof env, message: string) => ctx.addIssue({ code: "custom", path: [name], message });
      if (env.PAYMENT_PROVIDER === "demo") refuse("PAYMENT_PROVIDER", `must be stripe ${outside}: the demo provider takes no money`);
      if (env.MAIL_TRANSPORT === "outbox")
        refuse("MAIL_TRANSPORT", `must be smtp ${outside}: the outbox sends nothing and /demo/outbox shows it`);
      if (env.VIDEO_PROVIDER === "demo") refuse("VIDEO_PROVIDER", `must be daily ${outside}: the demo room has no video`);
      if (env.STREAMING_PROVIDER === "demo")
        refuse("STREAMING_PROVIDER", `must be mux ${outside}: the demo library is generated sample media`);
      if (env.FIREBASE_AUTH_EMULATOR_HOST)
        refuse("FIREBASE_AUTH_EMULATOR_HOST", `must not be set ${outside}: emulator tokens are unsigned, anyone can sign in as anyone`);
      if (!env.SESSION_SECRET) refuse("SESSION_SECRET", `is required ${outside}: a long random value`);
      else if (env.SESSION_SECRET.startsWith("demo-")) refuse("SESSION_SECRET", `must be a real secret ${outside}, not the demo's`);
      if (env.DEMO_WEBHOOK_SECRET)
        refuse("DEMO_WEBHOOK_SECRET", `must not be set ${outside}: only the demo payment provider signs with it`);
      if (!env.ANALYTICS_KEY) refuse("ANALYTICS_KEY", `is required ${outside}: the analytics provider's key`);
      else if (env.ANALYTICS_KEY.startsWith("demo-"))
        refuse("ANALYTICS_KEY", `must be the analytics provider's key ${outside}, not the demo's`);
    }
    // A vendor's address other than the vendor's own is for staging's local fakes alone.
    if (env.APP_ENV !== "staging") {
      for (const name of ["STRIPE_API_URL", "DAILY_API_URL", "IDENTITY_API_URL"] as const) {
        if (env[name])
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: `must not be set with APP_ENV=${env.APP_ENV}: it points a vendor's API at a local stand-in (staging only)`,
          });
      }
    }
    if (env.APP_ENV === "production") {
      if (env.SEED_DEMO_CONTENT === true) {
        ctx.addIssue({
          code: "custom",
          path: ["SEED_DEMO_CONTENT"],
          message: "must not be true in production: the demo content has public promotion codes and invented people",
        });
      }
      if (!env.FIREBASE_PROJECT_ID) {
        ctx.addIssue({ code: "custom", path: ["FIREBASE_PROJECT_ID"], message: "is required in production" });
      }
      if (env.STORE_FAULTS_FILE !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["STORE_FAULTS_FILE"],
          message: "must not be set in production: it is a test setting that makes the store fail on purpose",
        });
      }
      if (env.JOB_INTERVAL_SECONDS !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["JOB_INTERVAL_SECONDS"],
          message: "must not be set in production: it is a test setting that runs every background job every few seconds",
        });
      }
      if (!env.FIREBASE_WEB_API_KEY) {
        ctx.addIssue({ code: "custom", path: ["FIREBASE_WEB_API_KEY"], message: "is required in production (sign-in)" });
      }
      if (env.MAIL_RETRY_SECONDS < 60) {
        ctx.addIssue({ code: "custom", path: ["MAIL_RETRY_SECONDS"], message: "must be at least 60 in production: shorter is for tests" });
      }
    }
    if (Boolean(env.AIRTABLE_TOKEN) !== Boolean(env.AIRTABLE_BASE_ID)) {
      ctx.addIssue({
        code: "custom",
        path: [env.AIRTABLE_TOKEN ? "AIRTABLE_BASE_ID" : "AIRTABLE_TOKEN"],
        message: "is required with the other Airtable setting",
      });
    }
    // Half an Algolia configuration would quietly fall back to the in-process index.
    if (env.ALGOLIA_APP_ID && !env.ALGOLIA_SEARCH_KEY) {
      ctx.addIssue({ code: "custom", path: ["ALGOLIA_SEARCH_KEY"], message: "is required when ALGOLIA_APP_ID is set" });
    }
    if (!env.ALGOLIA_APP_ID && (env.ALGOLIA_SEARCH_KEY || env.ALGOLIA_WRITE_KEY)) {
      ctx.addIssue({ code: "custom", path: ["ALGOLIA_APP_ID"], message: "is required when an Algolia key is set" });
    }
  });

/**
 * How people sign in: the Auth emulator (demo and tests), a real Firebase project, or not at all
 * (a bare `node server.js` with neither configured: pages work, sign-in says it is unavailable).
 */
export type IdentityConfig =
  | { mode: "emulator"; projectId: string; apiKey: string; authDomain: string; emulatorHost: string }
  | { mode: "firebase"; projectId: string; apiKey: string; authDomain: string; appId?: string }
  | { mode: "off" };

/** The project the Auth emulator serves when no real project is named (demo- ids never reach Google). */
export const DEMO_AUTH_PROJECT = "demo-stillhour";

type ParsedEnv = z.infer<typeof EnvSchema>;

export type Env = Omit<ParsedEnv, "SESSION_SECRET" | "ANALYTICS_KEY"> & {
  SESSION_SECRET: string;
  ANALYTICS_KEY: string;
  dataStore: "sqlite" | "firestore";
  seedDemoContent: boolean;
  identity: IdentityConfig;
};

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Parses a set of variables; throws EnvError naming every bad one. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "environment"} ${issue.message}`);
    // The likeliest reader: someone who ran the server bare, expecting the demo it used to default to.
    if (!cleaned.APP_ENV)
      problems.push("APP_ENV is not set, so these are production's rules; the local demo is APP_ENV=demo (npm run demo sets it)");
    throw new EnvError(problems);
  }
  const env = result.data;
  const demo = env.APP_ENV === "demo";
  const dataStore = env.DATA_STORE ?? (env.FIREBASE_PROJECT_ID ? "firestore" : "sqlite");
  return {
    ...env,
    // Outside the demo the schema has required both, so the demo's values are reached only in the demo.
    SESSION_SECRET: env.SESSION_SECRET ?? DEMO_SESSION_SECRET,
    ANALYTICS_KEY: env.ANALYTICS_KEY ?? DEMO_ANALYTICS_KEY,
    DEMO_WEBHOOK_SECRET: demo ? (env.DEMO_WEBHOOK_SECRET ?? DEMO_WEBHOOK_SECRET) : undefined,
    dataStore,
    seedDemoContent: env.SEED_DEMO_CONTENT ?? (demo && dataStore === "sqlite"),
    identity: identityConfig(env),
  };
}

/**
 * A setting the schema requires once a driver is chosen (`when`, as "PAYMENT_PROVIDER=stripe"), for
 * the code that builds that driver. parseEnv has refused its absence already; this says so plainly,
 * rather than pass `undefined` on, should an Env have been made some other way.
 */
export function requiredSetting<K extends keyof Env>(env: Env, name: K, when: string): NonNullable<Env[K]> {
  const value = env[name];
  if (value === undefined || value === null) throw new EnvError([`${String(name)} is required when ${when}`]);
  return value;
}

/** Whether this process is the demo (APP_ENV=demo): the only mode whose demo pages and drivers answer. */
export function isDemo(env: Pick<Env, "APP_ENV"> = getEnv()): boolean {
  return env.APP_ENV === "demo";
}

function identityConfig(env: ParsedEnv): IdentityConfig {
  if (env.FIREBASE_AUTH_EMULATOR_HOST && env.APP_ENV === "demo") {
    const projectId = env.FIREBASE_PROJECT_ID ?? DEMO_AUTH_PROJECT;
    return {
      mode: "emulator",
      projectId,
      apiKey: env.FIREBASE_WEB_API_KEY ?? "demo-api-key-for-the-emulator",
      authDomain: env.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
    };
  }
  if (env.FIREBASE_PROJECT_ID && env.FIREBASE_WEB_API_KEY) {
    return {
      mode: "firebase",
      projectId: env.FIREBASE_PROJECT_ID,
      apiKey: env.FIREBASE_WEB_API_KEY,
      authDomain: env.FIREBASE_AUTH_DOMAIN ?? `${env.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      appId: env.FIREBASE_APP_ID,
    };
  }
  return { mode: "off" };
}

let cached: Env | undefined;

/** The process's configuration, parsed once. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
