import net from "node:net";
import { expect, test } from "@playwright/test";
import { haveEmulator, signInWithPhone } from "../support/auth-emulator";
import { processMemory, startBuiltServer, type BuiltServer } from "../support/built-server";

/**
 * Issue 23, item 1: a body sent chunked (no Content-Length) is cut off at its route's cap by the built
 * server, streamed: the 413 comes while the client still holds the rest of a 50 MB body, and the
 * server's memory does not grow by anything like what was sent. Run against `node server.js` of its
 * own so the process measured is the one that read the bytes. No browser: a browser cannot send a
 * chunked form.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100) + 92;
const KB = 1024;
const MB = 1024 * KB;
const BODY_BYTES = 50 * MB;
/** What a client sends past the cap before it waits for the answer; the server must answer by then. */
const PAST_THE_CAP = 48 * KB;

let server: BuiltServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  server = await startBuiltServer(PORT, "limits");
});

test.afterAll(async () => {
  await server?.stop();
});

interface Probe {
  status: number | null;
  body: string;
  /** Bytes of body written when the answer's status line arrived (null: no answer before the body ended). */
  sentWhenAnswered: number | null;
  sent: number;
  error: string | null;
}

/**
 * POSTs `BODY_BYTES` chunked on a raw keep-alive connection, as a browser's would be: `cap +
 * PAST_THE_CAP` bytes, then up to three seconds' wait for an answer, then the rest regardless, as a
 * hostile client would (the server may read it to throw away, or close the connection).
 */
function chunkedPost(path: string, cap: number, headers: Record<string, string>): Promise<Probe> {
  return new Promise((resolve) => {
    const probe: Probe = { status: null, body: "", sentWhenAnswered: null, sent: 0, error: null };
    let answered!: () => void;
    const answer = new Promise<void>((done) => (answered = done));
    let finished!: () => void;
    const ended = new Promise<void>((done) => (finished = done));
    let broken = false;
    let wake: (() => void) | null = null;
    const { hostname, port } = new URL(server.base);
    const socket = net.connect(Number(port), hostname);
    socket.on("data", (data: Buffer) => {
      if (probe.status === null) {
        probe.status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data.toString("latin1"))?.[1] ?? 0);
        probe.sentWhenAnswered = probe.sent;
        answered();
      }
      if (probe.body.length < 4_000) probe.body += data.toString("utf8");
      // The answer is complete: a chunked one ends with an empty chunk, a sized one is one write here.
      if (/\r\n0\r\n\r\n$/.test(data.toString("latin1")) || /content-length/i.test(probe.body)) finished();
    });
    socket.on("drain", () => wake?.());
    socket.on("error", (error: NodeJS.ErrnoException) => {
      probe.error = error.code ?? error.message;
      broken = true;
    });
    socket.on("close", () => {
      broken = true;
      wake?.();
      answered();
      finished();
    });
    const write = async (payload: Buffer) => {
      if (broken) return;
      probe.sent += payload.length;
      const framed = Buffer.concat([Buffer.from(`${payload.length.toString(16)}\r\n`), payload, Buffer.from("\r\n")]);
      if (socket.write(framed)) return;
      await new Promise<void>((drained) => (wake = drained));
      wake = null;
    };
    const head = [`POST ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, `Origin: ${server.base}`, "Transfer-Encoding: chunked"];
    for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
    socket.write(`${head.join("\r\n")}\r\n\r\n`);
    const piece = Buffer.alloc(16 * KB, "x".charCodeAt(0));
    void (async () => {
      await write(Buffer.from("choice=allow&email=a%40b.example&note="));
      while (probe.sent < cap + PAST_THE_CAP && !broken) await write(piece);
      await Promise.race([answer, new Promise((wait) => setTimeout(wait, 3_000))]);
      const big = Buffer.alloc(256 * KB, "x".charCodeAt(0));
      while (probe.sent < BODY_BYTES && !broken) await write(big);
      if (!broken) socket.write("0\r\n\r\n");
      await Promise.race([ended, new Promise((wait) => setTimeout(wait, 30_000))]);
      socket.destroy();
      resolve(probe);
    })();
  });
}

/** A member's session cookie: signed in through the Auth emulator, synced as the page's script would. */
async function memberCookie(phoneNumber: string): Promise<string> {
  const { idToken } = await signInWithPhone(phoneNumber);
  const response = await fetch(`${server.base}/api/session`, {
    method: "POST",
    headers: { Authorization: `Bearer ${idToken}`, Origin: server.base },
  });
  expect(response.status, "the token sync signs the member in").toBe(200);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("__session="));
  if (!cookie) throw new Error("no session cookie from the token sync");
  return cookie.split(";")[0];
}

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const FORM_CAP = 16 * KB;

/** Posts a small form and returns the status (warms the route's modules before memory is measured). */
async function smallPost(path: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.base}${path}`, {
    method: "POST",
    headers: { Origin: server.base, ...FORM, ...headers },
    body,
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response.status;
}

test("a chunked 50 MB post is refused at its route's cap, streamed, on every route that reads a body", async () => {
  test.setTimeout(240_000);
  const routes: Array<{ path: string; cap: number; headers: Record<string, string> }> = [
    { path: "/privacy/choices", cap: FORM_CAP, headers: FORM },
    { path: "/auth/email-link?oobCode=abcdefghijklmnopqrstuvwxyz", cap: FORM_CAP, headers: FORM },
    { path: "/mental-detox-ebook", cap: FORM_CAP, headers: FORM },
    { path: "/api/payments/webhook", cap: 512 * KB, headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=00" } },
    { path: "/api/analytics", cap: 64 * KB, headers: FORM },
  ];
  if (haveEmulator) {
    // New accounts, signed in: one still to be named (onboarding's page sends a named member away),
    // one named (the membership panel sends an unnamed one to onboarding first).
    const suffix = String(Date.now()).slice(-3);
    const newcomer = await memberCookie(`+1555011${suffix}1`);
    const named = await memberCookie(`+1555011${suffix}2`);
    expect(await smallPost("/onboarding", "firstName=Body&lastName=Limits", { Cookie: named })).toBe(302);
    routes.push({ path: "/onboarding", cap: FORM_CAP, headers: { ...FORM, Cookie: newcomer } });
    routes.push({ path: "/settings/membership", cap: FORM_CAP, headers: { ...FORM, Cookie: named } });
  }
  for (const route of routes) await smallPost(route.path, "choice=allow", route.headers);
  // The first 50 MB a process reads and throws away raises its peak once (about 30 MB of spent
  // buffers before the collector runs), whatever the route: measured from the second on, what is left
  // is what a route holds.
  await chunkedPost("/privacy/choices", FORM_CAP, FORM);

  const before = processMemory(server.pid);
  const results: Array<{
    path: string;
    status: number | null;
    sentWhenAnswered: number | null;
    sent: number;
    error: string | null;
    peakGrowthMb: number;
  }> = [];
  for (const route of routes) {
    const peakBefore = processMemory(server.pid).peak;
    const probe = await chunkedPost(route.path, route.cap, route.headers);
    results.push({
      path: route.path,
      status: probe.status,
      sentWhenAnswered: probe.sentWhenAnswered,
      sent: probe.sent,
      error: probe.error,
      peakGrowthMb: Math.round((processMemory(server.pid).peak - peakBefore) / MB),
    });
  }
  const after = processMemory(server.pid);
  const report = `${JSON.stringify(results, null, 1)}\nserver output:\n${server.output.join("\n")}`;
  console.log(JSON.stringify(results));
  for (const [index, route] of routes.entries()) {
    const result = results[index];
    expect(result.status, `${route.path}: 413 ${report}`).toBe(413);
    expect(
      result.sentWhenAnswered,
      `${route.path}: answered before the client sent more than cap + ${PAST_THE_CAP} bytes ${report}`,
    ).not.toBeNull();
    expect(result.sentWhenAnswered!, `${route.path}: answered at the cap ${report}`).toBeLessThanOrEqual(route.cap + PAST_THE_CAP + 64);
  }
  // 50 MB sent to each of them: a server that held a body would have grown its peak by at least that.
  // Below it, the figure is the collector's timing (8 MB on a quiet machine, 22 MB seen on a busy one),
  // so the bar sits between the two: well under one body, well over the noise.
  expect(after.peak - before.peak, `peak memory grew by ${Math.round((after.peak - before.peak) / MB)} MB ${report}`).toBeLessThan(32 * MB);
});
