import { cached } from "~/lib/cache.server";
import { getStore } from "~/services/store/index.server";
import { getEnv } from "~/lib/env.server";
import { TeacherPageSchema, TeacherProfileSchema, joinTeachers, type Teacher, type TeacherPage, type TeacherProfile } from "./teacher";

/** §7: list teacherPages, then filter in code. Cached under "teacherPages". */
function getTeacherPages(): Promise<TeacherPage[]> {
  return cached("teacherPages", { ttlSeconds: getEnv().CONTENT_CACHE_SECONDS }, async () => {
    const { docs } = await getStore().query("teacherPages", TeacherPageSchema);
    return docs.map((doc) => ({ ...doc.data, id: doc.data.id ?? doc.id }));
  });
}

/** §7: list profiles where isActiveFacilitator equals true. Cached under "teacherProfiles". */
function getActiveProfiles(): Promise<TeacherProfile[]> {
  return cached("teacherProfiles", { ttlSeconds: getEnv().CONTENT_CACHE_SECONDS }, async () => {
    const { docs } = await getStore().query("profiles", TeacherProfileSchema, {
      where: [{ field: "isActiveFacilitator", op: "==", value: true }],
    });
    return docs.map((doc) => doc.data);
  });
}

/** Every listed teacher: visible page joined to an active profile. */
export async function getTeachers(): Promise<Teacher[]> {
  const [pages, profiles] = await Promise.all([getTeacherPages(), getActiveProfiles()]);
  return joinTeachers(pages, profiles);
}

/** One listed teacher by page slug, or null when unknown, hidden or inactive. */
export async function getTeacherBySlug(slug: string): Promise<Teacher | null> {
  const teachers = await getTeachers();
  return teachers.find((teacher) => teacher.urlParam === slug) ?? null;
}

export async function getTeachersByIds(ids: string[]): Promise<Teacher[]> {
  if (ids.length === 0) return [];
  const teachers = await getTeachers();
  return ids.map((id) => teachers.find((t) => t.id === id)).filter((t): t is Teacher => Boolean(t));
}
