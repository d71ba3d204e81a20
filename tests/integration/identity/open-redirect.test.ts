import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { GOOD_CARD, demo, getStore, intentId, seedPlans } from "../../support/payments";
import { emailLinksFor, haveEmulator } from "../../support/auth-emulator";
import { signedInMember } from "../../support/signed-in";
import { LEGITIMATE_PATHS, REDIRECT_PAYLOADS, isSameSitePath } from "../../fixtures/redirect-payloads";
import { answerOf, routeArgs } from "../../support/route-call";

/**
 * Issue 23, item 3: every route that takes a return address (`next`), called with a real Request
 * carrying each payload of the open-redirect corpus. Whatever it answers (a Location, a link's address
 * in its data, the addresses handed to the payment provider) must be a path on this site.
 */
const { DEMO_SESSIONS } = await import("../../../app/services/payments/demo.server");
const { CREDIT_PACKS } = await import("../../../app/models/wallet/credits.server");
const { demoCreditPacks } = await import("../../../app/demo/credit-packs");
const { demoStudios, demoWaivers } = await import("../../../app/demo/studios");
const { STUDIOS } = await import("../../../app/models/studios/studio-records");
const { WAIVERS, WAIVER_HEADS } = await import("../../../app/models/studios/waiver.server");
const { savePrivateUser } = await import("../../../app/models/identity/user.server");
const { deliverSignedEvents } = await import("../../../app/models/checkout/payment-webhook.server");
const signIn = await import("../../../app/routes/sign-in/route");
const emailLink = await import("../../../app/routes/auth.email-link/route");
const onboarding = await import("../../../app/routes/onboarding/route");
const timeZone = await import("../../../app/routes/preferences.time-zone/route");
const subscribe = await import("../../../app/routes/subscribe/route");
const welcome = await import("../../../app/routes/subscribe_.welcome/route");
const credits = await import("../../../app/routes/credits/route");
// The corpus opens one payment page per payload, far past a member's limit (issue 35): each starts afresh.
const { CHECKOUT_LIMIT } = await import("../../../app/models/billing/membership.server");
const waiver = await import("../../../app/routes/studios.$slug_.waiver/route");

const SITE = "http://localhost:3000";
const WAIVER_VERSION = String(demoWaivers.find((w) => w.studioId === "lantern-yard")!.version);
const SIGNED = { fullName: "Rowan Ashby", consent: "on", version: WAIVER_VERSION };
let address = 0;

const args = (request: Request, params: Record<string, string> = {}) => routeArgs(request, params);
const withNext = (path: string, payload: string) => `${SITE}${path}${path.includes("?") ? "&" : "?"}next=${encodeURIComponent(payload)}`;
const clientIp = () => `10.31.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`;
const get = (url: string, cookie = "") => new Request(url, { headers: { Cookie: cookie, "x-client-ip": clientIp() } });
const post = (url: string, fields: Record<string, string>, cookie = "") =>
  new Request(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: SITE, "x-client-ip": clientIp() },
  });
const checkoutForm = (next?: string): Record<string, string> => ({
  intent: "checkout",
  plan: "monthly",
  code: "",
  intentId: `${intentId()}${intentId()}`,
  renewalConsent: "on",
  ...(next === undefined ? {} : { next }),
});

type Outcome = { status: number; location: string | null; data: Record<string, unknown> | null };

const outcome = answerOf<Record<string, unknown>>;

/** Runs `check` on every payload, a few at a time, and answers those whose result left the site. */
async function offenders(payloads: string[], check: (payload: string) => Promise<string | null | undefined>) {
  const found: Array<{ payload: string; answered: string | null | undefined }> = [];
  for (let i = 0; i < payloads.length; i += 8) {
    await Promise.all(
      payloads.slice(i, i + 8).map(async (payload) => {
        const answered = await check(payload);
        if (!isSameSitePath(answered)) found.push({ payload, answered });
      }),
    );
  }
  return found;
}

/** The Location of an answer that must be a redirect. */
function location(result: Outcome): string | null {
  if (result.location === null) throw new Error(`expected a redirect, got ${result.status} ${JSON.stringify(result.data).slice(0, 300)}`);
  return result.location;
}

/** The address of a link the page renders; none at all ("" or null) is safe, and counts as "/". */
function linkIn(result: Outcome, field = "next"): string {
  if (!result.data) throw new Error(`expected data, got a ${result.status} to ${result.location}`);
  const value = result.data[field];
  return value === "" || value === null || value === undefined ? "/" : String(value);
}

/** Where an answer leads: its redirect, or the way back a refused form offers (a value too long, say). */
function whereTo(result: Outcome): string | null {
  return result.location ?? linkIn(result);
}

/** The demo provider's return addresses behind a checkout redirect, as paths on the configured site. */
async function providerReturns(result: Outcome): Promise<string[]> {
  const sessionId = new URL(location(result)!, SITE).pathname.split("/").pop()!;
  const session = await getStore().get(DEMO_SESSIONS, sessionId, z.object({ successUrl: z.string(), cancelUrl: z.string() }).passthrough());
  if (!session) throw new Error(`no demo session ${sessionId}`);
  return [session.successUrl, session.cancelUrl].map((url) => {
    expect(url.startsWith(`${SITE}/`), url).toBe(true);
    return url.slice(SITE.length).replace("{CHECKOUT_SESSION_ID}", "cs_x");
  });
}

beforeAll(async () => {
  await seedPlans();
  for (const pack of demoCreditPacks) await getStore().createIfAbsent(CREDIT_PACKS, pack.id, { ...pack });
  for (const studio of demoStudios) await getStore().set(STUDIOS, studio.id, { ...studio });
  for (const w of demoWaivers) {
    await getStore().set(WAIVERS, w.id, { ...w });
    await getStore().set(WAIVER_HEADS, w.studioId, { studioId: w.studioId, version: w.version });
  }
});

describe("the corpus", () => {
  it("holds at least 50 known payloads", () => {
    expect(REDIRECT_PAYLOADS.length).toBeGreaterThanOrEqual(50);
  });
});

describe("return addresses any visitor can send", () => {
  it("/preferences/time-zone: the form's `next` (action) and the page's way back (loader)", async () => {
    const action = await offenders(REDIRECT_PAYLOADS, async (payload) =>
      whereTo(
        await outcome(() =>
          timeZone.action(args(post(`${SITE}/preferences/time-zone`, { timeZone: "Europe/Berlin", source: "chosen", next: payload }))),
        ),
      ),
    );
    const loader = await offenders(REDIRECT_PAYLOADS, async (payload) =>
      linkIn(await outcome(() => timeZone.loader(args(get(withNext("/preferences/time-zone", payload)))))),
    );
    expect({ action, loader }).toEqual({ action: [], loader: [] });
  });

  it("/sign-in: the way on a visitor's page keeps for after signing in (loader)", async () => {
    const loader = await offenders(REDIRECT_PAYLOADS, async (payload) =>
      linkIn(await outcome(() => signIn.loader(args(get(withNext("/sign-in", payload)))))),
    );
    expect(loader).toEqual([]);
  });

  it("/subscribe: the page's way back (loader) and every form intent's redirect (action)", async () => {
    const loader = await offenders(REDIRECT_PAYLOADS, async (payload) =>
      linkIn(await outcome(() => subscribe.loader(args(get(withNext("/subscribe", payload)))))),
    );
    const intents = await offenders(REDIRECT_PAYLOADS, async (payload) => {
      const forms: Array<Record<string, string>> = [
        { intent: "remove-code", plan: "monthly", next: payload },
        { intent: "choose", plan: "monthly", code: "", next: payload },
        // A visitor who is not signed in is sent to sign in, and back here with the same `next`.
        checkoutForm(payload),
      ];
      const answers = await Promise.all(
        forms.map(async (fields) => location(await outcome(() => subscribe.action(args(post(`${SITE}/subscribe`, fields)))))),
      );
      return answers.find((answered) => !isSameSitePath(answered)) ?? answers[0];
    });
    expect({ loader, intents }).toEqual({ loader: [], intents: [] });
  });

  it("/credits: the page's way back to the class (loader)", async () => {
    const loader = await offenders(REDIRECT_PAYLOADS, async (payload) =>
      linkIn(await outcome(() => credits.loader(args(get(withNext("/credits", payload)))))),
    );
    expect(loader).toEqual([]);
  });

  it("keeps legitimate same-site return addresses working", async () => {
    for (const path of LEGITIMATE_PATHS) {
      const answered = location(
        await outcome(() => timeZone.action(args(post(`${SITE}/preferences/time-zone`, { timeZone: "Europe/Berlin", next: path })))),
      );
      expect(answered).toBe(path);
    }
    expect(linkIn(await outcome(() => subscribe.loader(args(get(withNext("/subscribe", "/classes/abc"))))))).toBe("/classes/abc");
  });
});

describe.skipIf(!haveEmulator)("return addresses a signed-in member follows", () => {
  let member: { uid: string; cookie: string };
  let payer: { uid: string; cookie: string; sessionId: string };

  beforeAll(async () => {
    member = await signedInMember();
    await savePrivateUser(member.uid, {
      firstName: "Rowan",
      lastName: "Ashby",
      email: `${member.uid}@example.com`,
      birthday: "1990-01-01",
    });
    const paying = await signedInMember();
    await savePrivateUser(paying.uid, { firstName: "Ada", lastName: "Lovelace", email: `${paying.uid}@example.com` });
    const started = await outcome(() => subscribe.action(args(post(`${SITE}/subscribe`, checkoutForm(), paying.cookie))));
    const sessionId = new URL(location(started)!).pathname.split("/").pop()!;
    const paid = await demo().pay(sessionId, GOOD_CARD);
    if (!paid.ok) throw new Error(paid.reason);
    await deliverSignedEvents(paid.deliveries);
    payer = { ...paying, sessionId };
  });

  it("GET /sign-in?next=%2F.%2F%2Fevil.example answers Location: / (the issue's probe)", async () => {
    const answered = await outcome(() =>
      signIn.loader(args(new Request(`${SITE}/sign-in?next=%2F.%2F%2Fevil.example`, { headers: { Cookie: member.cookie } }))),
    );
    expect(answered.status).toBe(302);
    expect(answered.location).toBe("/");
  });

  it("/sign-in sends a signed-in member on (loader), keeping legitimate paths", async () => {
    expect(
      await offenders(REDIRECT_PAYLOADS, async (payload) =>
        location(await outcome(() => signIn.loader(args(get(withNext("/sign-in", payload), member.cookie))))),
      ),
    ).toEqual([]);
    for (const path of LEGITIMATE_PATHS)
      expect(location(await outcome(() => signIn.loader(args(get(withNext("/sign-in", path), member.cookie)))))).toBe(path);
  });

  it("/onboarding sends an onboarded member on (loader) and after saving (action)", async () => {
    const loader = await offenders(REDIRECT_PAYLOADS, async (payload) =>
      location(await outcome(() => onboarding.loader(args(get(withNext("/onboarding", payload), member.cookie))))),
    );
    const action = await offenders(REDIRECT_PAYLOADS, async (payload) =>
      location(
        await outcome(() =>
          onboarding.action(
            args(post(withNext("/onboarding", payload), { firstName: "Rowan", lastName: "Ashby", email: "" }, member.cookie)),
          ),
        ),
      ),
    );
    expect({ loader, action }).toEqual({ loader: [], action: [] });
  });

  it("/sign-in's e-mail link and /auth/email-link carry `next` through sign-in to onboarding", async () => {
    // Each payload: a link asked for with it (the address mailed must carry a safe `next`), then that
    // link opened in another browser with the payload put back in by hand.
    const found = await offenders(REDIRECT_PAYLOADS, async (payload) => {
      const email = `redirect.${Date.now()}.${++address}@example.com`;
      const sentTo = location(await outcome(() => signIn.action(args(post(withNext("/sign-in", payload), { email })))));
      if (!isSameSitePath(sentTo)) return sentTo;
      const [link] = await emailLinksFor(email);
      const continued = new URL(new URL(link.oobLink).searchParams.get("continueUrl")!);
      expect(continued.origin).toBe(SITE);
      if (!isSameSitePath(continued.searchParams.get("next"))) return continued.toString();
      return location(
        await outcome(() => emailLink.action(args(post(withNext(`/auth/email-link?oobCode=${link.oobCode}`, payload), { email })))),
      );
    });
    expect(found).toEqual([]);
  });

  it("/subscribe sends a member with a plan back (loader), and the welcome page's link back (loader)", async () => {
    const loader = await offenders(REDIRECT_PAYLOADS, async (payload) =>
      location(await outcome(() => subscribe.loader(args(get(withNext("/subscribe", payload), payer.cookie))))),
    );
    const welcomeLink = await offenders(REDIRECT_PAYLOADS, async (payload) =>
      linkIn(
        await outcome(() => welcome.loader(args(get(withNext(`/subscribe/welcome?session_id=${payer.sessionId}`, payload), payer.cookie)))),
      ),
    );
    expect({ loader, welcomeLink }).toEqual({ loader: [], welcomeLink: [] });
  });

  it("/subscribe's checkout hands the payment provider only same-site return addresses (action)", async () => {
    const found = await offenders(REDIRECT_PAYLOADS, async (payload) => {
      await CHECKOUT_LIMIT.reset();
      const started = await outcome(() => subscribe.action(args(post(`${SITE}/subscribe`, checkoutForm(payload), member.cookie))));
      return (await providerReturns(started)).find((path) => !isSameSitePath(path)) ?? "/";
    });
    expect(found).toEqual([]);
  });

  it("/credits hands the payment provider only same-site return addresses (action)", async () => {
    const found = await offenders(REDIRECT_PAYLOADS, async (payload) => {
      await CHECKOUT_LIMIT.reset();
      const started = await outcome(() =>
        credits.action(args(post(`${SITE}/credits`, { pack: "five-classes", intentId: intentId(), next: payload }, member.cookie))),
      );
      return (await providerReturns(started)).find((path) => !isSameSitePath(path)) ?? "/";
    });
    expect(found).toEqual([]);
  });

  it("/studios/{slug}/waiver returns to the booking (loader link, action redirect)", async () => {
    const params = { slug: "lantern-yard" };
    const loader = await offenders(REDIRECT_PAYLOADS, async (payload) =>
      linkIn(await outcome(() => waiver.loader(args(get(withNext("/studios/lantern-yard/waiver", payload), member.cookie), params)))),
    );
    const action = await offenders(REDIRECT_PAYLOADS, async (payload) =>
      location(
        await outcome(() => waiver.action(args(post(withNext("/studios/lantern-yard/waiver", payload), SIGNED, member.cookie), params))),
      ),
    );
    expect({ loader, action }).toEqual({ loader: [], action: [] });
    const back = "/studios/lantern-yard/classes/abc?resume=buy";
    expect(
      location(
        await outcome(() => waiver.action(args(post(withNext("/studios/lantern-yard/waiver", back), SIGNED, member.cookie), params))),
      ),
    ).toBe(`${back}&signed=1`);
  });
});
