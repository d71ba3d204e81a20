import { z } from "zod";

/** teacherPages: which teachers have a public page, and at what address. */
export const TeacherPageSchema = z.object({
  id: z.string().min(1),
  collection: z.string().optional(),
  hidden: z.boolean().default(false),
  urlParam: z
    .string()
    .min(1)
    .max(80)
    .regex(/^[a-z0-9-]+$/)
    .optional(),
});
export type TeacherPage = z.infer<typeof TeacherPageSchema>;

/** profiles: the teacher's own record; only active facilitators are ever shown. */
export const TeacherProfileSchema = z.object({
  id: z.string().min(1),
  collection: z.string().optional(),
  bio: z.string().default(""),
  cardPicUrl: z.string().default(""),
  classTypes: z.array(z.string()).default([]),
  firstName: z.string().min(1),
  lastName: z.string().default(""),
  fullSizeUrl: z.string().default(""),
  instagramUrl: z.string().url().or(z.literal("")).default(""),
  location: z.string().default(""),
  profilePicUrl: z.string().default(""),
  socialStats: z.record(z.string(), z.number()).default({}),
  username: z.string().default(""),
  isActiveFacilitator: z.boolean().default(false),
  /** Dominant colour of the portrait, used as the placeholder background. */
  portraitColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .default("#8fb0a2"),
});
export type TeacherProfile = z.infer<typeof TeacherProfileSchema>;

export type Teacher = TeacherProfile & { urlParam: string; fullName: string };

export function isListedPage(page: TeacherPage): page is TeacherPage & { urlParam: string } {
  return !page.hidden && Boolean(page.urlParam);
}

/**
 * §3: a page is listed only if not hidden and it has urlParam; only pages with a
 * matching active profile are shown, merged with the profile's fields.
 */
export function joinTeachers(pages: TeacherPage[], profiles: TeacherProfile[]): Teacher[] {
  const active = new Map(profiles.filter((p) => p.isActiveFacilitator).map((p) => [p.id, p]));
  const teachers: Teacher[] = [];
  for (const page of pages) {
    if (!isListedPage(page)) continue;
    const profile = active.get(page.id);
    if (!profile) continue;
    teachers.push({
      ...profile,
      urlParam: page.urlParam,
      fullName: `${profile.firstName} ${profile.lastName}`.trim(),
    });
  }
  return teachers.sort((a, b) => a.fullName.localeCompare(b.fullName));
}

/** Only what a teacher card shows; loaders map teachers through `toTeacherCard` to keep payloads lean. */
export interface TeacherCardData {
  id: string;
  urlParam: string;
  firstName: string;
  lastName: string;
  fullName: string;
  portraitColor: string;
  /** The portrait to show: an uploaded photo or the seeded illustration; "" to draw one from the id. */
  photoUrl: string;
  location: string;
  classTypes: string[];
  bio: string;
}

export function toTeacherCard(teacher: Teacher): TeacherCardData {
  return {
    id: teacher.id,
    urlParam: teacher.urlParam,
    firstName: teacher.firstName,
    lastName: teacher.lastName,
    fullName: teacher.fullName,
    portraitColor: teacher.portraitColor,
    photoUrl: teacher.cardPicUrl || teacher.profilePicUrl,
    location: teacher.location,
    classTypes: teacher.classTypes.slice(0, 3),
    bio: teacher.bio.length > 220 ? `${teacher.bio.slice(0, 217).trimEnd()}…` : teacher.bio,
  };
}
