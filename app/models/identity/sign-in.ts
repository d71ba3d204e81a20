import { z } from "zod";
import { EmailAddressSchema } from "~/lib/forms/email-address";
import { safeRedirectPath } from "~/lib/navigation";

/** The e-mail link form on /sign-in: one schema for the action and the messages beside the field. */
export const EmailLinkFormSchema = z.object({
  email: EmailAddressSchema,
});

/** First and last name, as onboarding and settings ask for them. */
export const personName = (label: string) =>
  z
    .string({ required_error: `Please enter your ${label}.` })
    .transform((value) => value.normalize("NFC").trim())
    .pipe(
      z
        .string()
        .min(1, `Please enter your ${label}.`)
        .max(60, `Please keep your ${label} under 60 characters.`)
        .refine(
          (value) => !/[\u0000-\u001f\u007f-\u009f]/.test(value),
          `Your ${label} has a character we can't store. Please type it again.`,
        )
        .refine(
          (value) => !/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/.test(value),
          `Please remove the direction marks from your ${label}.`,
        )
        .refine((value) => !/[<>{}[\]\\/@#$%^*=+|~`"]/.test(value), `Please use letters, spaces, hyphens and apostrophes in your ${label}.`)
        .refine((value) => /\p{L}/u.test(value), `Please include at least one letter in your ${label}.`),
    );

export const OnboardingFormSchema = z.object({
  firstName: personName("first name"),
  lastName: personName("last name"),
  email: z
    .string()
    .trim()
    .max(254, "That email address is too long. Please use one under 254 characters.")
    .email("Please enter a valid email address, like name@example.com.")
    .optional()
    .or(z.literal("").transform(() => undefined)),
});
export type OnboardingForm = z.infer<typeof OnboardingFormSchema>;

/** Field errors (one message each) and what the person typed, for a 400 answer. */
export function parseForm<S extends z.ZodTypeAny>(
  schema: S,
  formData: FormData,
  fields: readonly string[],
): { ok: true; data: z.output<S> } | { ok: false; errors: Record<string, string>; values: Record<string, string> } {
  const values = Object.fromEntries(fields.map((name) => [name, String(formData.get(name) ?? "").slice(0, 1000)]));
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return { ok: false, errors, values };
}

/** Where to go after signing in: a same-site path only, never the sign-in pages themselves. */
export function nextPath(raw: unknown): string {
  const path = safeRedirectPath(raw, "/");
  return /^\/(sign-in|sign-out|signed-out|auth\/)/.test(path) ? "/" : path;
}
