import { z } from "zod";

/** One content model for the 16 lander pages and 17 partner pages of §2 (collection landingPages). */
export const LandingPageSchema = z.object({
  /** The path without its leading slash: "oura", "jetblue/flyfi". Also the document id with "/" as "__". */
  slug: z
    .string()
    .min(1)
    .max(80)
    .regex(/^[a-z0-9-]+(\/[a-z0-9-]+)?$/),
  kind: z.enum(["lander", "partner"]),
  /** Partner's display name; landers use the programme name. */
  partnerName: z.string().min(1),
  /** A typographic wordmark: text and a style, never copied brand artwork. */
  logo: z.object({
    text: z.string().min(1),
    style: z.enum(["serif", "sans", "caps", "script"]).default("caps"),
  }),
  eyebrow: z.string().default(""),
  headline: z.string().min(1),
  subheadline: z.string().default(""),
  body: z.array(z.string()).min(1),
  offer: z.object({
    title: z.string().min(1),
    description: z.string().min(1),
    /** A promotion code carried to the subscribe page; landers may have none. */
    promotionCode: z
      .string()
      .regex(/^[A-Z0-9-]{3,32}$/)
      .nullable()
      .default(null),
    /**
     * The trial the copy was written for. Pages never show it: what a page promises is the offer its
     * code gives (billing's offer model, ADR 056), and copy that says otherwise is replaced.
     */
    trialDays: z.number().int().min(0).max(365).default(7),
  }),
  cta: z.object({ label: z.string().min(1), href: z.string().startsWith("/") }),
  steps: z.array(z.object({ title: z.string(), body: z.string() })).default([]),
  testimonials: z.array(z.object({ quote: z.string(), name: z.string(), detail: z.string().default("") })).default([]),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })).default([]),
  teacherIds: z.array(z.string()).default([]),
  /** Hue of the page's hero gradient. */
  accentColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .default("#e39a7b"),
  seoTitle: z.string().default(""),
  seoDescription: z.string().default(""),
});
export type LandingPage = z.infer<typeof LandingPageSchema>;

export const LANDER_SLUGS = [
  "beats",
  "becoming-magnetic",
  "challenge",
  "cycle-syncing",
  "emotional-intelligence-training",
  "sleep",
  "dear-mama",
  "focused-mind",
  "global",
  "good-grief",
  "heart-and-heartbreak",
  "mental-detox",
  "nervous-system-reset",
  "oura",
  "stress-cleanse",
  "jetblue/flyfi",
] as const;

export const PARTNER_SLUGS = [
  "beekeepersnaturals",
  "canopy",
  "cymbiotika",
  "dagnedover",
  "deux",
  "flamingoestate",
  "flex",
  "formulafig",
  "founderscard",
  "higherdose",
  "juna",
  "lonelyghost",
  "mudwtr",
  "necessaire",
  "ritual",
  "stakt",
  "themayfairgroup",
] as const;

export function landingPageId(slug: string): string {
  return slug.replace("/", "__");
}

/** The subscribe link a page's call to action carries, with its promotion code when it has one. */
export function landingCtaHref(page: {
  cta: Pick<LandingPage["cta"], "href">;
  offer: Pick<LandingPage["offer"], "promotionCode">;
}): string {
  if (!page.offer.promotionCode) return page.cta.href;
  const url = new URL(page.cta.href, "https://placeholder.invalid");
  url.searchParams.set("code", page.offer.promotionCode);
  return `${url.pathname}${url.search}`;
}
