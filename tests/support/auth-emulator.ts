/**
 * Helpers for tests that talk to the Firebase Auth emulator `npm test` starts
 * (scripts/with-auth-emulator.js sets FIREBASE_AUTH_EMULATOR_HOST). They play the browser's part:
 * signing up and in through the same REST API the web SDK uses, and reading the codes and links
 * the emulator holds instead of sending.
 */
export const EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "";
export const PROJECT = process.env.FIREBASE_PROJECT_ID ?? "demo-stillhour";
export const haveEmulator = EMULATOR_HOST !== "";
// Locally a suite without the emulator skips (a quick `npx vitest run` of one file); in CI a missing
// emulator would silently skip more than fifty suites, so it fails every file that needs it instead.
if (!haveEmulator && process.env.CI === "true") {
  throw new Error("CI=true and FIREBASE_AUTH_EMULATOR_HOST is unset: run the suites through scripts/with-auth-emulator.js (npm test does)");
}

const rest = (method: string) => `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=test-api-key`;
const emulator = (path: string) => `http://${EMULATOR_HOST}/emulator/v1/projects/${PROJECT}/${path}`;

async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** A new anonymous account, as the browser makes one. */
export async function signUpAnonymously(): Promise<{ uid: string; idToken: string }> {
  const body = await post(rest("signUp"), { returnSecureToken: true });
  return { uid: String(body.localId), idToken: String(body.idToken) };
}

/** Signs in with a phone number and the code the emulator holds; links to `idToken`'s account when given. */
export async function signInWithPhone(phoneNumber: string, idToken?: string): Promise<{ uid: string; idToken: string }> {
  const sent = await post(rest("sendVerificationCode"), { phoneNumber, recaptchaToken: "emulator" });
  const sessionInfo = String(sent.sessionInfo);
  const codes = (await (await fetch(emulator("verificationCodes"))).json()) as {
    verificationCodes: Array<{ sessionInfo: string; code: string }>;
  };
  const code = codes.verificationCodes.find((entry) => entry.sessionInfo === sessionInfo)?.code;
  if (!code) throw new Error("no verification code in the emulator");
  const body = await post(rest("signInWithPhoneNumber"), { sessionInfo, code, ...(idToken ? { idToken } : {}) });
  return { uid: String(body.localId), idToken: String(body.idToken) };
}

/**
 * An unsigned token in the emulator's format with chosen claims: the emulator's tokens are unsigned
 * and firebase-admin accepts them in emulator mode, which is how a stale sign-in or a wrong audience
 * can be presented without waiting five minutes or owning another project.
 */
export function forgeEmulatorToken(claims: { sub: string; auth_time?: number; aud?: string; iat?: number; provider?: string }): string {
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: "none", typ: "JWT" };
  const payload = {
    iss: `https://securetoken.google.com/${claims.aud ?? PROJECT}`,
    aud: claims.aud ?? PROJECT,
    auth_time: claims.auth_time ?? now,
    user_id: claims.sub,
    sub: claims.sub,
    iat: claims.iat ?? now,
    exp: (claims.iat ?? now) + 3600,
    firebase: { identities: {}, sign_in_provider: claims.provider ?? "phone" },
  };
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${encode(header)}.${encode(payload)}.`;
}

/** The sign-in links the emulator holds for an address, newest last. */
export async function emailLinksFor(email: string): Promise<Array<{ oobCode: string; oobLink: string }>> {
  const body = (await (await fetch(emulator("oobCodes"))).json()) as {
    oobCodes: Array<{ email: string; oobCode: string; oobLink: string; requestType: string }>;
  };
  return body.oobCodes.filter((entry) => entry.email === email && entry.requestType === "EMAIL_SIGNIN");
}

/** Removes every account in the emulator's project. */
export async function clearAccounts() {
  await fetch(emulator("accounts"), { method: "DELETE" });
}

/**
 * Signs a browser context in as the account with this phone number, the quick way: a token from the
 * emulator, posted to /api/session as the page's own script would. For tests whose subject is not
 * the sign-in form itself.
 */
export async function signInContext(
  request: { post: (url: string, options: { headers: Record<string, string> }) => Promise<{ status: () => number }> },
  baseURL: string,
  phoneNumber: string,
): Promise<{ uid: string }> {
  const { uid, idToken } = await signInWithPhone(phoneNumber);
  const response = await request.post("/api/session", { headers: { Authorization: `Bearer ${idToken}`, Origin: baseURL } });
  if (response.status() !== 200) throw new Error(`token sync answered ${response.status()}`);
  return { uid };
}
