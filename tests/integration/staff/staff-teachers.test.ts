import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { getStore } from "../../support/payments";
import { haveEmulator } from "../../support/auth-emulator";
import { auditEntriesFor, staffGet, staffPost, staffSession } from "../../support/staff-session";
import { answerOf, routeArgs, type RouteArgs } from "../../support/route-call";

/**
 * Issue 26 (ADR 050): teachers from the admin's pages and a facilitator's own. A new teacher and
 * their page, what to fix beside each field, one address per teacher and kept once public, edits and
 * hide/show that the public /teachers, /teachers/:slug and the sitemap show on the next request, a
 * portrait through the photo pipeline, one audit entry per change and none for a no-op; a
 * facilitator edits only their own profile; their classes' rosters and a note sent once.
 */

const { seedDemoContent } = await import("../../../app/demo/seed.server");
const { invalidatePrefix } = await import("../../../app/lib/cache.server");
const { createDiskPhotoStorage, setPhotoStorageForTests } = await import("../../../app/services/photos/index.server");
const { createOutboxMailer } = await import("../../../app/services/mail/outbox.server");
const { setMailerForTests } = await import("../../../app/services/mail/index.server");
const { bookClass } = await import("../../../app/models/classes/booking.server");
const { getSitemapEntries } = await import("../../../app/routes/sitemap[.]xml/sitemap.server");
const { TeacherProfileSchema } = await import("../../../app/models/content/teacher");
const teachersRoute = await import("~/routes/staff.teachers/route");
const teacherRoute = await import("~/routes/staff.teachers_.$id/route");
const profileRoute = await import("~/routes/staff.profile/route");
const classesRoute = await import("~/routes/staff.classes/route");
const publicList = await import("~/routes/teachers._index/route");
const publicPage = await import("~/routes/teachers.$teacherSlug/route");
const imageRoute = await import("~/routes/images.teachers.$file/route");

const SITE = "http://localhost:3000";
const outbox = createOutboxMailer({
  dir: join(mkdtempSync(join(tmpdir(), "staff-teachers-")), "outbox"),
  from: "Stillhour <hello@stillhour.example>",
});

beforeAll(async () => {
  await seedDemoContent(getStore(), new Date());
  setPhotoStorageForTests(createDiskPhotoStorage(mkdtempSync(join(tmpdir(), "teacher-portraits-")), "teachers"), "teachers");
  setMailerForTests(outbox);
});

const newTeacher = (fields: Record<string, string>) => ({
  intent: "create",
  firstName: "",
  lastName: "",
  location: "",
  classTypes: "",
  bio: "",
  instagramUrl: "",
  urlParam: "",
  ...fields,
});
const listedNames = async () => ((await publicList.loader()) as { teachers: Array<{ fullName: string }> }).teachers.map((t) => t.fullName);
const publicStatus = async (slug: string) =>
  (await answerOf(async () => publicPage.loader(routeArgs(new Request(`${SITE}/teachers/${slug}`), { teacherSlug: slug })))).status;
const inSitemap = async (slug: string) => (await getSitemapEntries()).some((entry) => entry.path === `/teachers/${slug}`);

function multipart(fields: Record<string, string>, file: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("photo", new File([file.bytes], file.name, { type: file.type }));
  return form;
}

/** A staff form posted to a page with route params (the shared helper passes none). */
function postTo(route: { action: (args: RouteArgs) => unknown }, path: string, cookie: string, fields: Record<string, string>) {
  const params = { id: decodeURIComponent(path.split("/")[3] ?? "") };
  const body = new URLSearchParams(fields).toString();
  return answerOf(async () =>
    route.action(
      routeArgs(
        new Request(`${SITE}${path}`, {
          method: "POST",
          headers: { Cookie: cookie, Origin: SITE, "Content-Type": "application/x-www-form-urlencoded" },
          body,
        }),
        params,
      ),
    ),
  );
}

async function postMultipart(
  route: { action: (args: RouteArgs) => unknown },
  path: string,
  cookie: string,
  form: FormData,
  params: Record<string, string> = {},
) {
  return answerOf(async () =>
    route.action(
      routeArgs(new Request(`${SITE}${path}`, { method: "POST", headers: { Cookie: cookie, Origin: SITE }, body: form }), params),
    ),
  );
}

describe.skipIf(!haveEmulator)("teachers in the back office", () => {
  it("says what to fix beside each field, keeps what was typed, and refuses an address already used", async () => {
    const admin = await staffSession({ admin: true });
    const bad = await staffPost(
      teachersRoute,
      "/staff/teachers",
      admin.cookie,
      newTeacher({ firstName: "", instagramUrl: "http://instagram.com/x", urlParam: "Not A Slug!", bio: "x".repeat(2001) }),
    );
    expect(bad.status).toBe(400);
    const { errors, values } = bad.data as { errors: Record<string, string>; values: Record<string, string> };
    expect(Object.keys(errors).sort()).toEqual(["bio", "firstName", "form", "instagramUrl", "urlParam"]);
    expect(errors.form).toBe("Please check the fields marked below.");
    expect(errors.instagramUrl).toMatch(/https address on instagram\.com/);
    expect(values.urlParam).toBe("Not A Slug!");
    const elsewhere = await staffPost(
      teachersRoute,
      "/staff/teachers",
      admin.cookie,
      newTeacher({ firstName: "Eve", instagramUrl: "https://evil.example/instagram.com" }),
    );
    expect((elsewhere.data as { errors: Record<string, string> }).errors.instagramUrl).toBeDefined();
    const taken = await staffPost(
      teachersRoute,
      "/staff/teachers",
      admin.cookie,
      newTeacher({ firstName: "Amara", urlParam: "amara-eze-holloway" }),
    );
    expect(taken).toMatchObject({
      status: 409,
      data: { errors: { urlParam: "Another teacher's page already uses that address. Please choose another." } },
    });
  });

  it("adds a teacher, edits them, hides and shows them, and the public pages and sitemap follow at once", async () => {
    const admin = await staffSession({ admin: true }, SITE, "Ada");
    const slug = `wren-okafor-${Date.now() % 100000}`;
    const created = await staffPost(
      teachersRoute,
      "/staff/teachers",
      admin.cookie,
      newTeacher({
        firstName: "Wren",
        lastName: "Okafor",
        location: "Lagos, Nigeria",
        classTypes: "Breathwork, Sleep, Breathwork",
        bio: "First line.",
        instagramUrl: "https://instagram.com/wren",
        urlParam: slug,
      }),
    );
    expect(created.status).toBe(302);
    const id = `teacher-${slug}`;
    expect(created.location).toBe(`/staff/teachers/${id}?done=created`);
    expect(await listedNames()).toContain("Wren Okafor");
    expect(await publicStatus(slug)).toBe(200);
    expect(await inSitemap(slug)).toBe(true);
    const [added] = await auditEntriesFor(id);
    expect(added).toMatchObject({ area: "teachers", action: "added the teacher", actorRole: "admin" });
    expect(added.changes).toContainEqual({ field: "classTypes", before: "null", after: JSON.stringify(["Breathwork", "Sleep"]) });

    const form = {
      intent: "profile",
      firstName: "Wren",
      lastName: "Okafor",
      location: "Lagos, Nigeria",
      classTypes: "Breathwork, Sleep",
      bio: "A new bio.\n\nSecond paragraph.",
      instagramUrl: "https://instagram.com/wren",
    };
    expect((await postTo(teacherRoute, `/staff/teachers/${id}`, admin.cookie, form)).location).toBe(`/staff/teachers/${id}?done=saved`);
    const page = await answerOf(async () => publicPage.loader(routeArgs(new Request(`${SITE}/teachers/${slug}`), { teacherSlug: slug })));
    expect((page.data as { teacher: { bio: string } }).teacher.bio).toBe("A new bio.\n\nSecond paragraph.");
    // The same form again changes nothing and records nothing.
    expect((await postTo(teacherRoute, `/staff/teachers/${id}`, admin.cookie, form)).location).toBe(`/staff/teachers/${id}?done=unchanged`);
    const edits = (await auditEntriesFor(id)).filter((e) => e.action === "edited the profile");
    expect(edits).toHaveLength(1);
    expect(edits[0].changes).toEqual([
      { field: "bio", before: JSON.stringify("First line."), after: JSON.stringify("A new bio.\n\nSecond paragraph.") },
    ]);

    expect((await staffPost(teachersRoute, "/staff/teachers", admin.cookie, { intent: "hide", id })).location).toBe(
      "/staff/teachers?done=hidden",
    );
    expect(await publicStatus(slug)).toBe(404);
    expect(await listedNames()).not.toContain("Wren Okafor");
    expect(await inSitemap(slug)).toBe(false);
    expect((await staffPost(teachersRoute, "/staff/teachers", admin.cookie, { intent: "hide", id })).location).toBe(
      "/staff/teachers?done=unchanged",
    );
    // A refused hide names its teacher, for the message beside them; a form the page has not is refused above them all.
    expect(await staffPost(teachersRoute, "/staff/teachers", admin.cookie, { intent: "hide", id: "teacher-nobody-here" })).toMatchObject({
      status: 404,
      data: { errors: { form: "We couldn't find that teacher." }, values: { intent: "hide", id: "teacher-nobody-here" } },
    });
    expect(await staffPost(teachersRoute, "/staff/teachers", admin.cookie, { intent: "rename", id })).toMatchObject({
      status: 400,
      data: { errors: { form: "Please use the forms on this page." }, values: {} },
    });
    // Public once: the address is kept, even while hidden.
    const moved = await postTo(teacherRoute, `/staff/teachers/${id}`, admin.cookie, { intent: "address", urlParam: `${slug}-x` });
    expect(moved.status).toBe(409);
    expect((moved.data as { errors: Record<string, string>; values: Record<string, string> }).values).toMatchObject({
      intent: "address",
      urlParam: `${slug}-x`,
    });
    expect((await postTo(teacherRoute, `/staff/teachers/${id}`, admin.cookie, { intent: "show" })).location).toBe(
      `/staff/teachers/${id}?done=shown`,
    );
    expect(await publicStatus(slug)).toBe(200);
    expect((await auditEntriesFor(id)).map((e) => e.action)).toEqual([
      "added the teacher",
      "edited the profile",
      "hid the teacher",
      "showed the teacher",
    ]);

    const list = (await staffGet(teachersRoute, "/staff/teachers", admin.cookie)).data as {
      teachers: Array<{ id: string; listed: boolean }>;
    };
    expect(list.teachers.find((t) => t.id === "teacher-ruth")?.listed ?? false).toBe(false);
    expect((await staffGet(teacherRoute, "/staff/teachers/nobody-here", admin.cookie, { id: "nobody-here" })).status).toBe(404);
  });

  it("lets a page's address change only while it has never been shown", async () => {
    const admin = await staffSession({ admin: true });
    const slug = `quiet-draft-${Date.now() % 100000}`;
    const created = await staffPost(
      teachersRoute,
      "/staff/teachers",
      admin.cookie,
      newTeacher({ firstName: "Quiet", lastName: "Draft", urlParam: slug, hidden: "on" }),
    );
    const id = `teacher-${slug}`;
    expect(created.status).toBe(302);
    expect(await publicStatus(slug)).toBe(404);
    expect(await postTo(teacherRoute, `/staff/teachers/${id}`, admin.cookie, { intent: "address", urlParam: "Not A Slug!" })).toMatchObject(
      {
        status: 400,
        data: {
          errors: { form: "Please check the address.", urlParam: expect.stringMatching(/lowercase letters/) },
          values: { intent: "address", urlParam: "Not A Slug!" },
        },
      },
    );
    expect((await staffGet(teacherRoute, `/staff/teachers/${id}`, admin.cookie, { id })).data).toMatchObject({
      teacher: { slugEditable: true },
    });
    expect((await postTo(teacherRoute, `/staff/teachers/${id}`, admin.cookie, { intent: "address", urlParam: `${slug}-b` })).location).toBe(
      `/staff/teachers/${id}?done=address`,
    );
    await postTo(teacherRoute, `/staff/teachers/${id}`, admin.cookie, { intent: "show" });
    expect(await publicStatus(`${slug}-b`)).toBe(200);
    expect((await staffGet(teacherRoute, `/staff/teachers/${id}`, admin.cookie, { id })).data).toMatchObject({
      teacher: { slugEditable: false },
    });
  });

  it("takes a portrait through the photo pipeline and refuses what is not a photo, beside the field", async () => {
    const admin = await staffSession({ admin: true });
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 40, g: 120, b: 90 } } })
      .png()
      .toBuffer();
    const answer = await postMultipart(
      teacherRoute,
      "/staff/teachers/teacher-jonah",
      admin.cookie,
      multipart({ intent: "portrait" }, { name: "me.png", type: "image/png", bytes: new Uint8Array(png) }),
      { id: "teacher-jonah" },
    );
    expect(answer.location).toBe("/staff/teachers/teacher-jonah?done=portrait");
    const profile = await getStore().get("profiles", "teacher-jonah", TeacherProfileSchema);
    expect(profile?.profilePicUrl).toMatch(/^\/images\/teachers\/[0-9a-f]{32}\.webp$/);
    expect(profile?.cardPicUrl).toBe(profile?.profilePicUrl);
    const file = profile!.profilePicUrl.split("/").pop()!;
    const served = (await imageRoute.loader(routeArgs(new Request(`${SITE}${profile!.profilePicUrl}`), { file }))) as Response;
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(512);
    const [entry] = (await auditEntriesFor("teacher-jonah")).filter((e) => e.action === "changed the portrait");
    expect(entry.changes.map((c) => c.field)).toEqual(["portraitColor", "profilePicUrl"]);

    const script = new TextEncoder().encode("<svg onload=alert(1)></svg>");
    const refused = await postMultipart(
      teacherRoute,
      "/staff/teachers/teacher-jonah",
      admin.cookie,
      multipart({ intent: "portrait" }, { name: "x.png", type: "image/png", bytes: script }),
      { id: "teacher-jonah" },
    );
    expect(refused).toMatchObject({
      status: 400,
      data: {
        values: { intent: "portrait" },
        errors: {
          form: "Please choose another portrait.",
          photo: "That file isn't a photo we can use. Please choose a JPEG, PNG, WebP or AVIF image.",
        },
      },
    });
    const huge = new Uint8Array(5 * 1024 * 1024 + 1);
    huge.set(png.subarray(0, 8));
    const tooLarge = await postMultipart(
      teacherRoute,
      "/staff/teachers/teacher-jonah",
      admin.cookie,
      multipart({ intent: "portrait" }, { name: "big.png", type: "image/png", bytes: huge }),
      { id: "teacher-jonah" },
    );
    expect(tooLarge).toMatchObject({
      status: 413,
      data: { values: { intent: "portrait" }, errors: { photo: expect.stringContaining("over 5 MB") } },
    });
    expect((await getStore().get("profiles", "teacher-jonah", TeacherProfileSchema))?.profilePicUrl).toBe(profile!.profilePicUrl);
  });

  it("lets a facilitator edit only their own bio and link, and keeps the rest of the profile out of reach", async () => {
    const amara = await staffSession({ facilitator: true, teacherId: "teacher-amara" }, SITE, "Amara");
    const page = await staffGet(profileRoute, "/staff/profile", amara.cookie);
    expect(page).toMatchObject({ status: 200, data: { teacher: { firstName: "Amara" } } });
    const saved = await staffPost(profileRoute, "/staff/profile", amara.cookie, {
      intent: "profile",
      bio: "Amara's own words.",
      instagramUrl: "https://www.instagram.com/amara",
      firstName: "Hacked",
      id: "teacher-jonah",
    });
    expect(saved.location).toBe("/staff/profile?done=saved");
    const [mine, jonah] = await Promise.all([
      getStore().get("profiles", "teacher-amara", TeacherProfileSchema),
      getStore().get("profiles", "teacher-jonah", TeacherProfileSchema),
    ]);
    expect(mine).toMatchObject({ bio: "Amara's own words.", instagramUrl: "https://www.instagram.com/amara", firstName: "Amara" });
    expect(jonah?.bio).not.toBe("Amara's own words.");
    const [entry] = (await auditEntriesFor("teacher-amara")).filter((e) => e.action === "edited their own profile");
    expect(entry).toMatchObject({ actorRole: "facilitator" });
    expect(entry.changes.map((c) => c.field)).toEqual(["bio", "instagramUrl"]);
    const link = await staffPost(profileRoute, "/staff/profile", amara.cookie, {
      intent: "profile",
      bio: "",
      instagramUrl: "javascript:alert(1)",
    });
    expect(link).toMatchObject({ status: 400, data: { values: { instagramUrl: "javascript:alert(1)" } } });

    expect((await staffGet(teacherRoute, "/staff/teachers/teacher-jonah", amara.cookie, { id: "teacher-jonah" })).status).toBe(403);
    const unlinked = await staffSession({ facilitator: true });
    expect((await staffGet(profileRoute, "/staff/profile", unlinked.cookie)).status).toBe(404);
  });

  it("shows a facilitator only their classes, with first names and first-class marks, and sends a note once", async () => {
    const amara = await staffSession({ facilitator: true, teacherId: "teacher-amara" }, SITE, "Amara");
    const admin = await staffSession({ admin: true });
    const regular = await staffSession({}, SITE, "Noor");
    const newcomer = await staffSession({}, SITE, "Ada");
    const stamp = Date.now();
    const make = async (id: string, teacherId: string, minutes: number) => {
      await getStore().set("classes", id, {
        id,
        title: `Note Sit ${id.slice(-5)}`,
        teacherId,
        modality: "meditation",
        startsAt: new Date(stamp + minutes * 60_000).toISOString(),
        durationMinutes: 30,
        description: "",
        capacity: 5,
        timeZone: "UTC",
      });
    };
    const earlier = `note-earlier-${stamp}`;
    const mine = `note-mine-${stamp}`;
    const jonahs = `note-jonah-${stamp}`;
    await make(earlier, "teacher-jonah", 30);
    await make(mine, "teacher-amara", 60);
    await make(jonahs, "teacher-jonah", 90);
    invalidatePrefix("schedule:");
    invalidatePrefix("class");
    for (const [uid, classId] of [
      [regular.uid, earlier],
      [regular.uid, mine],
      [newcomer.uid, mine],
    ]) {
      expect(await bookClass({ uid, classId, now: new Date(), isMember: true })).toMatchObject({ ok: true, status: "booked" });
    }
    const page = await staffGet(classesRoute, "/staff/classes", amara.cookie);
    const classes = (page.data as { classes: Array<{ id: string; roster: Array<{ firstName: string; firstClass: boolean }> }> }).classes;
    expect(classes.map((c) => c.id)).toContain(mine);
    expect(classes.map((c) => c.id)).not.toContain(jonahs);
    expect(classes.find((c) => c.id === mine)?.roster).toEqual([
      { firstName: "Ada", firstClass: true },
      { firstName: "Noor", firstClass: false },
    ]);
    const everyone = (await staffGet(classesRoute, "/staff/classes", admin.cookie)).data as { classes: Array<{ id: string }> };
    expect(everyone.classes.map((c) => c.id)).toEqual(expect.arrayContaining([mine, jonahs]));

    const note = { intent: "note", classId: mine, note: "Bring a blanket: we lie down for the last ten minutes." };
    const [one, two] = await Promise.all([
      staffPost(classesRoute, "/staff/classes", amara.cookie, note),
      staffPost(classesRoute, "/staff/classes", amara.cookie, note),
    ]);
    expect([one.location, two.location].sort()).toEqual(["/staff/classes?done=noted", "/staff/classes?done=noted-again"]);
    for (const person of [regular, newcomer]) {
      const mails = (await outbox.read({ to: `${person.uid.toLowerCase()}@example.com` })).filter((mail) =>
        mail.subject.startsWith("A note about"),
      );
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain("Bring a blanket");
    }
    expect((await auditEntriesFor(mine)).filter((e) => e.action === "wrote to the members booked")).toHaveLength(1);
    const notMine = await staffPost(classesRoute, "/staff/classes", amara.cookie, { ...note, classId: jonahs });
    expect(notMine).toMatchObject({ status: 403, data: { errors: { form: "You can write only to the members of classes you teach." } } });
    const empty = await staffPost(classesRoute, "/staff/classes", amara.cookie, { ...note, note: "  " });
    expect(empty).toMatchObject({ status: 400, data: { errors: { note: "Please write the note." }, values: { note: "  " } } });
  }, 60_000);
});
