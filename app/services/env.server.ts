import { z } from "zod";

const booleanString = z
  .enum(["true", "false", "1", "0", ""])
  .transform((value) => value === "true" || value === "1");

/** Every setting the server reads, with the demo default; `.env.example` documents each. */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    APP_ENV: z.enum(["demo", "staging", "production"]).default("demo"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    PUBLIC_SITE_URL: z.string().url().default("http://localhost:3000"),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").default("demo-session-secret-change-me-in-production-0000"),
    DATA_STORE: z.enum(["sqlite", "firestore"]).optional(),
    SQLITE_PATH: z.string().min(1).default("./data/stillhour.sqlite"),
    FIREBASE_PROJECT_ID: z.string().regex(/^[a-z0-9-]{4,40}$/, "must be a Firebase project id").optional(),
    FIRESTORE_EMULATOR_HOST: z.string().optional(),
    FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    CONTENT_CACHE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    SEED_DEMO_CONTENT: booleanString.optional(),
    STATS_ENDPOINT: booleanString.default("false"),
    LOG_REQUESTS: booleanString.default("true"),
  })
  .superRefine((env, ctx) => {
    if (env.DATA_STORE === "firestore" && !env.FIREBASE_PROJECT_ID) {
      ctx.addIssue({ code: "custom", path: ["FIREBASE_PROJECT_ID"], message: "is required when DATA_STORE=firestore" });
    }
    if (env.APP_ENV === "production") {
      if (env.FIREBASE_AUTH_EMULATOR_HOST) {
        ctx.addIssue({
          code: "custom",
          path: ["FIREBASE_AUTH_EMULATOR_HOST"],
          message: "must not be set in production: emulator tokens are unsigned",
        });
      }
      if (env.SESSION_SECRET.startsWith("demo-")) {
        ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "must be a real secret in production" });
      }
      if (!env.FIREBASE_PROJECT_ID) {
        ctx.addIssue({ code: "custom", path: ["FIREBASE_PROJECT_ID"], message: "is required in production" });
      }
    }
  });

export type Env = z.infer<typeof EnvSchema> & { dataStore: "sqlite" | "firestore"; seedDemoContent: boolean };

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
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join(".") || "environment"} ${issue.message}`));
  }
  const env = result.data;
  const dataStore = env.DATA_STORE ?? (env.FIREBASE_PROJECT_ID ? "firestore" : "sqlite");
  return { ...env, dataStore, seedDemoContent: env.SEED_DEMO_CONTENT ?? dataStore === "sqlite" };
}

let cached: Env | undefined;

/** The process's configuration, parsed once. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
