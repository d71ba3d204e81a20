import { DateTime } from "luxon";
import { z } from "zod";
import { EmailAddressSchema } from "~/lib/forms/email-address";
import { isoDay } from "~/lib/iso-time";
import { GIFT_MESSAGE_MAX } from "./gift";

export { GIFT_MESSAGE_MAX };

/**
 * The gift purchase form (issue 11), checked on the server: which gift, how it travels, and for an
 * e-mail gift who gets it and when. The delivery date is a day on the buyer's own calendar, from today
 * to a year ahead; today means "send it as soon as it's paid".
 */

export const GIFT_FORM_FIELDS = [
  "giftType",
  "method",
  "recipientName",
  "recipientEmail",
  "message",
  "deliverOn",
  "forSelf",
  "intentId",
] as const;

/** The furthest ahead a gift can be scheduled, in days. */
export const GIFT_SCHEDULE_DAYS = 365;
/** Scheduled gifts go out at this hour of the buyer's day. */
export const GIFT_SEND_HOUR = 8;

export function giftFormSchema(zone: string, now: number) {
  const today = DateTime.fromMillis(now, { zone }).startOf("day");
  return z
    .object({
      giftType: z.string().regex(/^[a-z0-9-]{1,40}$/, "Please choose one of the gifts shown."),
      method: z.enum(["email", "link"], { errorMap: () => ({ message: "Please choose how the gift should travel." }) }),
      recipientName: z.string().trim().max(80, "Please keep the name under 80 characters."),
      recipientEmail: z.string().trim(),
      message: z.string().trim().max(GIFT_MESSAGE_MAX, `Please keep the message under ${GIFT_MESSAGE_MAX} characters.`),
      deliverOn: z.string().trim(),
      forSelf: z.string().optional(),
      intentId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "This form has expired. Reload the page and try again."),
    })
    .superRefine((form, ctx) => {
      if (form.method !== "email") return;
      if (!form.recipientName) ctx.addIssue({ code: "custom", path: ["recipientName"], message: "Please tell us who the gift is for." });
      if (!EmailAddressSchema.safeParse(form.recipientEmail).success) {
        ctx.addIssue({
          code: "custom",
          path: ["recipientEmail"],
          message: "Please enter the recipient's e-mail address, like name@example.com.",
        });
      }
      const day = /^\d{4}-\d{2}-\d{2}$/.test(form.deliverOn) ? DateTime.fromISO(form.deliverOn, { zone }) : null;
      if (!day?.isValid) {
        ctx.addIssue({ code: "custom", path: ["deliverOn"], message: "Please choose the day the gift should arrive." });
      } else if (day < today) {
        ctx.addIssue({ code: "custom", path: ["deliverOn"], message: "That day has passed. Please choose today or a day ahead." });
      } else if (day > today.plus({ days: GIFT_SCHEDULE_DAYS })) {
        ctx.addIssue({
          code: "custom",
          path: ["deliverOn"],
          message: "Gifts can be scheduled up to a year ahead. Please choose an earlier day.",
        });
      }
    })
    .transform((form) => ({
      giftType: form.giftType,
      method: form.method,
      recipientName: form.recipientName,
      recipientEmail: form.method === "email" ? form.recipientEmail.toLowerCase() : null,
      message: form.message,
      deliverAt: form.method === "email" ? deliveryTime(form.deliverOn, zone, now) : null,
      forSelf: form.forSelf === "on",
      intentId: form.intentId,
    }));
}

/** When an e-mail gift goes out: now for today, else at the send hour of that day in the buyer's zone. */
export function deliveryTime(deliverOn: string, zone: string, now: number): number {
  const day = DateTime.fromISO(deliverOn, { zone });
  const today = DateTime.fromMillis(now, { zone }).startOf("day");
  if (day <= today) return now;
  return day.set({ hour: GIFT_SEND_HOUR }).toMillis();
}

/** The first and last days the date field offers, in the buyer's zone. */
export function deliveryDateRange(zone: string, now: number): { min: string; max: string } {
  const today = DateTime.fromMillis(now, { zone });
  return { min: isoDay(today), max: isoDay(today.plus({ days: GIFT_SCHEDULE_DAYS })) };
}
