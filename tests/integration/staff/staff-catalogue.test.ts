import { beforeAll, describe, expect, it } from "vitest";
import { GOOD_CARD, demo, getStore } from "../../support/payments";
import { haveEmulator } from "../../support/auth-emulator";
import { auditEntriesFor, staffGet, staffPost, staffSession } from "../../support/staff-session";
import { answerOf, routeArgs } from "../../support/route-call";

/**
 * Issue 26 (ADR 052): what an admin sells and says, with real Requests on SQLite. A price, length or
 * on-sale change reaches /gift and /credits and the next checkout at once; a purchase made before it
 * keeps its terms; one audit entry per change, none for a no-op; the banner's text stays text and
 * shows at once; flags toggle; what to fix is said beside each field.
 */

const { seedDemoContent } = await import("../../../app/demo/seed.server");
const catalogueRoute = await import("~/routes/staff.catalogue/route");
const siteRoute = await import("~/routes/staff.site/route");
const creditsRoute = await import("~/routes/credits/route");
const giftRoute = await import("~/routes/gift/route");
const { getPurchase, purchaseIdFor } = await import("../../../app/models/billing/purchases.server");
const { deliverSignedEvents } = await import("../../../app/models/checkout/payment-webhook.server");
const { USER_CREDIT_PACKS, UserCreditPackSchema } = await import("../../../app/models/wallet/credits.server");
const { getNewsBanner } = await import("../../../app/models/content/content.server");
const { getFeatureFlags } = await import("../../../app/platform/platform-config.server");
const { AUDIT_LOG } = await import("../../../app/models/staff/audit.server");
const { z } = await import("zod");

const SITE = "http://localhost:3000";
const DAY = 86_400_000;

beforeAll(async () => {
  await seedDemoContent(getStore(), new Date());
});

const auditCount = async () => (await getStore().query(AUDIT_LOG, z.object({}).passthrough())).docs.length;

/** A member posts /credits for this pack, as the public page's form does: where they are sent, and the purchase. */
async function buyPack(cookie: string, uid: string, pack: string) {
  const intentId = globalThis.crypto.randomUUID().replaceAll("-", "");
  const answer = await answerOf(async () =>
    creditsRoute.action(
      routeArgs(
        new Request(`${SITE}/credits`, {
          method: "POST",
          headers: { Cookie: cookie, Origin: SITE, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ pack, intentId }).toString(),
        }),
      ),
    ),
  );
  return { answer, purchaseId: purchaseIdFor(uid, intentId) };
}

const packsOnSale = async (cookie: string) =>
  (
    (await answerOf(async () => creditsRoute.loader(routeArgs(new Request(`${SITE}/credits`, { headers: { Cookie: cookie } }))))).data as {
      packs: Array<{ id: string; price: string; credits: number }>;
    }
  ).packs;

describe.skipIf(!haveEmulator)("gifts, class packs, the banner and flags", () => {
  it("says what to fix beside each field and keeps what was typed", async () => {
    const admin = await staffSession({ admin: true });
    const before = await auditCount();
    const bad = await staffPost(catalogueRoute, "/staff/catalogue", admin.cookie, {
      kind: "pack",
      id: "five-classes",
      price: "0",
      credits: "500",
      validDays: "2 weeks",
      onSale: "on",
    });
    expect(bad.status).toBe(400);
    const { errors, values } = bad.data as { errors: Record<string, string>; values: Record<string, string> };
    expect(Object.keys(errors).sort()).toEqual(["credits", "form", "price", "validDays"]);
    expect(values).toMatchObject({ kind: "pack", id: "five-classes", price: "0", credits: "500", validDays: "2 weeks" });
    const huge = await staffPost(catalogueRoute, "/staff/catalogue", admin.cookie, {
      kind: "gift",
      id: "one-month",
      price: "150000",
      months: "1",
      onSale: "on",
    });
    expect((huge.data as { errors: Record<string, string> }).errors.price).toMatch(/at most 10,000/);
    const missing = await staffPost(catalogueRoute, "/staff/catalogue", admin.cookie, {
      kind: "gift",
      id: "no-such-gift",
      price: "10",
      months: "1",
    });
    expect(missing.status).toBe(404);
    expect(await auditCount()).toBe(before);
  });

  it("charges an edited pack price at the next checkout, keeps a purchase made before the edit, and stops offering a pack taken off sale", async () => {
    const admin = await staffSession({ admin: true });
    const member = await staffSession({}, SITE, "Pia");
    // Bought at the old terms (5 credits, 90 days, $45), paid after the admin's edit.
    const early = await buyPack(member.cookie, member.uid, "five-classes");
    expect(early.answer.status).toBe(302);
    expect((await getPurchase(early.purchaseId))!.amount).toBe(4500);

    const saved = await staffPost(catalogueRoute, "/staff/catalogue", admin.cookie, {
      kind: "pack",
      id: "five-classes",
      price: "49.50",
      credits: "6",
      validDays: "120",
      onSale: "on",
    });
    expect(saved.location).toBe("/staff/catalogue?done=pack");
    const [entry, ...more] = await auditEntriesFor("five-classes");
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ area: "catalogue", action: "changed the class pack", actorUid: admin.uid, actorRole: "admin" });
    expect(entry.changes).toEqual([
      { field: "amount", before: "4500", after: "4950" },
      { field: "credits", before: "5", after: "6" },
      { field: "validDays", before: "90", after: "120" },
    ]);
    // The same values again: nothing written, nothing recorded.
    const again = await staffPost(catalogueRoute, "/staff/catalogue", admin.cookie, {
      kind: "pack",
      id: "five-classes",
      price: "49.5",
      credits: "6",
      validDays: "120",
      onSale: "on",
    });
    expect(again.location).toBe("/staff/catalogue?done=unchanged");
    expect(await auditEntriesFor("five-classes")).toHaveLength(1);

    expect((await packsOnSale(member.cookie)).find((p) => p.id === "five-classes")).toMatchObject({ price: "$49.50", credits: 6 });
    const next = await buyPack(member.cookie, member.uid, "five-classes");
    expect((await getPurchase(next.purchaseId))!.amount).toBe(4950);

    // The early purchase is paid now, after the edit: it grants what it was sold with.
    const session = (await getPurchase(early.purchaseId))!.sessionId!;
    const paid = await demo().pay(session, GOOD_CARD);
    if (!paid.ok) throw new Error(paid.reason);
    await deliverSignedEvents(paid.deliveries);
    const granted = await getStore().get(USER_CREDIT_PACKS, early.purchaseId, UserCreditPackSchema);
    expect(granted).toMatchObject({ credits: 5, amount: 4500 });
    expect(granted!.expiresAt - granted!.purchasedAt).toBe(90 * DAY);

    // Off sale: gone from /credits at once, and its form refused.
    expect(
      (
        await staffPost(catalogueRoute, "/staff/catalogue", admin.cookie, {
          kind: "pack",
          id: "five-classes",
          price: "49.50",
          credits: "6",
          validDays: "120",
        })
      ).location,
    ).toBe("/staff/catalogue?done=pack");
    expect((await packsOnSale(member.cookie)).map((p) => p.id)).not.toContain("five-classes");
    expect((await buyPack(member.cookie, member.uid, "five-classes")).answer.status).toBe(400);
    const page = await staffGet(catalogueRoute, "/staff/catalogue", admin.cookie);
    expect((page.data as { packs: Array<{ id: string; onSale: boolean }> }).packs.find((p) => p.id === "five-classes")!.onSale).toBe(false);
  }, 60_000);

  it("shows an edited gift price on /gift at once and takes a gift off sale", async () => {
    const admin = await staffSession({ admin: true });
    const member = await staffSession({}, SITE, "Gus");
    const gifts = async () =>
      (
        (await answerOf(async () => giftRoute.loader(routeArgs(new Request(`${SITE}/gift`, { headers: { Cookie: member.cookie } })))))
          .data as { types: Array<{ id: string; price: string }> }
      ).types;
    await gifts(); // a view before the edit, as a warm instance would have
    expect(
      (
        await staffPost(catalogueRoute, "/staff/catalogue", admin.cookie, {
          kind: "gift",
          id: "three-months",
          price: "42",
          months: "3",
          onSale: "on",
        })
      ).location,
    ).toBe("/staff/catalogue?done=gift");
    expect((await gifts()).find((t) => t.id === "three-months")!.price).toBe("$42");
    expect(
      (await staffPost(catalogueRoute, "/staff/catalogue", admin.cookie, { kind: "gift", id: "three-months", price: "42", months: "3" }))
        .location,
    ).toBe("/staff/catalogue?done=gift");
    expect((await gifts()).map((t) => t.id)).not.toContain("three-months");
    const entries = await auditEntriesFor("three-months");
    expect(entries.map((e) => e.changes)).toEqual([
      [{ field: "amount", before: "3900", after: "4200" }],
      [{ field: "active", before: "true", after: "false" }],
    ]);
  }, 60_000);

  it("keeps the banner's text as text, shows a change at once, refuses an outside link, and toggles flags once each", async () => {
    const admin = await staffSession({ admin: true });
    await getNewsBanner(); // cached, as on a warm instance
    const xss = `<img src=x onerror=alert(1)> "Spring" <script>alert(2)</script>`;
    const saved = await staffPost(siteRoute, "/staff/site", admin.cookie, {
      intent: "banner",
      text: xss,
      linkLabel: "See more",
      href: "/gift",
      active: "on",
    });
    expect(saved.location).toBe("/staff/site?done=banner");
    expect(await getNewsBanner()).toMatchObject({ text: xss, href: "/gift", active: true });
    const outside = await staffPost(siteRoute, "/staff/site", admin.cookie, {
      intent: "banner",
      text: "Hello",
      linkLabel: "Go",
      href: "javascript:alert(1)",
      active: "on",
    });
    expect(outside.status).toBe(400);
    expect((outside.data as { errors: Record<string, string> }).errors.href).toMatch(/starts with \//);
    const external = await staffPost(siteRoute, "/staff/site", admin.cookie, {
      intent: "banner",
      text: "Hello",
      linkLabel: "Go",
      href: "//evil.example/",
      active: "on",
    });
    expect(external.status).toBe(400);
    expect(
      (
        await staffPost(siteRoute, "/staff/site", admin.cookie, {
          intent: "banner",
          text: xss,
          linkLabel: "See more",
          href: "/gift",
          active: "on",
        })
      ).location,
    ).toBe("/staff/site?done=unchanged");
    expect(await auditEntriesFor("newsBanner")).toHaveLength(1);
    expect(
      (await staffPost(siteRoute, "/staff/site", admin.cookie, { intent: "banner", text: xss, linkLabel: "See more", href: "/gift" }))
        .location,
    ).toBe("/staff/site?done=banner");
    expect(await getNewsBanner()).toBeNull();

    expect((await getFeatureFlags()).surveys).toBe(false);
    expect((await staffPost(siteRoute, "/staff/site", admin.cookie, { intent: "flag", flag: "surveys", enabled: "on" })).location).toBe(
      "/staff/site?done=flag",
    );
    expect((await getFeatureFlags()).surveys).toBe(true);
    expect((await staffPost(siteRoute, "/staff/site", admin.cookie, { intent: "flag", flag: "surveys", enabled: "on" })).location).toBe(
      "/staff/site?done=unchanged",
    );
    expect((await auditEntriesFor("surveys")).map((e) => e.changes)).toEqual([[{ field: "enabled", before: "false", after: "true" }]]);
    expect((await staffPost(siteRoute, "/staff/site", admin.cookie, { intent: "flag", flag: "notAFlag", enabled: "on" })).status).toBe(404);
  }, 60_000);
});
