import { z } from "zod";

/**
 * The demo checkout page's card form (issue 8). Pure and browser-safe. It checks shape only; which
 * numbers pay, decline or ask for the extra step is the demo provider's business.
 */

export const DEMO_CARD_FIELDS = ["cardNumber", "expiry", "cvc", "cardName"] as const;

export const CARD_DECLINED_MESSAGE = "Your card was declined. Please try a different card.";
export const AUTHENTICATION_FAILED_MESSAGE =
  "Your bank's check didn't go through, so nothing was charged. Please try again or use a different card.";

export function demoCardFormSchema(now: Date = new Date()) {
  return z.object({
    cardNumber: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, ""))
      .pipe(z.string().regex(/^\d{13,19}$/, "Please enter the card number: 13 to 19 digits.")),
    expiry: z
      .string()
      .trim()
      .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, "Please enter the expiry as MM/YY, for example 04/30.")
      .transform((value) => {
        const [month, year] = value.split("/").map((part) => Number(part.trim()));
        return { expMonth: month, expYear: 2000 + year };
      })
      .refine(
        ({ expMonth, expYear }) =>
          expYear > now.getUTCFullYear() || (expYear === now.getUTCFullYear() && expMonth >= now.getUTCMonth() + 1),
        "That card has expired. Please use one with a later date.",
      ),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, "Please enter the 3 or 4 digits on the back of the card."),
    cardName: z.string().trim().min(1, "Please enter the name on the card.").max(100, "Please shorten the name to 100 characters."),
  });
}

export type DemoCardForm = z.output<ReturnType<typeof demoCardFormSchema>>;
