import { randomBytes } from "node:crypto";
import { z } from "zod";
import { getPhotoStorage } from "~/services/photos/index.server";
import { getStore } from "~/services/store/index.server";
import { contentChanged } from "~/lib/cache.server";
import { problemOf, type Problem } from "~/lib/errors";
import { createRateLimit } from "~/platform/rate-limit.server";
import { TeacherPageSchema, TeacherProfileSchema, type TeacherPage, type TeacherProfile } from "~/models/content/teacher";
import { preparePhoto } from "~/models/identity/profile-photo.server";
import { isPhotoFileName, photoFileName, PHOTO_MAX_BYTES } from "~/models/identity/profile-photo";
import type { AuditActor } from "./audit";
import { recordChange } from "./audit.server";
import type { NewTeacherForm, OwnProfileForm, TeacherFormValues, TeacherProfileForm } from "./teacher-form";

/**
 * Teachers from the back office (issue 26; ADR 050). A teacher is the §3 pair the public pages join:
 * `profiles/{id}` (who they are; shown only while `isActiveFacilitator`) and `teacherPages/{id}`
 * (whether their page is listed and at which address). Every change is one transaction with its one
 * audit entry (none when nothing changed), then the public teacher caches and the rendered-page cache
 * are dropped, so /teachers, /teachers/:slug and the sitemap show it on the next request.
 *
 * Addresses: a new teacher's address is claimed in `teacherSlugs/{slug}` (so two teachers never
 * share one) and may be changed only until the page is first shown; from then on it is kept.
 */

export const PROFILES = "profiles";
export const TEACHER_PAGES = "teacherPages";
export const TEACHER_SLUGS = "teacherSlugs";
/** Where uploaded portraits are served (the seeded SVG portraits share the route). */
export const TEACHER_PORTRAIT_PATH = "/images/teachers/";

/** The staff view of a page: `everPublic` is absent on seeded pages, which count as public already. */
const StaffPageSchema = TeacherPageSchema.extend({ everPublic: z.boolean().default(true) });
type StaffTeacherPage = z.infer<typeof StaffPageSchema>;
const SlugClaimSchema = z.object({ teacherId: z.string() });

/** Teacher content the public pages cache (teacher.server.ts), dropped after every change here. */
const TEACHER_CACHE_KEYS = ["teacherPages", "teacherProfiles"];

export interface StaffTeacher {
  profile: TeacherProfile;
  page: StaffTeacherPage | null;
  fullName: string;
  /** Shown on /teachers: a visible page with an address and an active profile (the §3 join). */
  listed: boolean;
}

function staffTeacher(profile: TeacherProfile, page: StaffTeacherPage | null): StaffTeacher {
  return {
    profile,
    page,
    fullName: `${profile.firstName} ${profile.lastName}`.trim(),
    listed: Boolean(page && !page.hidden && page.urlParam && profile.isActiveFacilitator),
  };
}

/** Every teacher profile, hidden and inactive ones too, by name. Read fresh, never from the public cache. */
export async function listTeachersForStaff(): Promise<StaffTeacher[]> {
  const store = getStore();
  const [profiles, pages] = await Promise.all([store.query(PROFILES, TeacherProfileSchema), store.query(TEACHER_PAGES, StaffPageSchema)]);
  const pageById = new Map(pages.docs.map((doc) => [doc.data.id ?? doc.id, doc.data]));
  return profiles.docs
    .map((doc) => staffTeacher(doc.data, pageById.get(doc.data.id) ?? null))
    .sort((a, b) => a.fullName.localeCompare(b.fullName));
}

/** A teacher as the edit forms show them before anything is typed. */
export function teacherFormValuesOf(t: StaffTeacher): TeacherFormValues {
  const p = t.profile;
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    location: p.location,
    classTypes: p.classTypes.join(", "),
    bio: p.bio,
    instagramUrl: p.instagramUrl,
    urlParam: t.page?.urlParam ?? "",
    hidden: t.page?.hidden ? "on" : "",
  };
}

const SAFE_ID = /^[A-Za-z0-9_-]{1,120}$/;

export async function getTeacherForStaff(id: string): Promise<StaffTeacher | null> {
  if (!SAFE_ID.test(id)) return null;
  const [profile, page] = await getStore().getMany([
    { collection: PROFILES, id, schema: TeacherProfileSchema },
    { collection: TEACHER_PAGES, id, schema: StaffPageSchema },
  ] as const);
  return profile ? staffTeacher(profile, page) : null;
}

export type TeacherResult =
  { ok: true; id: string; changed: boolean } | { ok: false; field: "urlParam" | "portrait" | null; problem: Problem };

function changedTeachers() {
  contentChanged(TEACHER_CACHE_KEYS);
}

/** Whether another teacher's page already uses this address (seeded pages have no claim document). */
async function slugTakenByPage(slug: string, id: string | null): Promise<boolean> {
  const { docs } = await getStore().query(TEACHER_PAGES, TeacherPageSchema, {
    where: [{ field: "urlParam", op: "==", value: slug }],
    limit: 5,
  });
  return docs.some((doc) => (doc.data.id ?? doc.id) !== id);
}

/** Creates a profile (active) and its page, once; the address is claimed or refused. */
export async function createTeacher(actor: AuditActor, form: NewTeacherForm, now = new Date()): Promise<TeacherResult> {
  const slug = form.urlParam;
  if (await slugTakenByPage(slug, null)) return { ok: false, field: "urlParam", problem: problemOf("staff_teacher_slug_taken") };
  const id = `teacher-${slug}`.slice(0, 100);
  const result = await getStore().transaction(async (tx) => {
    const [claim, existing] = await Promise.all([tx.get(TEACHER_SLUGS, slug, SlugClaimSchema), tx.get(PROFILES, id, TeacherProfileSchema)]);
    if (claim || existing) return { ok: false as const, field: "urlParam" as const, problem: problemOf("staff_teacher_slug_taken") };
    const profile = TeacherProfileSchema.parse({
      id,
      firstName: form.firstName,
      lastName: form.lastName,
      location: form.location,
      classTypes: form.classTypes,
      bio: form.bio,
      instagramUrl: form.instagramUrl,
      isActiveFacilitator: true,
    });
    const page = { id, urlParam: slug, hidden: form.hidden, everPublic: !form.hidden };
    tx.create(PROFILES, id, profile);
    tx.create(TEACHER_PAGES, id, page);
    tx.create(TEACHER_SLUGS, slug, { teacherId: id, claimedAt: now.toISOString() });
    recordChange(tx, {
      actor,
      area: "teachers",
      action: "added the teacher",
      target: target(id, profile),
      before: null,
      after: { ...profileFacts(profile), page: pageFacts(page) },
      at: now,
    });
    return { ok: true as const, id, changed: true };
  });
  if (result.ok) changedTeachers();
  return result;
}

const target = (id: string, profile: Pick<TeacherProfile, "firstName" | "lastName">) => ({
  collection: PROFILES,
  id,
  label: `${profile.firstName} ${profile.lastName}`.trim(),
});

function profileFacts(profile: TeacherProfile): Record<string, unknown> {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    location: profile.location,
    classTypes: profile.classTypes,
    bio: profile.bio,
    instagramUrl: profile.instagramUrl,
    profilePicUrl: profile.profilePicUrl,
    isActiveFacilitator: profile.isActiveFacilitator,
  };
}

function pageFacts(page: Pick<TeacherPage, "urlParam" | "hidden">): Record<string, unknown> {
  return { urlParam: page.urlParam ?? null, hidden: page.hidden };
}

/**
 * Saves profile fields (an admin's whole form, or a facilitator's bio and link). Only the fields
 * given are compared and written; a save that changes none writes nothing and logs nothing.
 */
export async function updateTeacherProfile(
  actor: AuditActor,
  id: string,
  fields: Partial<TeacherProfileForm> & OwnProfileForm,
  now = new Date(),
): Promise<TeacherResult> {
  if (!SAFE_ID.test(id)) return { ok: false, field: null, problem: problemOf("staff_teacher_not_found") };
  const result = await getStore().transaction(async (tx) => {
    const profile = await tx.get(PROFILES, id, TeacherProfileSchema);
    if (!profile) return { ok: false as const, field: null, problem: problemOf("staff_teacher_not_found") };
    const before: Record<string, unknown> = {};
    const patch: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(fields) as Array<[keyof TeacherProfileForm, unknown]>) {
      if (value === undefined) continue;
      if (JSON.stringify(profile[key]) === JSON.stringify(value)) continue;
      before[key] = profile[key];
      patch[key] = value;
    }
    if (Object.keys(patch).length === 0) return { ok: true as const, id, changed: false };
    tx.update(PROFILES, id, patch);
    recordChange(tx, {
      actor,
      area: "teachers",
      action: actor.role === "admin" ? "edited the profile" : "edited their own profile",
      target: target(id, { ...profile, ...patch }),
      before,
      after: patch,
      at: now,
    });
    return { ok: true as const, id, changed: true };
  });
  if (result.ok && result.changed) changedTeachers();
  return result;
}

/**
 * Hides or shows a teacher's page. Showing a page that has none yet, or has no address, is refused;
 * the first showing marks the address as public, after which it is kept.
 */
export async function setTeacherHidden(actor: AuditActor, id: string, hidden: boolean, now = new Date()): Promise<TeacherResult> {
  if (!SAFE_ID.test(id)) return { ok: false, field: null, problem: problemOf("staff_teacher_not_found") };
  const result = await getStore().transaction(async (tx) => {
    const [profile, page] = await Promise.all([tx.get(PROFILES, id, TeacherProfileSchema), tx.get(TEACHER_PAGES, id, StaffPageSchema)]);
    if (!profile || !page) return { ok: false as const, field: null, problem: problemOf("staff_teacher_not_found") };
    if (page.hidden === hidden) return { ok: true as const, id, changed: false };
    if (!hidden && !page.urlParam)
      return { ok: false as const, field: "urlParam" as const, problem: problemOf("staff_teacher_no_address") };
    tx.update(TEACHER_PAGES, id, { hidden, ...(hidden ? {} : { everPublic: true }) });
    recordChange(tx, {
      actor,
      area: "teachers",
      action: hidden ? "hid the teacher" : "showed the teacher",
      target: target(id, profile),
      before: { hidden: page.hidden },
      after: { hidden },
      at: now,
    });
    return { ok: true as const, id, changed: true };
  });
  if (result.ok && result.changed) changedTeachers();
  return result;
}

/** Changes a page's address, allowed only while the page has never been public. */
export async function changeTeacherSlug(actor: AuditActor, id: string, slug: string, now = new Date()): Promise<TeacherResult> {
  if (!SAFE_ID.test(id)) return { ok: false, field: null, problem: problemOf("staff_teacher_not_found") };
  if (await slugTakenByPage(slug, id)) return { ok: false, field: "urlParam", problem: problemOf("staff_teacher_slug_taken") };
  const result = await getStore().transaction(async (tx) => {
    const [profile, page, claim] = await Promise.all([
      tx.get(PROFILES, id, TeacherProfileSchema),
      tx.get(TEACHER_PAGES, id, StaffPageSchema),
      tx.get(TEACHER_SLUGS, slug, SlugClaimSchema),
    ]);
    if (!profile || !page) return { ok: false as const, field: null, problem: problemOf("staff_teacher_not_found") };
    if (page.urlParam === slug) return { ok: true as const, id, changed: false };
    if (page.everPublic || !page.hidden)
      return { ok: false as const, field: "urlParam" as const, problem: problemOf("staff_teacher_slug_kept") };
    if (claim && claim.teacherId !== id)
      return { ok: false as const, field: "urlParam" as const, problem: problemOf("staff_teacher_slug_taken") };
    if (!claim) tx.create(TEACHER_SLUGS, slug, { teacherId: id, claimedAt: now.toISOString() });
    if (page.urlParam) tx.delete(TEACHER_SLUGS, page.urlParam);
    tx.update(TEACHER_PAGES, id, { urlParam: slug });
    recordChange(tx, {
      actor,
      area: "teachers",
      action: "changed the page address",
      target: target(id, profile),
      before: { urlParam: page.urlParam ?? null },
      after: { urlParam: slug },
      at: now,
    });
    return { ok: true as const, id, changed: true };
  });
  if (result.ok && result.changed) changedTeachers();
  return result;
}

// Re-encoding a portrait costs a fraction of a second of CPU: plenty for a person, a ceiling for a script.
const portraitUploads = createRateLimit({ name: "teacher-portrait", limit: 20, windowMs: 10 * 60_000, per: "account" });

/** The stored file behind a portrait address, or null for a seeded SVG or anything not ours. */
export function portraitFileOf(url: string | null | undefined): string | null {
  if (!url?.startsWith(TEACHER_PORTRAIT_PATH)) return null;
  const name = url.slice(TEACHER_PORTRAIT_PATH.length);
  return isPhotoFileName(name) ? name : null;
}

/**
 * Gives a teacher a new portrait through the members' photo pipeline: checked by its content,
 * re-encoded to a square WebP without metadata, stored under a new unguessable name in the
 * teachers' folder; the profile's picture fields and placeholder colour point at it, and the old
 * uploaded file (never a seeded SVG) is removed.
 */
export async function changeTeacherPortrait(actor: AuditActor, id: string, upload: File | null, now = new Date()): Promise<TeacherResult> {
  const refuse = (code: Parameters<typeof problemOf>[0]): TeacherResult => ({ ok: false, field: "portrait", problem: problemOf(code) });
  if (!SAFE_ID.test(id)) return { ok: false, field: null, problem: problemOf("staff_teacher_not_found") };
  if (!upload || (upload.size === 0 && upload.name === "")) return refuse("photo_missing");
  if (upload.size > PHOTO_MAX_BYTES) return refuse("photo_too_large");
  if (!(await portraitUploads.attempt(actor.uid)).ok) return refuse("rate_limited");
  const prepared = await preparePhoto(new Uint8Array(await upload.arrayBuffer()));
  if (!prepared.ok) return refuse(prepared.code);
  const storage = getPhotoStorage("teachers");
  const name = photoFileName(randomBytes(16).toString("hex"));
  try {
    await storage.put(name, prepared.webp, "image/webp");
  } catch (error) {
    console.error(
      JSON.stringify({
        level: "error",
        msg: "teacher portrait not stored",
        teacherId: id,
        cause: error instanceof Error ? error.name : "unknown",
      }),
    );
    return refuse("photo_storage_failed");
  }
  const url = `${TEACHER_PORTRAIT_PATH}${name}`;
  const result = await getStore().transaction(async (tx) => {
    const profile = await tx.get(PROFILES, id, TeacherProfileSchema);
    if (!profile) return { result: { ok: false as const, field: null, problem: problemOf("staff_teacher_not_found") }, previous: null };
    const after = { profilePicUrl: url, cardPicUrl: url, fullSizeUrl: url, portraitColor: prepared.color };
    tx.update(PROFILES, id, after);
    recordChange(tx, {
      actor,
      area: "teachers",
      action: actor.role === "admin" ? "changed the portrait" : "changed their own portrait",
      target: target(id, profile),
      before: { profilePicUrl: profile.profilePicUrl, portraitColor: profile.portraitColor },
      after: { profilePicUrl: url, portraitColor: prepared.color },
      at: now,
    });
    return { result: { ok: true as const, id, changed: true }, previous: portraitFileOf(profile.profilePicUrl) };
  });
  if (!result.result.ok) {
    await storage.delete(name).catch(() => undefined);
    return result.result;
  }
  changedTeachers();
  if (result.previous && result.previous !== name) {
    await storage.delete(result.previous).catch((error: unknown) =>
      console.warn(
        JSON.stringify({
          level: "warn",
          msg: "old teacher portrait not removed",
          teacherId: id,
          cause: error instanceof Error ? error.name : "unknown",
        }),
      ),
    );
  }
  return result.result;
}

/** An uploaded portrait's bytes by file name, or null for any other name or a file that is gone. */
export async function getTeacherPortraitFile(name: string): Promise<Buffer | null> {
  return isPhotoFileName(name) ? getPhotoStorage("teachers").get(name) : null;
}
