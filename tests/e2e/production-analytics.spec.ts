import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { expect, test } from "@playwright/test";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

/**
 * Issue 13 against the production build: an event the server records reaches the provider. The
 * forwarder once took its upload format from a `.client` module, which the production build empties,
 * so every forward failed quietly while vitest (which keeps `.client` modules) passed; only the built
 * server shows it. A server of its own forwards every second to a plain `node:http` receiver on
 * another origin. It runs as staging, which refuses every demo driver and secret and the Auth emulator
 * (issue 23), so each port is given a vendor's settings as a staging deployment would be; none is
 * reached by what this test does (a code tried on /subscribe), and nobody signs in (sign-in is off
 * with neither an emulator nor a Firebase project).
 */

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const PORT = BASE_PORT + 90;
const RECEIVER_PORT = BASE_PORT + 91;
const BASE = `http://localhost:${PORT}`;
const ANALYTICS_KEY = "e2e-forward-key-0001";
const token = (length: number) => randomBytes(length).toString("hex").slice(0, length);
/** Mux's signing key as it gives it: the base64 of a PEM private key (made here, never used to sign). */
const MUX_KEY = Buffer.from(generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" })).toString("base64");

interface Upload {
  contentType: string;
  form: URLSearchParams;
}

let server: BuiltServer | null = null;
let receiver: Server | null = null;
const uploads: Upload[] = [];

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(45_000);
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      uploads.push({ contentType: req.headers["content-type"] ?? "", form: new URLSearchParams(Buffer.concat(chunks).toString("utf8")) });
      res.writeHead(200, { "Content-Type": "application/json" }).end('{"code":200}');
    });
  });
  await new Promise<void>((resolve, reject) => receiver!.once("error", reject).listen(RECEIVER_PORT, "127.0.0.1", resolve));

  // Only what the site reads (cleanEnv), so nothing of the runner's demo settings leaks in.
  server = await startBuiltServer(
    PORT,
    "analytics",
    {
      NODE_ENV: "production",
      // production also requires a Firebase project; staging is the strictest mode that runs here.
      APP_ENV: "staging",
      SESSION_SECRET: randomBytes(32).toString("base64url"),
      // The plans a code is tried against: a staging project may carry the demo content (README).
      SEED_DEMO_CONTENT: "true",
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: `sk_test_${token(24)}`,
      STRIPE_WEBHOOK_SECRET: `whsec_${token(24)}`,
      MAIL_TRANSPORT: "smtp",
      SMTP_URL: "smtp://127.0.0.1:9",
      VIDEO_PROVIDER: "daily",
      DAILY_API_KEY: token(40),
      DAILY_DOMAIN: "stillhour-e2e",
      STREAMING_PROVIDER: "mux",
      MUX_SIGNING_KEY_ID: token(24),
      MUX_SIGNING_PRIVATE_KEY: MUX_KEY,
      ANALYTICS_KEY,
      ANALYTICS_FORWARD_URL: `http://127.0.0.1:${RECEIVER_PORT}/2/httpapi`,
      ANALYTICS_FORWARD_SECONDS: "1",
    },
    { cleanEnv: true },
  );
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
});

test("a promotion code tried on /subscribe reaches the provider in its upload format", async ({ request }) => {
  // A code nobody has, unique to this run, so the events found are this request's.
  const code = `NOPE${randomBytes(4).toString("hex").toUpperCase()}`;
  // What the subscribe form sends when "Apply" is pressed (it works without JavaScript).
  const response = await request.post(`${BASE}/subscribe`, {
    form: { intent: "apply", plan: "annual", code },
    headers: { Origin: BASE },
    maxRedirects: 0,
  });
  expect(response.status(), "an unknown code is refused beside the field").toBe(400);

  const ours = (upload: Upload) =>
    (JSON.parse(upload.form.get("e") ?? "[]") as Array<{ event_type: string; event_properties?: { typedCode?: string } }>).filter(
      (event) => event.event_type.startsWith("Web_Promotion_Code") && event.event_properties?.typedCode === code,
    );
  const seen = () => uploads.flatMap(ours).map((event) => event.event_type);
  const deadline = Date.now() + 15_000;
  while (!(seen().includes("Web_Promotion_Code_Attempted") && seen().includes("Web_Promotion_Code_Invalid")) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(
    seen().sort(),
    `the receiver got ${uploads.length} upload(s) in 15 s without this code's events; the server's last lines:\n${server?.output.join("\n")}`,
  ).toEqual(["Web_Promotion_Code_Attempted", "Web_Promotion_Code_Invalid"]);

  for (const upload of uploads.filter((candidate) => ours(candidate).length > 0)) {
    expect(upload.contentType).toContain("application/x-www-form-urlencoded");
    const [client, e, v, uploadTime, checksum] = ["client", "e", "v", "upload_time", "checksum"].map((field) => upload.form.get(field));
    expect({ client, e, v, uploadTime, checksum }, "every upload field is present").toEqual({
      client: ANALYTICS_KEY,
      e: expect.any(String),
      v: expect.stringMatching(/^\d+$/),
      uploadTime: expect.stringMatching(/^\d+$/),
      checksum: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(checksum, "checksum = MD5(v + client + e + upload_time)").toBe(createHash("md5").update(`${v}${client}${e}${uploadTime}`).digest("hex"));
  }
});
