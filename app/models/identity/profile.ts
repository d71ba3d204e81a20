import { z } from "zod";
import { EmailAddressSchema } from "~/lib/forms/email-address";
import { personName } from "./sign-in";

/** The forms on /settings: one schema per intent (a hidden `intent` field says which form was sent). */

export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.]{2,29}$/;

export const ProfileFormSchema = z.object({
  firstName: personName("first name"),
  lastName: personName("last name"),
  email: EmailAddressSchema.optional().or(z.literal("").transform(() => undefined)),
  birthday: z
    .string()
    .trim()
    .refine((value) => value === "" || /^\d{4}-\d{2}-\d{2}$/.test(value), "Please give your birthday as a date, like 1990-04-21.")
    .refine((value) => value === "" || isRealDate(value), "That date doesn't exist. Please check the day and month.")
    .refine(
      (value) => value === "" || !isRealDate(value) || ageOn(value, new Date()) >= 13,
      "You need to be at least 13 to have a Stillhour account.",
    )
    .refine((value) => value === "" || !isRealDate(value) || ageOn(value, new Date()) <= 120, "Please check the year of your birthday.")
    .transform((value) => (value === "" ? null : value)),
});

export const UsernameFormSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, "Please choose a username.")
    .max(30, "Please keep your username to 30 characters or fewer.")
    .regex(USERNAME_PATTERN, "Start with a letter, then use letters, numbers, dots or underscores (3 to 30 in all)."),
});

export const DeleteFormSchema = z.object({
  confirm: z.literal("DELETE", { errorMap: () => ({ message: "Please type DELETE in capitals to confirm." }) }),
});

/** A calendar date that exists (no 31 February). */
export function isRealDate(value: string): boolean {
  const [year, month, day] = value.split("-").map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whole years from a YYYY-MM-DD birthday to `now` (UTC calendar). */
export function ageOn(birthday: string, now: Date): number {
  const [year, month, day] = birthday.split("-").map(Number);
  let age = now.getUTCFullYear() - year;
  if (now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day)) age -= 1;
  return age;
}
