import { z } from "zod";

/**
 * The teacher forms of the back office (issue 26; ADR 050): what an admin may type about a teacher,
 * what a facilitator may type about themselves, and the one message to show beside each field.
 * Pure and browser-safe; ./teachers.server.ts does the storing.
 */

export const BIO_MAX = 2000;
export const TEACHER_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const text = (max: number, label: string) => z.string().trim().max(max, `${label} can be at most ${max} characters.`);

/** Bios are plain text: no control characters but line breaks, paragraphs split on a blank line. */
const bio = text(BIO_MAX, "The bio")
  .transform((value) => value.replace(/\r\n?/g, "\n").replace(/\n{3,}/g, "\n\n"))
  .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value), "Please remove the unusual characters from the bio.");

/** Only an https address on instagram.com (the public page shows nothing else), or nothing. */
const instagramUrl = z
  .string()
  .trim()
  .max(200, "The Instagram address can be at most 200 characters.")
  .refine(
    (value) => value === "" || isInstagramUrl(value),
    "Please give an https address on instagram.com, such as https://instagram.com/yourname, or leave it empty.",
  );

export function isInstagramUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      url.protocol === "https:" &&
      /(^|\.)instagram\.com$/.test(url.hostname) &&
      url.username === "" &&
      url.password === "" &&
      url.port === ""
    );
  } catch {
    return false;
  }
}

const classTypes = z
  .string()
  .trim()
  .max(200, "Please keep the list of classes under 200 characters.")
  .transform((value) => [
    ...new Set(
      value
        .split(",")
        .map((one) => one.trim())
        .filter(Boolean),
    ),
  ])
  .refine((list) => list.length <= 6, "Please name at most six kinds of class.")
  .refine((list) => list.every((one) => one.length <= 40), "Each kind of class can be at most 40 characters.");

/** What a facilitator edits about themselves (and an admin about anyone). */
export const OwnProfileSchema = z.object({ bio, instagramUrl });

/** What an admin edits about a teacher. */
export const TeacherProfileFormSchema = OwnProfileSchema.extend({
  firstName: text(60, "The first name").min(1, "Please give the teacher's first name."),
  lastName: text(60, "The last name"),
  location: text(80, "The place"),
  classTypes,
});

/** A new teacher: the profile, and the address of their page (kept for good once the page is public). */
export const NewTeacherSchema = TeacherProfileFormSchema.extend({
  urlParam: z
    .string()
    .trim()
    .toLowerCase()
    .max(60, "The address can be at most 60 characters.")
    .regex(TEACHER_SLUG, "Please use lowercase letters, digits and single hyphens, such as amara-eze."),
  hidden: z.boolean(),
});

export type OwnProfileForm = z.infer<typeof OwnProfileSchema>;
export type TeacherProfileForm = z.infer<typeof TeacherProfileFormSchema>;
export type NewTeacherForm = z.infer<typeof NewTeacherSchema>;

export const TEACHER_FIELDS = ["firstName", "lastName", "location", "classTypes", "bio", "instagramUrl", "urlParam", "hidden"] as const;
export type TeacherField = (typeof TEACHER_FIELDS)[number];
export type TeacherFormValues = Record<TeacherField, string>;

export const EMPTY_TEACHER_FORM: TeacherFormValues = {
  firstName: "",
  lastName: "",
  location: "",
  classTypes: "",
  bio: "",
  instagramUrl: "",
  urlParam: "",
  hidden: "",
};

/** The form's fields as typed (kept to show again beside the errors). */
export function teacherFormValues(form: FormData): TeacherFormValues {
  const values = { ...EMPTY_TEACHER_FORM };
  for (const field of TEACHER_FIELDS) values[field] = String(form.get(field) ?? "");
  return values;
}

/** A page address from a name: "Amara Eze-Holloway" gives "amara-eze-holloway". */
export function slugFromName(first: string, last: string): string {
  return `${first} ${last}`
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/** What the teacher pages say after a post, by the `done` the redirect carries. */
export const TEACHER_NOTICES: Record<string, string> = {
  created: "Teacher added.",
  hidden: "Hidden. The page is gone from the site and the teachers list now.",
  shown: "Shown. The page is on the site and in the teachers list now.",
  saved: "Saved. The teacher's page shows it now.",
  portrait: "Portrait uploaded. The teacher's page shows it now.",
  address: "Address changed.",
  unchanged: "Nothing changed, so nothing was recorded.",
};
