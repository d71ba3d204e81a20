import { z } from "zod";
import type { DiscountDuration } from "~/services/payments/billing";
import { normalizeCode, type PromotionCode } from "~/models/billing/promotion-code";
import { dayStartIn } from "~/models/identity/clock";
import { errorsOf } from "~/lib/forms/submission";

/**
 * The admin's "new promotion code" form (issue 26): what is typed, as strings, checked field by
 * field, and turned into the stored code that /subscribe already reads (features/billing). Pure and
 * browser-safe. Days are on the admin's own calendar (`zone`, issue 34), which the form names beside
 * the fields; the last day is included (the code expires at the next midnight there).
 */

export const PROMOTION_FIELDS = [
  "code",
  "description",
  "kind",
  "percentOff",
  "amountOff",
  "duration",
  "months",
  "plans",
  "newMembersOnly",
  "startsOn",
  "endsOn",
  "maxRedemptions",
  "perMember",
  "stripeCouponId",
] as const;
export type PromotionField = (typeof PROMOTION_FIELDS)[number];

export type PromotionFormValues = Record<Exclude<PromotionField, "plans">, string> & { plans: string[] };

export const DESCRIPTION_MAX = 200;

const day = /^\d{4}-\d{2}-\d{2}$/;
const dayStart = (value: string, zone = "UTC") => Math.floor((dayStartIn(value, zone)?.getTime() ?? Number.NaN) / 1000);
/** The calendar day after `value` (date arithmetic only, no zone). */
const nextDay = (value: string) => new Date(Date.parse(`${value}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export interface PromotionFormContext {
  planIds: readonly string[];
  currency: string;
  /** Stripe takes payments: a code needs the Stripe coupon it stands for. */
  needsStripeCoupon: boolean;
  /** The admin's zone, whose calendar the first and last days are on (UTC when not given). */
  zone?: string;
}

export type PromotionFormResult =
  { ok: true; code: PromotionCode & { description: string } } | { ok: false; errors: Partial<Record<PromotionField, string>> };

const intIn = (value: string, min: number, max: number) => /^\d{1,9}$/.test(value.trim()) && Number(value) >= min && Number(value) <= max;
const dayField = z.union([
  z.literal(""),
  z
    .string()
    .regex(day, "Please give a date as YYYY-MM-DD.")
    .refine((value) => !Number.isNaN(dayStart(value)), "Please give a real date."),
]);
const choice = <T extends string>(values: readonly [T, ...T[]], message: string) => z.enum(values, { errorMap: () => ({ message }) });

/** The form's zod schema for one site (its plans, currency and payment provider). */
export function promotionFormSchema(context: PromotionFormContext) {
  return z
    .object({
      code: z.string().transform((value, ctx) => {
        const code = normalizeCode(value);
        if (code) return code;
        ctx.addIssue({ code: "custom", message: "Use 3 to 32 letters, numbers or hyphens, such as SPRING25." });
        return z.NEVER;
      }),
      description: z
        .string()
        .transform((value) => value.normalize("NFC").trim())
        .pipe(
          z
            .string()
            .max(DESCRIPTION_MAX, `Please keep the note under ${DESCRIPTION_MAX} characters.`)
            .regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/, "Please remove the control characters from the note."),
        ),
      kind: choice(["percent", "amount"], "Please choose a percentage or an amount off."),
      percentOff: z.string(),
      amountOff: z.string().trim(),
      duration: choice(["once", "repeating", "forever"], "Please choose how long the discount lasts."),
      months: z.string(),
      plans: z.array(z.string().refine((id) => context.planIds.includes(id), "Please choose plans from the list.")),
      newMembersOnly: z.string(),
      startsOn: dayField,
      endsOn: dayField,
      maxRedemptions: z.union([
        z.literal(""),
        z.string().refine((v) => intIn(v, 1, 1_000_000), "Please give a whole number from 1 to 1,000,000, or leave it empty for no limit."),
      ]),
      perMember: choice(["once", "unlimited"], "Please choose how often one member may use it."),
      stripeCouponId: z.union([
        z.literal(""),
        z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "A Stripe coupon id is letters, numbers, hyphens and underscores."),
      ]),
    })
    .superRefine((v, ctx) => {
      const issue = (path: PromotionField, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      if (v.kind === "percent" && !intIn(v.percentOff, 1, 100)) issue("percentOff", "Please give a whole percentage from 1 to 100.");
      if (v.kind === "amount" && (!/^\d{1,5}(\.\d{1,2})?$/.test(v.amountOff) || Number(v.amountOff) <= 0))
        issue("amountOff", "Please give an amount such as 10 or 9.99, more than 0 and under 100,000.");
      if (v.duration === "repeating" && !intIn(v.months, 1, 36)) issue("months", "Please give a whole number of months from 1 to 36.");
      if (v.startsOn && v.endsOn && v.endsOn < v.startsOn) issue("endsOn", "The last day must be on or after the first day.");
      if (!v.stripeCouponId && context.needsStripeCoupon)
        issue("stripeCouponId", "Payments go through Stripe: create the coupon in the Stripe dashboard and give its id here.");
    })
    .transform((v): PromotionCode & { description: string } => {
      const duration: DiscountDuration =
        v.duration === "repeating"
          ? { kind: "repeating", months: Number(v.months) }
          : v.duration === "forever"
            ? { kind: "forever" }
            : { kind: "once" };
      const plans = [...new Set(v.plans)];
      return {
        code: v.code,
        description: v.description,
        benefit:
          v.kind === "percent"
            ? { kind: "percent", percentOff: Number(v.percentOff), duration }
            : { kind: "amount", amountOff: Math.round(Number(v.amountOff) * 100), currency: context.currency, duration },
        planIds: plans.length === 0 ? null : context.planIds.filter((id) => plans.includes(id)),
        newMembersOnly: v.newMembersOnly === "on",
        maxRedemptions: v.maxRedemptions ? Number(v.maxRedemptions) : null,
        redemptionCount: 0,
        oncePerPerson: v.perMember === "once",
        validFrom: v.startsOn ? dayStart(v.startsOn, context.zone) : null,
        expiresAt: v.endsOn ? dayStart(nextDay(v.endsOn), context.zone) : null,
        active: true,
        stripeCouponId: v.stripeCouponId || null,
        stripePromotionCodeId: null,
      };
    });
}

/** Checks the typed form and builds the code, or says what to fix beside each field. */
export function readPromotionForm(values: PromotionFormValues, context: PromotionFormContext): PromotionFormResult {
  const parsed = promotionFormSchema(context).safeParse(values);
  if (parsed.success) return { ok: true, code: parsed.data };
  return { ok: false, errors: errorsOf(parsed.error) as Partial<Record<PromotionField, string>> };
}

/** The form's values from a post, every field a string (unknown fields ignored, long ones cut). */
export function promotionFormValues(form: { get(name: string): unknown; getAll(name: string): unknown[] }): PromotionFormValues {
  const text = (name: string, max = 64) => String(form.get(name) ?? "").slice(0, max);
  return {
    code: text("code"),
    description: text("description", DESCRIPTION_MAX * 4),
    kind: text("kind"),
    percentOff: text("percentOff"),
    amountOff: text("amountOff"),
    duration: text("duration"),
    months: text("months"),
    plans: form
      .getAll("plans")
      .map((v) => String(v).slice(0, 64))
      .slice(0, 20),
    newMembersOnly: text("newMembersOnly"),
    startsOn: text("startsOn"),
    endsOn: text("endsOn"),
    maxRedemptions: text("maxRedemptions"),
    perMember: text("perMember"),
    stripeCouponId: text("stripeCouponId", 120),
  };
}

export const EMPTY_PROMOTION_FORM: PromotionFormValues = {
  code: "",
  description: "",
  kind: "percent",
  percentOff: "",
  amountOff: "",
  duration: "once",
  months: "",
  plans: [],
  newMembersOnly: "",
  startsOn: "",
  endsOn: "",
  maxRedemptions: "",
  perMember: "once",
  stripeCouponId: "",
};

/** Small zod guard for the pause and resume buttons. */
export const CodeSwitchSchema = z.object({ intent: z.enum(["pause", "resume", "delete"]), code: z.string().max(64) });
