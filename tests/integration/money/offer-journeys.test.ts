import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOOD_CARD, getStore, intentId } from "../../support/payments";
import { haveEmulator } from "../../support/auth-emulator";
import { signedInMember } from "../../support/signed-in";
import { discounts, firstPayments, stringsIn, trialDates, trialLengths } from "../../support/offer-words";
import { responseOf, routeArgs } from "../../support/route-call";

/**
 * The offer test (issue 34, ADR 056): one person's journey from every lander and partner page, the
 * home page and every demo promotion code, to the first payment. At each step (the page with the
 * button → /subscribe → "Before you pay" → the payment page → the welcome page → settings) it reads
 * what the loader gives the page to say, and checks every step names the same trial length, the
 * same trial end, the same discount and the same first payment: the ones the catalogue's plan and
 * the code really give. The expected values are worked out here from the demo data, not by the
 * app's offer model.
 */

const { seedDemoContent } = await import("../../../app/demo/seed.server");
const { demoLandingPages } = await import("../../../app/demo/landing-pages");
const { demoPromotionCodes } = await import("../../../app/demo/promotion-codes");
const { DEMO_PLANS } = await import("../../../app/models/billing/plan.server");
const { savePrivateUser } = await import("../../../app/models/identity/user.server");
const { invalidate } = await import("../../../app/lib/cache.server");
const home = await import("../../../app/routes/_index/route");
const lander = await import("../../../app/routes/_lander/route");
const partner = await import("../../../app/routes/_partner/route");
const subscribe = await import("../../../app/routes/subscribe/route");
const checkoutPage = await import("../../../app/routes/demo.checkout.$sessionId/route");
const welcome = await import("../../../app/routes/subscribe_.welcome/route");
const settings = await import("../../../app/routes/settings/route");

const SITE = "http://localhost:3000";
const ZONE = "America/Los_Angeles";
const DAY = 86_400;

type PromotionBenefit = (typeof demoPromotionCodes)[number]["benefit"];
type Plan = (typeof DEMO_PLANS)[number];

beforeAll(async () => {
  await seedDemoContent(getStore());
});
afterAll(() => invalidate());

/** What the plan and code give, worked out by hand: the oracle every step is held to. */
function expected(plan: Plan, benefit: PromotionBenefit | null) {
  const trialDays = plan.trialDays + (benefit?.kind === "trial" ? benefit.extraTrialDays : 0);
  let first = plan.amount;
  if (benefit?.kind === "percent") first = plan.amount - Math.round((plan.amount * benefit.percentOff) / 100);
  if (benefit?.kind === "amount") first = Math.max(0, plan.amount - benefit.amountOff);
  const money = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\.00$/, "")}`;
  const discount =
    benefit?.kind === "percent" ? `${benefit.percentOff}% off` : benefit?.kind === "amount" ? `${money(benefit.amountOff)} off` : null;
  return { trialDays, firstPayment: `$${(first / 100).toFixed(2)}`, discount };
}

function trialEndIn(trialDays: number, zone = ZONE): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: zone }).format(
    new Date((Math.floor(Date.now() / 1000) + trialDays * DAY) * 1000),
  );
}

const args = (path: string, cookie?: string, init: RequestInit = {}, params: Record<string, string> = {}) =>
  routeArgs(
    new Request(`${SITE}${path}`, {
      ...init,
      headers: { ...(cookie ? { Cookie: cookie } : {}), "x-client-ip": clientIp, ...(init.headers ?? {}) },
    }),
    params,
  );

let clientIp = "10.34.0.1";
let ipCount = 0;

/** A loader's answer: its data, whether returned plain or with response headers. */
function dataOf(result: unknown): Record<string, unknown> {
  const value = result as { data?: unknown; type?: string };
  return (value && typeof value === "object" && "data" in value && value.type === "DataWithResponseInit" ? value.data : value) as Record<
    string,
    unknown
  >;
}

/** What one step says, read four ways. */
function said(texts: string[]) {
  return { lengths: trialLengths(texts), dates: trialDates(texts), payments: firstPayments(texts), discounts: discounts(texts) };
}

interface Journey {
  /** Where it starts: a page path, or null for a code typed at /subscribe. */
  page: string | null;
  /** The address the page's button leads to (or /subscribe?code=… for a typed code). */
  href: string;
  /** What the page itself says (null for a typed code). */
  pageSays: string[] | null;
  plan?: string;
  code: string | null;
}

/** Walks /subscribe → Before you pay → payment page → pay → welcome → settings as a new member. */
async function walk(journey: Journey) {
  clientIp = `10.34.${Math.floor(++ipCount / 250)}.${(ipCount % 250) + 1}`;
  const member = await signedInMember();
  await savePrivateUser(member.uid, {
    firstName: "Noor",
    lastName: "Haddad",
    email: `${member.uid}@example.com`,
    mostRecentTimeZone: ZONE,
  });

  const entry = new URL(journey.href, SITE);
  if (journey.plan) entry.searchParams.set("plan", journey.plan);
  const chooser = dataOf(await subscribe.loader(args(`${entry.pathname}${entry.search}`, member.cookie)));
  const selected = (chooser.plans as { id: string }[]).find((plan) => plan.id === chooser.selected)!;
  const code = String(chooser.code ?? "");

  entry.searchParams.set("plan", selected.id);
  entry.searchParams.set("step", "payment");
  const beforeYouPay = dataOf(await subscribe.loader(args(`${entry.pathname}${entry.search}`, member.cookie)));
  expect(beforeYouPay.step).toBe("payment");
  const payStep = (beforeYouPay.plans as { id: string }[]).find((plan) => plan.id === selected.id)!;

  const checkout = await responseOf(() =>
    subscribe.action(
      args("/subscribe", member.cookie, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE },
        body: new URLSearchParams({
          intent: "checkout",
          plan: selected.id,
          code,
          intentId: `${intentId()}${intentId()}`,
          step: "payment",
          renewalConsent: "on",
        }),
      }),
    ),
  );
  const paymentUrl = new URL(checkout.headers.get("Location") ?? "", SITE);
  expect(paymentUrl.pathname, `${journey.href} → ${paymentUrl}`).toMatch(/^\/demo\/checkout\//);
  const sessionId = paymentUrl.pathname.split("/").pop()!;
  const paymentPage = dataOf(await checkoutPage.loader(args(paymentUrl.pathname, undefined, {}, { sessionId })));

  const paid = await responseOf(() =>
    checkoutPage.action(
      args(
        paymentUrl.pathname,
        undefined,
        {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE },
          body: new URLSearchParams({ intent: "pay", cardNumber: GOOD_CARD.number, expiry: "04/40", cvc: "123", cardName: GOOD_CARD.name }),
        },
        { sessionId },
      ),
    ),
  );
  const welcomeUrl = new URL(paid.headers.get("Location") ?? "", SITE);
  const welcomePage = dataOf(await welcome.loader(args(`${welcomeUrl.pathname}${welcomeUrl.search}`, member.cookie)));
  const settingsPage = dataOf(await settings.loader(args("/settings", member.cookie)));

  return {
    planId: selected.id,
    steps: {
      ...(journey.pageSays ? { page: said(journey.pageSays) } : {}),
      subscribe: said(stringsIn(selected).concat(stringsIn(chooser.codeMessage))),
      "before you pay": said(stringsIn(payStep)),
      "payment page": said(stringsIn(paymentPage.summary)),
      welcome: said(stringsIn(welcomePage.summary)),
      settings: said(stringsIn(settingsPage.membership)),
    },
  };
}

type Said = ReturnType<typeof said>;

/** Every step says the one offer: the same length, end, discount and first payment, each where it belongs. */
function expectOneOffer(label: string, steps: Record<string, Said>, want: ReturnType<typeof expected>) {
  const end = trialEndIn(want.trialDays);
  for (const [step, words] of Object.entries(steps)) {
    const where = `${label}, ${step}`;
    expect(words.lengths, `${where}: the trial's length`).toEqual(words.lengths.map(() => want.trialDays));
    expect(words.dates, `${where}: the trial's end`).toEqual(words.dates.map(() => end));
    expect(words.payments, `${where}: the first payment`).toEqual(words.payments.map(() => want.firstPayment));
    expect(words.discounts, `${where}: the discount`).toEqual(want.discount ? [want.discount] : []);
  }
  // And none of them stays silent about what it must say.
  for (const step of ["page", "subscribe", "before you pay", "payment page"]) {
    if (steps[step]) expect(steps[step].lengths.length, `${label}, ${step} names the trial`).toBeGreaterThan(0);
  }
  for (const step of ["before you pay", "payment page", "welcome", "settings"]) {
    expect(steps[step].dates, `${label}, ${step} names the trial's end`).toContain(end);
    expect(steps[step].payments, `${label}, ${step} names the first payment`).toContain(want.firstPayment);
  }
}

const codeOf = (code: string | null) => (code ? (demoPromotionCodes.find((candidate) => candidate.code === code) ?? null) : null);
const planOf = (id: string) => DEMO_PLANS.find((plan) => plan.id === id)!;

describe.skipIf(!haveEmulator)("one offer from the button to the first payment", () => {
  it("from the home page: its free week is the week /subscribe gives", async () => {
    const page = dataOf(await home.loader(args("/")));
    const offer = page.offer as { href: string } | undefined;
    const journey = await walk({ page: "/", href: offer?.href ?? "/challenge", pageSays: stringsIn(page.offer), code: null });
    expectOneOffer("home", journey.steps, expected(planOf(journey.planId), null));
  });

  for (const landing of demoLandingPages) {
    it(`from /${landing.slug}`, async () => {
      const layout = landing.kind === "partner" ? partner : lander;
      const view = dataOf(await layout.loader(args(`/${landing.slug}`))) as {
        page: { offer: unknown; cta: { label: string }; ctaHref: string; steps: unknown };
        seo: { description: string };
      };
      const says = [...stringsIn(view.page.offer), view.page.cta.label, view.seo.description, ...stringsIn(view.page.steps)];
      const href = view.page.ctaHref;
      const code = new URL(href, SITE).searchParams.get("code");
      const journey = await walk({ page: `/${landing.slug}`, href, pageSays: says, code });
      const benefit = codeOf(code)?.benefit ?? null;
      expectOneOffer(`/${landing.slug}`, journey.steps, expected(planOf(journey.planId), benefit));
      // The page promises what its own copy was written for: a longer trial comes with its code.
      expect(expected(planOf(journey.planId), benefit).trialDays, `/${landing.slug}`).toBe(landing.offer.trialDays);
    });
  }

  const typed: { code: string; plan?: string }[] = [
    { code: "STILL20" },
    { code: "STILL20", plan: "monthly" },
    { code: "TENOFF" },
    { code: "TENOFF", plan: "monthly" },
    { code: "LINGER14" },
    { code: "YEAROFCALM" },
    { code: "ONEQUIETSEAT" },
  ];
  for (const { code, plan } of typed) {
    it(`with the code ${code} typed at /subscribe${plan ? ` (${plan})` : ""}`, async () => {
      const journey = await walk({ page: null, href: `/subscribe?code=${code}`, pageSays: null, plan, code });
      expectOneOffer(code, journey.steps, expected(planOf(journey.planId), codeOf(code)!.benefit));
    });
  }

  for (const code of ["SPRING2024", "SOLSTICE2099", "RESTED-RETIRED"]) {
    it(`with ${code}, which gives nothing today: /subscribe says so and offers the standard trial`, async () => {
      clientIp = `10.35.0.${++ipCount % 250}`;
      const page = dataOf(await subscribe.loader(args(`/subscribe?code=${code}`)));
      expect(page.codeAccepted).toBe(false);
      expect(String(page.codeMessage)).toMatch(/expired|starts on|no longer available/);
      const selected = (page.plans as { id: string }[]).find((plan) => plan.id === page.selected)!;
      const words = said(stringsIn(selected));
      expect(words.lengths.length).toBeGreaterThan(0);
      expect(words.lengths).toEqual(words.lengths.map(() => planOf(selected.id).trialDays));
      expect(words.discounts).toEqual([]);
    });
  }
});
