import { z } from "zod";
import { errorsOf } from "~/lib/forms/submission";

/**
 * What an admin sells and says (issue 26; ADR 052), as the forms type it: a gift type's or a credit
 * pack's price, length and whether it is on sale; the news banner; a feature flag. Pure and
 * browser-safe; the store side is ./catalogue.server.ts.
 */

/** The highest price a form accepts, in minor units (10,000.00): a typo of a zero or three is refused. */
export const PRICE_MAX_MINOR = 1_000_000;

/** "45", "45.5", "45.00" in major units → 4500 minor units; null when it is not a price. */
export function minorUnitsOf(typed: string): number | null {
  const text = typed
    .trim()
    .replace(/^[$€£]/, "")
    .replace(/,(?=\d{3}\b)/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** 4500 → "45.00": how a stored price is put back into its field. */
export function majorUnitsText(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
}

const controlFree = /^[^\u0000-\u001f\u007f]*$/;

const price = z.string().transform((typed, ctx) => {
  const minor = minorUnitsOf(typed);
  if (minor === null || minor <= 0 || minor > PRICE_MAX_MINOR) {
    ctx.addIssue({ code: "custom", message: "Please give a price such as 45 or 44.50, more than 0 and at most 10,000." });
    return z.NEVER;
  }
  return minor;
});

const wholeIn = (min: number, max: number, message: string) =>
  z.string().transform((typed, ctx) => {
    const text = typed.trim();
    if (!/^\d{1,6}$/.test(text) || Number(text) < min || Number(text) > max) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return Number(text);
  });

const onSale = z.union([z.literal("on"), z.literal("")]).transform((value) => value === "on");
const itemId = z.string().regex(/^[a-z0-9-]{1,40}$/, "Please use the forms beside an item.");

/** A gift membership: its price, its months, on sale or not. */
export const GiftTypeFormSchema = z.object({
  id: itemId,
  price,
  months: wholeIn(1, 36, "Please give a whole number of months from 1 to 36."),
  onSale,
});

/** A class pack: its price, its credits and the days they keep, on sale or not. */
export const CreditPackFormSchema = z.object({
  id: itemId,
  price,
  credits: wholeIn(1, 100, "Please give a whole number of credits from 1 to 100."),
  validDays: wholeIn(1, 730, "Please give a whole number of days from 1 to 730."),
  onSale,
});

export const BANNER_TEXT_MAX = 160;
export const BANNER_LABEL_MAX = 40;

const line = (max: number, what: string) =>
  z
    .string()
    .transform((value) => value.normalize("NFC").replace(/\s+/g, " ").trim())
    .pipe(
      z
        .string()
        .min(1, `Please write the ${what}.`)
        .max(max, `Please keep the ${what} to ${max} characters.`)
        .regex(controlFree, `Please remove the control characters from the ${what}.`),
    );

/**
 * The news banner. Its text is stored and shown as plain text (React escapes it); its link is a path
 * on this site only, the shape the public banner's schema already insists on.
 */
export const BannerFormSchema = z.object({
  text: line(BANNER_TEXT_MAX, "banner text"),
  linkLabel: line(BANNER_LABEL_MAX, "link words"),
  href: z
    .string()
    .trim()
    .max(200, "Please keep the link to 200 characters.")
    .regex(/^\/(?![/\\])[A-Za-z0-9\-._~/?#=&%]*$/, "Please give a path on this site that starts with /, such as /gift."),
  active: onSale,
});

export const FlagFormSchema = z.object({ flag: z.string().max(100), enabled: z.enum(["on", "off"]) });

/** A form's first message per field, for the error beside each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  return errorsOf(error) as Record<string, string>;
}
