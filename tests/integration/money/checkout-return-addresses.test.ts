import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { GOOD_CARD, ORIGIN, demo, getStore, intentId, seedPlans } from "../../support/payments";
import { haveEmulator } from "../../support/auth-emulator";
import { signedInMember } from "../../support/signed-in";
import { responseOf, routeArgs } from "../../support/route-call";

/**
 * Issue 23 (Low): the addresses the payment provider sends a member back to (success and cancel)
 * come from the configured site address, never from the request's Host or X-Forwarded-Host. A
 * request that reaches the app through a proxy passing a client's X-Forwarded-Host arrives with that
 * host in its URL; the return addresses must still be on PUBLIC_SITE_URL.
 */
const { DEMO_SESSIONS } = await import("../../../app/services/payments/demo.server");
const { CREDIT_PACKS } = await import("../../../app/models/wallet/credits.server");
const { GIFT_TYPES } = await import("../../../app/models/wallet/gifts.server");
const { demoCreditPacks } = await import("../../../app/demo/credit-packs");
const { demoGiftTypes } = await import("../../../app/demo/gifts");
const { demoStudios, demoWaivers } = await import("../../../app/demo/studios");
const { STUDIOS } = await import("../../../app/models/studios/studio-records");
const { WAIVERS, WAIVER_HEADS, signWaiver } = await import("../../../app/models/studios/waiver.server");
const { savePrivateUser } = await import("../../../app/models/identity/user.server");
const { deliverSignedEvents } = await import("../../../app/models/checkout/payment-webhook.server");
const subscribe = await import("../../../app/routes/subscribe/route");
const credits = await import("../../../app/routes/credits/route");
const gift = await import("../../../app/routes/gift/route");
const membershipSettings = await import("../../../app/routes/settings_.membership/route");
const studioClass = await import("../../../app/routes/studios.$slug_.classes.$classId/route");
const studioMembership = await import("../../../app/routes/studios.$slug_.membership/route");

const EVIL = "evil.example";
const args = (request: Request, params: Record<string, string> = {}) => routeArgs(request, params);

/** A form post as a proxy passing the client's X-Forwarded-Host hands it to the app: the URL on that host. */
function hostilePost(path: string, fields: Record<string, string>, cookie: string) {
  return new Request(`https://${EVIL}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: cookie,
      Host: EVIL,
      "X-Forwarded-Host": EVIL,
      "X-Forwarded-Proto": "https",
      Origin: `https://${EVIL}`,
      "x-client-ip": "10.23.0.1",
    },
  });
}

/** The demo provider's session behind a checkout redirect: where it returns the member to. */
async function returnAddressesOf(response: Response): Promise<{ successUrl: string; cancelUrl: string }> {
  expect(response.status).toBeGreaterThanOrEqual(300);
  const location = response.headers.get("Location") ?? "";
  expect(location.startsWith(`${ORIGIN}/demo/checkout/`), location).toBe(true);
  const sessionId = new URL(location).pathname.split("/").pop()!;
  const session = await getStore().get(DEMO_SESSIONS, sessionId, z.object({ successUrl: z.string(), cancelUrl: z.string() }).passthrough());
  if (!session) throw new Error(`no demo session ${sessionId}`);
  return { successUrl: session.successUrl, cancelUrl: session.cancelUrl };
}

function expectOnTheSite({ successUrl, cancelUrl }: { successUrl: string; cancelUrl: string }) {
  for (const address of [successUrl, cancelUrl]) {
    expect(address.startsWith(`${ORIGIN}/`), address).toBe(true);
    expect(address).not.toContain(EVIL);
  }
}

let member: { uid: string; cookie: string };
const classId = `return-address-class-${Date.now()}`;

beforeAll(async () => {
  await seedPlans();
  for (const pack of demoCreditPacks) await getStore().createIfAbsent(CREDIT_PACKS, pack.id, { ...pack });
  for (const type of demoGiftTypes) await getStore().createIfAbsent(GIFT_TYPES, type.id, { ...type });
  for (const studio of demoStudios) await getStore().set(STUDIOS, studio.id, { ...studio });
  for (const waiver of demoWaivers) {
    await getStore().set(WAIVERS, waiver.id, { ...waiver });
    await getStore().set(WAIVER_HEADS, waiver.studioId, {
      studioId: waiver.studioId,
      version: waiver.version,
    });
  }
  await getStore().set("classes", classId, {
    id: classId,
    title: "Return Address Sit",
    teacherId: "teacher-amara",
    modality: "meditation",
    startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    durationMinutes: 45,
    description: "",
    capacity: 10,
    timeZone: "America/New_York",
    studioId: "lantern-yard",
    roomId: "sun-room",
  });
  if (!haveEmulator) return;
  member = await signedInMember();
  await savePrivateUser(member.uid, {
    firstName: "Rowan",
    lastName: "Ashby",
    email: `${member.uid}@example.com`,
    birthday: "1990-01-01",
  });
  await signWaiver({
    uid: member.uid,
    studioId: "lantern-yard",
    version: demoWaivers.find((waiver) => waiver.studioId === "lantern-yard")!.version,
    now: new Date(),
    signer: {
      fullName: "Rowan Ashby",
      email: null,
      phoneNumber: null,
      birthday: "1990-01-01",
      minor: false,
    },
    guardian: null,
  });
});

describe.skipIf(!haveEmulator)("checkout return addresses with Host and X-Forwarded-Host: evil.example", () => {
  it("a class pack (/credits) returns to the configured site", async () => {
    const response = await responseOf(
      credits.action(
        args(
          hostilePost(
            "/credits",
            {
              pack: "five-classes",
              intentId: intentId(),
              next: "/classes/abc",
            },
            member.cookie,
          ),
        ),
      ),
    );
    expectOnTheSite(await returnAddressesOf(response));
  });

  it("a gift (/gift) returns to the configured site", async () => {
    const response = await responseOf(
      gift.action(
        args(
          hostilePost(
            "/gift",
            {
              giftType: "one-month",
              method: "link",
              recipientName: "",
              recipientEmail: "",
              message: "",
              deliverOn: "",
              intentId: intentId(),
            },
            member.cookie,
          ),
        ),
      ),
    );
    expectOnTheSite(await returnAddressesOf(response));
  });

  it("a studio drop-in returns to the configured site", async () => {
    const response = await responseOf(
      studioClass.action(
        args(hostilePost(`/studios/lantern-yard/classes/${classId}`, { intent: "buy", intentId: intentId() }, member.cookie), {
          slug: "lantern-yard",
          classId,
        }),
      ),
    );
    expectOnTheSite(await returnAddressesOf(response));
  });

  it("a studio membership returns to the configured site", async () => {
    const response = await responseOf(
      studioMembership.action(
        args(
          hostilePost("/studios/lantern-yard/membership", { offerId: "lantern-unlimited-monthly", intentId: intentId() }, member.cookie),
          {
            slug: "lantern-yard",
          },
        ),
      ),
    );
    expectOnTheSite(await returnAddressesOf(response));
  });

  // Last: paying for the membership makes the member one, which the card update needs.
  it("a membership (POST /subscribe), then a card update, return to the configured site", async () => {
    const response = await responseOf(
      subscribe.action(
        args(
          hostilePost(
            "/subscribe",
            {
              intent: "checkout",
              plan: "monthly",
              code: "",
              intentId: `${intentId()}${intentId()}`,
              renewalConsent: "on",
              next: "/classes/abc",
            },
            member.cookie,
          ),
        ),
      ),
    );
    expectOnTheSite(await returnAddressesOf(response));

    const sessionId = new URL(response.headers.get("Location")!).pathname.split("/").pop()!;
    const paid = await demo().pay(sessionId, GOOD_CARD);
    if (!paid.ok) throw new Error(paid.reason);
    await deliverSignedEvents(paid.deliveries);
    const card = await responseOf(membershipSettings.action(args(hostilePost("/settings/membership", { intent: "card" }, member.cookie))));
    expectOnTheSite(await returnAddressesOf(card));
  });
});
