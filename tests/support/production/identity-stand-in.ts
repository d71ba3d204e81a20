import { execFileSync } from "node:child_process";
import { createSign, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Google's identity endpoints on a local origin, for the production suite (ADR 040). The site runs the
 * real Firebase Admin SDK with IDENTITY_API_URL pointing its connections here (staging only), so every
 * check the SDK makes still happens: ID tokens and session cookies are RS256 JWTs signed with a key made
 * for this run, verified against the X.509 certificate served at Google's key paths, with Google's
 * issuers and the project as audience; accounts:lookup answers claims and revocation. E-mail sign-in
 * codes are returned to the Admin SDK, which the site mails itself (and kept, for `linkFor`).
 */

export interface StandInAccount {
  uid: string;
  email: string;
  claims?: Record<string, boolean | string>;
}

export interface IdentityStandIn {
  url: string;
  /** The last sign-in link asked for this address (its oobCode), or null. */
  linkFor(email: string): { oobCode: string; continueUrl: string } | null;
  close(): Promise<void>;
}

const KID = "stand-in-key-1";

export async function startIdentityStandIn(port: number, projectId: string, accounts: StandInAccount[]): Promise<IdentityStandIn> {
  // A key and its self-signed certificate, as Google publishes its signing certificates.
  const dir = mkdtempSync(join(tmpdir(), "identity-stand-in-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
      "-days",
      "2",
      "-subj",
      "/CN=stand-in",
    ],
    { stdio: "ignore" },
  );
  const privateKey = readFileSync(join(dir, "key.pem"), "utf8");
  const certificate = readFileSync(join(dir, "cert.pem"), "utf8");
  rmSync(dir, { recursive: true, force: true });

  const byEmail = new Map(accounts.map((account) => [account.email.toLowerCase(), account]));
  const byUid = new Map(accounts.map((account) => [account.uid, account]));
  const links = new Map<string, { oobCode: string; continueUrl: string }>();
  const codes = new Map<string, string>();
  const createdAt = Date.now() - 86_400_000;

  const b64 = (value: object | Buffer) => (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString("base64url");
  const sign = (payload: Record<string, unknown>) => {
    const head = `${b64({ alg: "RS256", kid: KID, typ: "JWT" })}.${b64(payload)}`;
    return `${head}.${createSign("RSA-SHA256").update(head).sign(privateKey).toString("base64url")}`;
  };
  const readJwt = (token: string) =>
    JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
  const idToken = (account: StandInAccount) => {
    const now = Math.floor(Date.now() / 1000);
    return sign({
      iss: `https://securetoken.google.com/${projectId}`,
      aud: projectId,
      auth_time: now,
      user_id: account.uid,
      sub: account.uid,
      iat: now,
      exp: now + 3600,
      email: account.email,
      email_verified: true,
      firebase: { identities: { email: [account.email] }, sign_in_provider: "password" },
      ...(account.claims ?? {}),
    });
  };

  const readBody = (req: IncomingMessage) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}"));
        } catch {
          resolve({});
        }
      });
    });

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(body));
    const fail = (message: string) => send(400, { error: { code: 400, message } });
    const path = url.pathname;
    // The keys both verifiers fetch (ID tokens and session cookies), with Google's caching header.
    if (
      req.method === "GET" &&
      (path === "/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com" || path === "/identitytoolkit/v3/relyingparty/publicKeys")
    ) {
      return send(200, { [KID]: certificate }, { "Cache-Control": "public, max-age=3600" });
    }
    const body = await readBody(req);
    // The browser's API (Firebase mails the link) and the Admin SDK's (the link is returned, and the
    // site mails it: generateSignInWithEmailLink).
    if (path === "/v1/accounts:sendOobCode" || /^\/v1\/projects\/[^/]+\/accounts:sendOobCode$/.test(path)) {
      const email = String(body.email ?? "").toLowerCase();
      if (!byEmail.has(email)) byEmail.set(email, { uid: `u_${randomBytes(8).toString("hex")}`, email });
      const oobCode = randomBytes(24).toString("base64url");
      const continueUrl = String(body.continueUrl ?? "");
      links.set(email, { oobCode, continueUrl });
      codes.set(oobCode, email);
      const oobLink = `https://${projectId}.firebaseapp.com/__/auth/action?mode=signIn&oobCode=${oobCode}&continueUrl=${encodeURIComponent(continueUrl)}&lang=en`;
      return send(200, { kind: "identitytoolkit#GetOobConfirmationCodeResponse", email, ...(body.returnOobLink ? { oobLink } : {}) });
    }
    if (path === "/v1/accounts:signInWithEmailLink") {
      const email = codes.get(String(body.oobCode ?? ""));
      if (!email || email !== String(body.email ?? "").toLowerCase()) return fail("INVALID_OOB_CODE");
      codes.delete(String(body.oobCode));
      const account = byEmail.get(email)!;
      byUid.set(account.uid, account);
      return send(200, {
        idToken: idToken(account),
        localId: account.uid,
        email,
        isNewUser: false,
        refreshToken: "stand-in",
        expiresIn: "3600",
      });
    }
    const cookie = /^\/v1\/projects\/([^/:]+):createSessionCookie$/.exec(path);
    if (cookie) {
      const claims = readJwt(String(body.idToken ?? ""));
      const seconds = Number(body.validDuration ?? 3600);
      const now = Math.floor(Date.now() / 1000);
      return send(200, {
        sessionCookie: sign({ ...claims, iss: `https://session.firebase.google.com/${projectId}`, iat: now, exp: now + seconds }),
      });
    }
    if (/^\/v1\/projects\/[^/]+\/accounts:lookup$/.test(path)) {
      const uids = Array.isArray(body.localId) ? (body.localId as string[]) : [];
      const users = uids.map((uid) => byUid.get(uid)).filter((account): account is StandInAccount => Boolean(account));
      return send(200, {
        kind: "identitytoolkit#GetAccountInfoResponse",
        users: users.map((account) => ({
          localId: account.uid,
          email: account.email,
          emailVerified: true,
          disabled: false,
          customAttributes: JSON.stringify(account.claims ?? {}),
          providerUserInfo: [{ providerId: "password", email: account.email, rawId: account.email, federatedId: account.email }],
          validSince: String(Math.floor(createdAt / 1000)),
          createdAt: String(createdAt),
          lastLoginAt: String(Date.now()),
        })),
      });
    }
    return send(404, { error: { code: 404, message: `stand-in has no ${req.method} ${path}` } });
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    linkFor: (email) => links.get(email.toLowerCase()) ?? null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
