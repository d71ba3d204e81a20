import { randomFillSync } from "node:crypto";
import { getEnv, type Env, type IdentityConfig } from "~/lib/env.server";
import { streamingOrigins } from "~/services/streaming/index.server";
import { checkoutOrigins } from "~/services/payments/index.server";
import { roomOrigins } from "~/services/video/index.server";
import { sendsHsts } from "~/lib/site-address.server";

/**
 * What lets a page's inline scripts run: the nonce of a response rendered for one request, or the
 * hashes of the scripts in a page stored once and served many times (docs/decisions/009).
 */
export type ScriptSources = { nonce: string } | { hashes: readonly string[] };

/**
 * A fresh value for the CSP nonce of one response: 16 bytes from the system's CSPRNG, never reused.
 * They are drawn 4 KB at a time, as Node draws the bytes of `randomUUID`: a call into OpenSSL for
 * every page cost 0.8 % of a member view's CPU (issue 38), a slice of a filled buffer costs nothing.
 */
export function createNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(4096);
let nonceOffset = noncePool.length;

// Both end up inside the header: anything but base64 could close the quote and add a directive.
const NONCE_PATTERN = /^[A-Za-z0-9+/_-]{16,}={0,2}$/;
const HASH_PATTERN = /^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/;

/**
 * The enforcing Content-Security-Policy for pages: inline scripts run only with this response's
 * nonce or one of the stored page's hashes, plus what the configured sign-in needs to reach.
 */
export function contentSecurityPolicy(scripts: ScriptSources, identity: IdentityConfig, forms: readonly string[] = formTargets()): string {
  const inline = "nonce" in scripts ? [nonceSource(scripts.nonce)] : scripts.hashes.map(hashSource);
  const allow = identityAllowances(identity);
  // On-demand playback: MediaSource buffers are blob: addresses; a hosted stream adds its origins.
  const streams = streamingOrigins();
  // A configured analytics provider receives the browser's uploads directly.
  const endpoint = getEnv().ANALYTICS_ENDPOINT;
  const analytics = endpoint.startsWith("https://") ? [new URL(endpoint).origin] : [];
  const marketing = marketingAllowances();
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inline, ...allow.script, ...marketing.script].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    ["connect-src 'self'", ...allow.connect, ...streams, ...analytics, ...marketing.connect].join(" "),
    ["media-src 'self' blob:", ...streams].join(" "),
    allow.frame.length > 0 ? `frame-src ${allow.frame.join(" ")}` : "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    // A form's post may end in a redirect to the provider's hosted checkout or a class's video room:
    // Chromium holds that redirect to form-action too, so exactly those configured origins are allowed.
    ["form-action 'self'", ...forms].join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
}

function nonceSource(nonce: string): string {
  if (!NONCE_PATTERN.test(nonce)) throw new Error("CSP nonce must be base64");
  return `'nonce-${nonce}'`;
}

function hashSource(hash: string): string {
  if (!HASH_PATTERN.test(hash)) throw new Error("CSP script hash must look like sha256-<base64>");
  return `'${hash}'`;
}

/** Where a form post may be redirected: the configured payment checkout and video rooms, nothing else. */
export function formTargets(env: Env = getEnv()): string[] {
  return [...new Set([...checkoutOrigins(env), ...roomOrigins(env)])];
}

/**
 * Origins the Firebase web SDK talks to. The emulator fakes reCAPTCHA locally, so it only needs its
 * own address; a real project needs Google's token endpoints, Firestore, and reCAPTCHA's script and
 * frames for phone sign-in, plus the auth domain's frame.
 */
function identityAllowances(identity: IdentityConfig): { script: string[]; connect: string[]; frame: string[] } {
  switch (identity.mode) {
    case "emulator":
      return { script: [], connect: [`http://${identity.emulatorHost}`], frame: [] };
    case "firebase":
      return {
        script: ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
        connect: ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com", "https://firestore.googleapis.com"],
        frame: ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/", `https://${identity.authDomain}`],
      };
    case "off":
      return { script: [], connect: [], frame: [] };
  }
}

/**
 * The ad pixel, tag manager and social script (issue 13): their origins only when each is configured,
 * so the embedded default allows none of them.
 */
export function marketingAllowances(
  env: Pick<ReturnType<typeof getEnv>, "AD_PIXEL_ID" | "TAG_MANAGER_ID" | "SOCIAL_TRACKING_ID"> = getEnv(),
): { script: string[]; connect: string[] } {
  const script: string[] = [];
  const connect: string[] = [];
  if (env.AD_PIXEL_ID) {
    script.push("https://connect.facebook.net");
    connect.push("https://www.facebook.com");
  }
  if (env.TAG_MANAGER_ID) {
    script.push("https://www.googletagmanager.com");
    connect.push("https://www.googletagmanager.com", "https://www.google-analytics.com", "https://region1.google-analytics.com");
  }
  if (env.SOCIAL_TRACKING_ID) {
    script.push("https://static.ads-twitter.com");
    connect.push("https://analytics.twitter.com", "https://static.ads-twitter.com");
  }
  return { script, connect };
}

/** The pages that may ask for the camera: the front desk, whose QR scanner checks tickets in (§5). */
const CAMERA_PAGES = new Set(["/staff/studio", "/staff/studio/"]);

/** The Permissions-Policy for a path: the camera only on the front desk, every other page none. */
export function permissionsPolicy(pathname: string): string {
  const camera = CAMERA_PAGES.has(pathname) ? "camera=(self)" : "camera=()";
  return `${camera}, microphone=(), geolocation=(), payment=(self)`;
}

/** Headers every response carries, page or not. HSTS wherever the configured site is served over HTTPS. */
/** Two years, subdomains included: sent wherever the site is served over HTTPS away from this machine. */
export const HSTS = "max-age=63072000; includeSubDomains";

export function baseSecurityHeaders(url: URL): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": permissionsPolicy(url.pathname),
  };
  if (sendsHsts(url)) {
    headers["Strict-Transport-Security"] = HSTS;
  }
  return headers;
}

/** Applies the base headers and, for documents, the CSP allowing the given inline scripts. */
export function applySecurityHeaders(headers: Headers, url: URL, scripts?: ScriptSources) {
  for (const [name, value] of Object.entries(baseSecurityHeaders(url))) headers.set(name, value);
  if (scripts) headers.set("Content-Security-Policy", contentSecurityPolicy(scripts, getEnv().identity));
}
