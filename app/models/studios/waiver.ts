import { DateTime } from "luxon";
import { z } from "zod";

/**
 * Waivers (issue 12; docs/decisions/023-waivers.md), pure: a studio's waiver is a numbered version,
 * never edited once published; a member signs the current one before booking there, with a guardian
 * beside them when they are under 18 on the studio's calendar.
 */

export const ADULT_AGE = 18;

export const WaiverSchema = z.object({
  id: z.string(),
  studioId: z.string(),
  version: z.number().int().min(1),
  title: z.string().min(1),
  text: z.string().min(1),
  publishedAt: z.number(),
});
export type Waiver = z.infer<typeof WaiverSchema>;

export const waiverId = (studioId: string, version: number) => `${studioId}-v${version}`;
export const signatureId = (studioId: string, version: number, uid: string) => `${waiverId(studioId, version)}:${uid}`;

export const SignatureSchema = z.object({
  id: z.string(),
  studioId: z.string(),
  version: z.number().int().min(1),
  waiverId: z.string(),
  /** sha256 of the exact text signed, hex: proves which words were agreed to. */
  textHash: z.string().regex(/^[0-9a-f]{64}$/),
  uid: z.string(),
  signedAt: z.number(),
  signer: z.object({
    fullName: z.string(),
    email: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    birthday: z.string().nullable(),
    minor: z.boolean(),
  }),
  guardian: z.object({ fullName: z.string(), consent: z.literal(true) }).nullable(),
});
export type Signature = z.infer<typeof SignatureSchema>;

/** Whole years on the studio's calendar day: a birthday counts from midnight where the studio is. */
export function ageInZone(birthday: string, now: Date, timeZone: string): number {
  const today = DateTime.fromJSDate(now, { zone: timeZone });
  const [year, month, day] = birthday.split("-").map(Number);
  let age = today.year - year;
  if (today.month < month || (today.month === month && today.day < day)) age -= 1;
  return age;
}

export function isMinor(birthday: string, now: Date, timeZone: string): boolean {
  return ageInZone(birthday, now, timeZone) < ADULT_AGE;
}

/** Names compared the way a person would: case, accents, extra spaces and dots don't matter. */
export function normaliseName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[.\s]+/g, " ")
    .trim();
}

export function namesMatch(typed: string, expected: string): boolean {
  return normaliseName(typed) !== "" && normaliseName(typed) === normaliseName(expected);
}

const checked = (message: string) => z.literal("on", { errorMap: () => ({ message }) });

function isRealDate(value: string): boolean {
  const [year, month, day] = value.split("-").map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The signing form's schema for one member: their name on file (the typed name must match it), their
 * birthday when we have it (otherwise they give it here), and the studio's clock for the age rule.
 */
export function signWaiverSchema(context: { expectedName: string | null; birthday: string | null; now: Date; timeZone: string }) {
  return z
    .object({
      version: z.coerce.number({ invalid_type_error: "That waiver version could not be read." }).int().min(1),
      fullName: z
        .string()
        .trim()
        .min(1, "Please type your full name.")
        .max(120, "Please keep your name to 120 characters.")
        .refine((value) => !context.expectedName || value === "" || namesMatch(value, context.expectedName), {
          message: `Please type your name as it is on your account${context.expectedName ? ` (${context.expectedName})` : ""}.`,
        }),
      consent: checked("Please tick the box to say you have read and agree to the waiver."),
      birthday: context.birthday
        ? z.any().transform(() => context.birthday as string)
        : z
            .string()
            .trim()
            .regex(/^\d{4}-\d{2}-\d{2}$/, "Please give your date of birth, like 1990-04-21.")
            .refine(isRealDate, "That date doesn't exist. Please check the day and month.")
            .refine((value) => ageInZone(value, context.now, context.timeZone) >= 13, "You need to be at least 13 to book a class.")
            .refine((value) => ageInZone(value, context.now, context.timeZone) <= 120, "Please check the year of your birth."),
      guardianName: z.string().trim().max(120, "Please keep the name to 120 characters.").default(""),
      guardianConsent: z.string().optional(),
    })
    .superRefine((form, ctx) => {
      if (!isMinor(form.birthday, context.now, context.timeZone)) return;
      if (form.guardianName.length === 0)
        ctx.addIssue({ code: "custom", path: ["guardianName"], message: "Under 18: a parent or guardian needs to give their full name." });
      else if (namesMatch(form.guardianName, form.fullName))
        ctx.addIssue({ code: "custom", path: ["guardianName"], message: "The guardian is someone other than you." });
      if (form.guardianConsent !== "on")
        ctx.addIssue({
          code: "custom",
          path: ["guardianConsent"],
          message: "Under 18: your parent or guardian needs to tick the box too.",
        });
    });
}

/** The signed copy as plain text, for reading and downloading: the words, then who signed what and when. */
export function signedCopy(
  waiver: Pick<Waiver, "title" | "text" | "version">,
  signature: Signature,
  studioName: string,
  timeZone: string,
): string {
  const when = DateTime.fromMillis(signature.signedAt, { zone: timeZone }).toFormat("cccc d LLLL yyyy, HH:mm ZZZZ");
  const lines = [
    `${waiver.title}`,
    `${studioName}, version ${waiver.version}`,
    "",
    waiver.text,
    "",
    "----",
    `Signed by: ${signature.signer.fullName}`,
    `Date of birth: ${signature.signer.birthday ?? "not given"}`,
    signature.guardian ? `Parent or guardian: ${signature.guardian.fullName} (consented)` : null,
    `Signed at: ${when} (${timeZone})`,
    `Waiver version: ${signature.version}`,
    `Text fingerprint (SHA-256): ${signature.textHash}`,
  ];
  return `${lines.filter((line) => line !== null).join("\n")}\n`;
}
