import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, demo, intentId, newMember, seedPlans } from "../../support/payments";
import { createTestBuild } from "../app-build";

// The demo's hosted checkout page as a browser without JavaScript uses it: plain GETs and form posts.
const { startSubscriptionCheckout, getMembership } = await import("../../../app/models/billing/membership.server");
const { savePrivateUser } = await import("../../../app/models/identity/user.server");
const { createFrontDoor } = await import("../../../app/server/http/http-server.server");
const entry = await import("~/entry.server");

let server: ReturnType<typeof createFrontDoor>["server"];
let base = "";

beforeAll(async () => {
  await seedPlans();
  const routes = [
    { id: "root", path: "", module: await import("~/root") },
    {
      id: "routes/demo.checkout.$sessionId",
      parentId: "root",
      path: "demo/checkout/:sessionId",
      module: await import("~/routes/demo.checkout.$sessionId/route"),
    },
    {
      id: "routes/api.payments.webhook",
      parentId: "root",
      path: "api/payments/webhook",
      module: await import("~/routes/api.payments.webhook/route"),
    },
  ];
  server = createFrontDoor(createTestBuild(routes, entry), { publicDir: mkdtempSync(join(tmpdir(), "stillhour-public-")) }).server;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function session() {
  const uid = await newMember();
  const started = await startSubscriptionCheckout({ uid, planId: "monthly", discount: null, intentId: intentId() });
  if (!started.ok) throw new Error(started.reason);
  return { uid, sessionId: started.sessionId, path: `/demo/checkout/${started.sessionId}` };
}

function submit(path: string, fields: Record<string, string>) {
  return fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

const card = (number: string) => ({ intent: "pay", cardNumber: number, expiry: "04/40", cvc: "123", cardName: "Ada Lovelace" });

const text = (html: string) => html.replace(/<!-- -->/g, "");

describe("the demo checkout page", () => {
  it("says plainly that no card is charged, and shows the catalogue's price", async () => {
    const { path } = await session();
    const page = await fetch(`${base}${path}`);
    expect(page.status).toBe(200);
    const html = text(await page.text());
    expect(html).toContain("Demo: no card is charged");
    expect(html).toContain("$14.99 a month");
    expect(html).toContain('name="cardNumber"');
  });

  it("declines 0002 beside the card field with 400, keeping the other fields", async () => {
    const { path, uid } = await session();
    const answer = await submit(path, card("4000 0000 0000 0002"));
    expect(answer.status).toBe(400);
    const html = text(await answer.text());
    expect(html).toContain("Demo: no card is charged");
    expect(html).toMatch(/id="field-cardNumber-error"[^>]*>Your card was declined\. Please try a different card\./);
    expect(html).toContain('value="Ada Lovelace"');
    expect(html).toContain('value="04/40"');
    expect(await getMembership(uid)).toBeNull();
  });

  it("answers a malformed card form with 400 and field messages, never a 500", async () => {
    const { path } = await session();
    const answer = await submit(path, { intent: "pay", cardNumber: "12", expiry: "13/99", cvc: "x", cardName: "" });
    expect(answer.status).toBe(400);
    const html = text(await answer.text());
    expect(html).toContain("Please enter the card number");
    expect(html).toContain("Please enter the expiry as MM/YY");
    const odd = await submit(path, { intent: "something-else" });
    expect(odd.status).toBe(400);
  });

  it("asks 3184 for the extra step, then pays and sends the buyer to the welcome page", async () => {
    const { path, sessionId, uid } = await session();
    const step = await submit(path, card("4000 0027 6000 3184"));
    expect(step.status).toBe(200);
    const html = text(await step.text());
    expect(html).toContain("Demo: no card is charged");
    expect(html).toContain("Complete authentication");
    expect(html).toContain("Fail authentication");
    const paid = await submit(path, { intent: "authenticate" });
    expect(paid.status).toBe(302);
    expect(paid.headers.get("location")).toBe(`${ORIGIN}/subscribe/welcome?session_id=${sessionId}`);
    // The signed events arrive through the webhook path a moment later.
    for (let i = 0; i < 50 && !(await getMembership(uid)); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await getMembership(uid)).toMatchObject({ status: "trialing", planId: "monthly" });
    // Paid: the page now only sends the buyer on, and a replayed payment charges nothing more.
    expect((await fetch(`${base}${path}`, { redirect: "manual" })).status).toBe(302);
    expect((await submit(path, card("4242 4242 4242 4242"))).status).toBe(302);
    expect(await demo().countCharges(sessionId)).toBe(1);
  });

  it("offers the name the member already gave as the name on the card (WCAG 3.3.7), as it is now, and still refuses it cleared", async () => {
    const { path, uid } = await session();
    const field = (html: string) => /<input[^>]*name="cardName"[^>]*>/.exec(html)?.[0] ?? "";
    expect(field(text(await (await fetch(`${base}${path}`)).text()))).toContain('value="Ada Lovelace"');
    // Renamed after the provider's customer was made: the page follows the account, not the customer.
    await savePrivateUser(uid, { firstName: "Augusta", lastName: "King" });
    expect(field(text(await (await fetch(`${base}${path}`)).text()))).toContain('value="Augusta King"');
    const cleared = await submit(path, { ...card("4242 4242 4242 4242"), cardName: " " });
    expect(cleared.status).toBe(400);
    const html = text(await cleared.text());
    expect(html).toContain("Please enter the name on the card.");
    expect(field(html)).not.toContain("Augusta");
    expect(await getMembership(uid)).toBeNull();
  });

  it("answers 404 for a session it never made", async () => {
    expect((await fetch(`${base}/demo/checkout/cs_demo_000000000000000000000000`)).status).toBe(404);
    expect((await submit("/demo/checkout/nonsense", card("4242424242424242"))).status).toBe(404);
  });
});
