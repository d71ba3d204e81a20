import { randomBytes } from "node:crypto";
import { getEnv, type IdentityConfig } from "./env.server";

/** A fresh value for the CSP nonce of one response. */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/** The enforcing Content-Security-Policy for pages: inline scripts run only with this response's nonce. */
export function contentSecurityPolicy(nonce: string, identity: IdentityConfig = getEnv().identity): string {
  const allow = identityAllowances(identity);
  return [
    "default-src 'self'",
    ["script-src 'self'", `'nonce-${nonce}'`, ...allow.script].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    ["connect-src 'self'", ...allow.connect].join(" "),
    allow.frame.length > 0 ? `frame-src ${allow.frame.join(" ")}` : "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** True for this machine's own addresses, served over plain HTTP: no HSTS, no Secure cookies. */
export function isLocalRequest(url: URL): boolean {
  return ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

/** Headers every response carries, page or not. HSTS only where the site is served over HTTPS. */
export function baseSecurityHeaders(url: URL): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
  };
  if (!isLocalRequest(url)) {
    headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  }
  return headers;
}

/** Applies the base headers and, for documents, the CSP with its nonce. */
export function applySecurityHeaders(headers: Headers, url: URL, nonce?: string) {
  for (const [name, value] of Object.entries(baseSecurityHeaders(url))) headers.set(name, value);
  if (nonce) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
}

/** What sign-in needs beyond this origin: the emulator in the demo, Google's endpoints for real. */
export function identityAllowances(identity: IdentityConfig): { script: string[]; connect: string[]; frame: string[] } {
  if (identity.mode === "emulator") return { script: [], connect: [`http://${identity.emulatorHost}`], frame: [] };
  if (identity.mode === "firebase") {
    return {
      script: ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
      connect: ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com", "https://firestore.googleapis.com"],
      frame: ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/", `https://${identity.authDomain}`],
    };
  }
  return { script: [], connect: [], frame: [] };
}
