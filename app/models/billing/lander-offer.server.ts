import { cached } from "~/lib/cache.server";
import { landingCtaHref, type LandingPage } from "~/models/content/landing-page";
import { callToAction, copyContradicts, describeOffer, offerFor, offerLine, type Offer } from "./offer";
import { listPlans } from "./plan.server";
import { evaluatePromotionCode } from "./promotion-code";
import { findPromotionCode } from "./promotion-code.server";

/**
 * What a lander, a partner page or the home page promises (issue 34, ADR 056): the offer its button
 * carries, as a newcomer would get it now, in the offer's own words. A page's written copy (its
 * offer's title and description, its button, its search description) is checked against that offer;
 * copy that promises another length is replaced by the offer's words and logged, so no page can
 * promise what /subscribe will not give. Shared by every visitor, so it names no date.
 */

export interface PageOffer {
  /** The code the button carries; null for the standard offer (no code, or one no longer live). */
  code: string | null;
  trialDays: number;
  /** "14 days free", or null without a trial. */
  trial: string | null;
  /** "20% off your first payment", or null. */
  discount: string | null;
  /** The whole offer in one line, every plan's price in it. */
  line: string;
  /** The button's words that promise no more than the offer. */
  action: string;
}

const NEWCOMER = { isNewMember: true, hasRedeemed: false };
const OFFER_TTL_SECONDS = 60;

/** The offer behind a code (or the standard one, for null) for a newcomer, for every plan it applies to. */
export function pageOffer(code: string | null): Promise<PageOffer> {
  return cached(`pageOffer:${code ?? ""}`, { ttlSeconds: OFFER_TTL_SECONDS }, () => loadPageOffer(code));
}

async function loadPageOffer(code: string | null): Promise<PageOffer> {
  const now = Math.floor(Date.now() / 1000);
  const plans = await listPlans();
  const stored = code ? await findPromotionCode(code) : null;
  const withCode: Offer[] = [];
  for (const plan of plans) {
    const check = code ? evaluatePromotionCode({ code: stored, typed: code, plan, person: NEWCOMER, now }) : null;
    if (check?.outcome === "accepted") withCode.push(offerFor({ plan, benefit: check.discount.benefit, code: check.discount.code, now }));
  }
  // A code that has ended or was switched off promises nothing: the page offers the standard trial.
  const live = withCode.length > 0;
  const offers = live ? withCode : plans.map((plan) => offerFor({ plan, benefit: null, now }));
  const first = offers[0];
  if (!first) return { code: null, trialDays: 0, trial: null, discount: null, line: "", action: callToAction(0) };
  const words = describeOffer(first);
  return {
    code: live ? code : null,
    trialDays: first.trialDays,
    trial: words.trial,
    discount: words.discount,
    line: offerLine(offers),
    action: words.action,
  };
}

type PageView = {
  page: Omit<LandingPage, "seoTitle" | "seoDescription">;
  teachers: unknown[];
  seo: { title: string; description: string };
};

/**
 * A lander's view with its offer: the model's line and button, the live code in the button's link,
 * and any written copy that contradicts the offer replaced by the offer's words.
 */
export async function withPageOffer<V extends PageView>(view: V) {
  const { page } = view;
  const offer = await pageOffer(page.offer.promotionCode);
  const checked = (field: string, text: string, instead: string) => {
    if (!copyContradicts(text, offer)) return text;
    console.warn(
      JSON.stringify({
        level: "warn",
        msg: "lander copy contradicts its offer; the offer's words are shown",
        slug: page.slug,
        field,
        trialDays: offer.trialDays,
      }),
    );
    return instead;
  };
  const heading = offer.trial ? `${offer.trial[0].toUpperCase()}${offer.trial.slice(1)}` : "Membership";
  const cta = { ...page.cta, label: checked("cta.label", page.cta.label, offer.action) };
  return {
    ...view,
    page: {
      ...page,
      cta,
      offer: {
        title: checked("offer.title", page.offer.title, heading),
        description: checked("offer.description", page.offer.description, offer.line),
        promotionCode: offer.code,
        trialDays: offer.trialDays,
        terms: offer.line,
      },
      ctaHref: landingCtaHref({ cta, offer: { promotionCode: offer.code } }),
    },
    seo: { ...view.seo, description: checked("seoDescription", view.seo.description, offer.line) },
  };
}
