import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { appRoutes, createTestBuild } from "../app-build";

// Issue 23 (Low): bearer tokens in addresses (gift codes, short-link and invitation tokens, checkout
// session ids) must not reach the request log or the 404 log. The front door as production runs it,
// with request logging on, and every line it writes captured.
process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";
process.env.LOG_REQUESTS = "true";
process.env.PUBLIC_SITE_URL = "https://www.stillhour.example";

const { getStore } = await import("../../../app/services/store/index.server");
const { seedDemoContent } = await import("../../../app/demo/seed.server");
const { invalidate } = await import("../../../app/lib/cache.server");
const { createFrontDoor } = await import("../../../app/server/http/http-server.server");
const { createGiftRecord } = await import("../../../app/models/wallet/gifts.server");
const { NOT_YET_SENT_OR_REDEEMED } = await import("../../../app/models/wallet/gifts.server");
const entry = await import("~/entry.server");

const GIFT_CODE = "7KQ2M8XPV4HRZT6C";
const UNKNOWN_CODE = "9WNB3QTK5DF2YH7J";
const SHORT_LINK = "sl_Q8f3Kd92LmZp";

let base = "";
let frontDoor: ReturnType<typeof createFrontDoor>;

beforeAll(async () => {
  await seedDemoContent(getStore());
  await createGiftRecord("pur_0123456789abcdef01234567", {
    code: GIFT_CODE,
    buyerUid: "buyer-log-1",
    buyerName: "Ada",
    giftTypeId: "one-month",
    typeName: "A month",
    months: 1,
    amount: 1500,
    currency: "usd",
    method: "link",
    recipientName: "",
    recipientEmail: null,
    message: "",
    deliverAt: null,
    forSelf: false,
    buyerZone: "UTC",
    state: "paid",
    createdAt: Date.now(),
    paidAt: Date.now(),
    ...NOT_YET_SENT_OR_REDEEMED,
  } as never);
  await getStore().set("shortLinks", SHORT_LINK, {
    token: SHORT_LINK,
    kind: "campaign",
    target: "/about",
    createdAt: Date.now(),
    expiresAt: null,
  });
  frontDoor = createFrontDoor(createTestBuild(await appRoutes(), entry), { publicDir: mkdtempSync(join(tmpdir(), "stillhour-public-")) });
  await new Promise<void>((resolve) => frontDoor.server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(frontDoor.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  frontDoor.server.closeAllConnections();
  await new Promise((resolve) => frontDoor.server.close(resolve));
  invalidate();
});

afterEach(() => vi.restoreAllMocks());

/** Everything the server writes to its logs while `run` goes. */
async function logsDuring(run: () => Promise<unknown>): Promise<string> {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
  vi.spyOn(console, "log").mockImplementation(keep);
  vi.spyOn(console, "info").mockImplementation(keep);
  vi.spyOn(console, "warn").mockImplementation(keep);
  vi.spyOn(console, "error").mockImplementation(keep);
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, "write").mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
    if (typeof chunk === "string" && chunk.startsWith("{")) {
      lines.push(chunk);
      return true;
    }
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as never);
  await run().catch((error: unknown) => {
    throw new Error(`${String(error)}\n${lines.join("\n")}`);
  });
  // The request line is written when the response finishes, which can follow the client's read.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return lines.join("\n");
}

describe("bearer tokens in request and 404 logs", () => {
  it("logs a gift link with its code masked, keeping the path's shape", async () => {
    const logs = await logsDuring(async () => {
      const answer = await fetch(`${base}/${GIFT_CODE}`, { redirect: "manual" });
      expect(answer.status).toBe(200);
      await answer.text();
    });
    expect(logs).toContain('"msg":"request"');
    expect(logs).not.toContain(GIFT_CODE);
    expect(logs).not.toContain("7KQ2-M8XP-V4HR-ZT6C");
    expect(logs).toContain("/7KQ2-••••-••••-ZT6C");
  });

  it("logs an unknown gift code, an unknown token and a short link masked, in the request log and the 404 log", async () => {
    const logs = await logsDuring(async () => {
      for (const path of [
        `/${UNKNOWN_CODE}`,
        `/${UNKNOWN_CODE.slice(0, 4)}-${UNKNOWN_CODE.slice(4, 8)}-${UNKNOWN_CODE.slice(8, 12)}-${UNKNOWN_CODE.slice(12)}`,
        `/${SHORT_LINK}`,
        "/not-a-page-xq7",
      ]) {
        const answer = await fetch(`${base}${path}`, { redirect: "manual" });
        await answer.text();
      }
    });
    expect(logs).toContain('"status":404');
    for (const secret of [UNKNOWN_CODE, UNKNOWN_CODE.slice(4, 12), SHORT_LINK, "not-a-page-xq7"]) expect(logs).not.toContain(secret);
    expect(logs).toContain('"path":"/[token]"');
  });

  it("still logs the site's own pages in full", async () => {
    const logs = await logsDuring(async () => {
      await (await fetch(`${base}/about`)).text();
    });
    expect(logs).toContain('"path":"/about"');
  });
});
