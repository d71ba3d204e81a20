import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { getStore } from "../../support/payments";
import { haveEmulator } from "../../support/auth-emulator";
import { auditEntriesFor, staffGet, staffPost, staffSession } from "../../support/staff-session";

/**
 * Issue 26, items 2 and 3: the audit log (one entry per change, in the change's transaction, none for a
 * change that changes nothing, read-only through the site) and people and roles (search, grant,
 * remove, the last admin kept, studio desks). Route loaders and actions with real Requests on SQLite,
 * roles in the Auth emulator.
 */

const { seedDemoContent } = await import("../../../app/demo/seed.server");
const identity = await import("../../../app/services/identity/index.server");
const classesRoute = await import("~/routes/staff.classes/route");
const auditRoute = await import("~/routes/staff.audit/route");
const peopleRoute = await import("~/routes/staff.people/route");
const frontDesk = await import("~/routes/staff.studio/route");
const { STAFF_ROSTER } = await import("../../../app/models/staff/people.server");
const { getClass } = await import("../../../app/models/classes/class-schedule.server");
const { ROLE_DUTIES } = await import("../../../app/models/staff/staff-areas");
const { invalidatePrefix } = await import("../../../app/lib/cache.server");

const SITE = "http://localhost:3000";
const anyDoc = z.record(z.unknown());

beforeAll(async () => {
  await seedDemoContent(getStore(), new Date());
});

const get = staffGet;
const post = staffPost;
const entriesFor = auditEntriesFor;

async function newClass(teacherId = "teacher-amara") {
  const id = `audit-class-${Math.random().toString(36).slice(2, 10)}`;
  await getStore().set("classes", id, {
    id,
    title: "Audit Sit",
    teacherId,
    modality: "meditation",
    startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    durationMinutes: 30,
    description: "",
    capacity: 10,
    timeZone: "UTC",
  });
  invalidatePrefix("schedule:");
  return id;
}

describe.skipIf(!haveEmulator)("the audit log", () => {
  it("records one entry per class change, with a field-level diff, and none for a change that changes nothing", async () => {
    const admin = await staffSession({ admin: true }, SITE, "Orla");
    const id = await newClass();
    expect(
      (await post(classesRoute, "/staff/classes", admin.cookie, { intent: "substitute", classId: id, teacherId: "teacher-jonah" })).status,
    ).toBe(302);
    const [sub] = await entriesFor(id);
    expect(sub).toMatchObject({
      actorUid: admin.uid,
      actorName: "Orla Person",
      actorRole: "admin",
      area: "classes",
      action: "named a substitute",
    });
    expect(sub.changes).toEqual([{ field: "substituteTeacherId", before: "null", after: '"teacher-jonah"' }]);

    // The same teacher again changes nothing: refused, and no entry.
    expect(
      (await post(classesRoute, "/staff/classes", admin.cookie, { intent: "substitute", classId: id, teacherId: "teacher-jonah" })).status,
    ).toBe(409);
    expect(await entriesFor(id)).toHaveLength(1);

    expect((await post(classesRoute, "/staff/classes", admin.cookie, { intent: "cancel", classId: id, confirm: "yes" })).status).toBe(302);
    expect((await post(classesRoute, "/staff/classes", admin.cookie, { intent: "cancel", classId: id, confirm: "yes" })).status).toBe(409);
    const all = await entriesFor(id);
    expect(all).toHaveLength(2);
    expect(all.find((e) => e.action === "cancelled the class")?.changes).toEqual([
      { field: "status", before: '"scheduled"', after: '"cancelled"' },
    ]);
    expect(await getClass(id)).toMatchObject({ status: "cancelled" });
  });

  it("filters by person, area and day with a GET form, and refuses a malformed day beside its field", async () => {
    const admin = await staffSession({ admin: true }, SITE, "Filterer");
    const id = await newClass();
    await post(classesRoute, "/staff/classes", admin.cookie, { intent: "cancel", classId: id, confirm: "yes" });
    const today = new Date().toISOString().slice(0, 10);
    const page = async (query: string) =>
      (await get(auditRoute, `/staff/audit?${query}`, admin.cookie)).data as {
        entries: Array<{ target: string; who: string; area: string }>;
        errors: Record<string, string>;
      };

    const mine = await page(`person=${admin.uid}`);
    expect(mine.entries.length).toBe(1);
    expect(mine.entries[0].who).toBe("Filterer Person");
    expect((await page(`person=${admin.uid}&area=codes`)).entries).toHaveLength(0);
    expect((await page(`person=${admin.uid}&area=classes&from=${today}&to=${today}`)).entries).toHaveLength(1);
    expect((await page(`person=${admin.uid}&from=2000-01-01&to=2000-01-02`)).entries).toHaveLength(0);
    const wrong = await page("from=yesterday&to=2020-01-01");
    expect(wrong.errors.from).toBe("Please give a date as YYYY-MM-DD.");
    expect(wrong.entries).toEqual([]);
    expect((await page("from=2024-02-02&to=2024-02-01")).errors.to).toBe("The last day must be on or after the first day.");
  });

  it("cannot be edited or deleted through the site: the page has no action and only the writer creates entries", () => {
    expect((auditRoute as Record<string, unknown>).action).toBeUndefined();
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
    const users = files("app").filter((file) => !file.includes(".test.") && /AUDIT_LOG|["']auditLog["']/.test(readFileSync(file, "utf8")));
    // The data inventory declares the collection and the member's data export reads it; neither writes.
    expect(users.sort()).toEqual([
      "app/lib/data-inventory.ts",
      "app/models/privacy/data-export.server.ts",
      "app/models/staff/audit.server.ts",
    ]);
    expect(readFileSync("app/models/privacy/data-export.server.ts", "utf8")).not.toMatch(/\.(set|update|delete|create)\(AUDIT_LOG/);
    const writer = readFileSync("app/models/staff/audit.server.ts", "utf8");
    expect(writer).toMatch(/tx\.create\(AUDIT_LOG/);
    // One rewrite only, account deletion's, which puts a pseudonym where a deleted person was named (ADR 032, issue 35).
    expect(writer.match(/\.(set|update|delete)\(AUDIT_LOG/g)).toEqual([".set(AUDIT_LOG"]);
    expect(writer.slice(writer.indexOf("export async function anonymiseAuditEntries"))).toMatch(/\.set\(AUDIT_LOG/);
  });
});

describe.skipIf(!haveEmulator)("people and roles", () => {
  it("finds a member by phone, e-mail and name", async () => {
    const admin = await staffSession({ admin: true });
    const member = await staffSession({}, SITE, "Zephyrine");
    const search = async (q: string) =>
      (
        (await get(peopleRoute, `/staff/people?q=${encodeURIComponent(q)}`, admin.cookie)).data as { results: Array<{ uid: string }> }
      ).results.map((r) => r.uid);
    expect(await search(member.phone)).toEqual([member.uid]);
    expect(
      await search(`${member.phone.slice(0, 2)} (${member.phone.slice(2, 5)}) ${member.phone.slice(5, 8)}-${member.phone.slice(8)}`),
    ).toEqual([member.uid]);
    expect(await search(`${member.uid.toUpperCase()}@Example.com`)).toEqual([member.uid]);
    expect(await search("zephyrine")).toContain(member.uid);
    expect(await search("Zephyrine Pers")).toContain(member.uid);
    expect(await search("nobody-by-this-name")).toEqual([]);
  });

  it("grants and removes roles with one entry each, none for saving the same roles, and the removal counts on the next request", async () => {
    const admin = await staffSession({ admin: true });
    const teacher = await staffSession({ facilitator: true, teacherId: "teacher-amara" });
    expect((await get(classesRoute, "/staff/classes", teacher.cookie)).status).toBe(200);

    const save = (uid: string, roles: string[], confirm = true) =>
      post(peopleRoute, "/staff/people", admin.cookie, [
        ["intent", "roles"],
        ["uid", uid],
        ...roles.map((r): [string, string] => ["role", r]),
        ...(confirm ? [["confirm", "yes"] as [string, string]] : []),
      ]);
    // Granting asks nothing more (issue 34): the first post saves.
    expect((await save(teacher.uid, ["facilitator", "cohost"], false)).location).toBe("/staff/people?done=roles");
    expect((await identity.getAccount(teacher.uid))?.claims).toMatchObject({ facilitator: true, cohost: true, teacherId: "teacher-amara" });
    expect((await save(teacher.uid, ["facilitator", "cohost"])).location).toBe("/staff/people?done=unchanged");
    // Removing asks once more (issue 34): the first post answers the question and changes nothing.
    const asked = await save(teacher.uid, ["cohost"], false);
    expect(asked.status).toBe(200);
    expect(asked.data).toMatchObject({
      values: { uid: teacher.uid },
      confirmation: {
        heading: expect.stringMatching(/^Remove Facilitator from .+\?$/),
        confirmLabel: "Yes, remove Facilitator",
        fields: [
          ["intent", "roles"],
          ["uid", teacher.uid],
          ["role", "cohost"],
        ],
      },
    });
    expect((asked.data as { confirmation: { facts: string[] } }).confirmation.facts).toContain(`Facilitator: ${ROLE_DUTIES.facilitator}`);
    expect((await identity.getAccount(teacher.uid))?.claims).toMatchObject({ facilitator: true, cohost: true });
    expect((await entriesFor(teacher.uid)).map((e) => e.action)).toEqual(["granted roles"]);
    expect((await save(teacher.uid, ["cohost"])).status).toBe(302);
    const log = await entriesFor(teacher.uid);
    expect(log.map((e) => e.action)).toEqual(["granted roles", "removed roles"]);
    expect(log[1].changes).toEqual([{ field: "roles.facilitator", before: "true", after: "false" }]);

    // The very next request of the person: the page is gone, a read included.
    expect((await get(classesRoute, "/staff/classes", teacher.cookie)).status).toBe(403);
    expect((await post(classesRoute, "/staff/classes", teacher.cookie, { intent: "cancel", classId: "any", confirm: "yes" })).status).toBe(
      403,
    );
    expect((await identity.getAccount(teacher.uid))?.claims.teacherId).toBe("teacher-amara");
  });

  it("names the teacher a new facilitator teaches as, so their classes are theirs to change", async () => {
    const admin = await staffSession({ admin: true });
    const person = await staffSession({}, SITE, "Newteacher");
    const id = await newClass("teacher-jonah");
    const saved = await post(peopleRoute, "/staff/people", admin.cookie, [
      ["intent", "roles"],
      ["uid", person.uid],
      ["role", "facilitator"],
      ["teacherId", "teacher-jonah"],
    ]);
    expect(saved.status).toBe(302);
    expect((await identity.getAccount(person.uid))?.claims).toMatchObject({ facilitator: true, teacherId: "teacher-jonah" });
    expect((await entriesFor(person.uid))[0].changes).toEqual([
      { field: "roles.facilitator", before: "false", after: "true" },
      { field: "teacherId", before: "null", after: '"teacher-jonah"' },
    ]);
    const listed = ((await get(classesRoute, "/staff/classes", person.cookie)).data as { classes: Array<{ id: string }> }).classes.map(
      (c) => c.id,
    );
    expect(listed).toContain(id);
    const unknown = await post(peopleRoute, "/staff/people", admin.cookie, [
      ["intent", "roles"],
      ["uid", person.uid],
      ["role", "facilitator"],
      ["teacherId", "teacher-nobody"],
    ]);
    expect(unknown.status).toBe(400);
    expect(await entriesFor(person.uid)).toHaveLength(1);
  });

  it("never removes the last admin", async () => {
    const first = await staffSession({ admin: true });
    const second = await staffSession({}, SITE, "Second");
    // This test's own roster: exactly one admin.
    await getStore().set(STAFF_ROSTER, "current", { members: { [first.uid]: { roles: ["admin"], name: "First", contact: first.phone } } });
    const save = (uid: string, roles: string[]) =>
      post(peopleRoute, "/staff/people", first.cookie, [
        ["intent", "roles"],
        ["uid", uid],
        ...roles.map((r): [string, string] => ["role", r]),
        ["confirm", "yes"],
      ]);
    const refused = await save(first.uid, []);
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({
      values: { uid: first.uid },
      errors: { form: "This is the last admin. Make someone else an admin first, then remove this role." },
    });
    expect((await identity.getAccount(first.uid))?.claims.admin).toBe(true);
    expect(await entriesFor(first.uid)).toHaveLength(0);

    expect((await save(second.uid, ["admin"])).status).toBe(302);
    expect((await save(first.uid, [])).status).toBe(302);
    expect((await identity.getAccount(first.uid))?.claims.admin).toBeUndefined();
    // And now the second cannot remove themselves either.
    const alone = await post(peopleRoute, "/staff/people", second.cookie, [
      ["intent", "roles"],
      ["uid", second.uid],
      ["confirm", "yes"],
    ]);
    expect(alone.status).toBe(409);
  });

  it("assigns studio staff to studios, one entry, and their front desk follows", async () => {
    const admin = await staffSession({ admin: true });
    const desk = await staffSession({ studioStaff: true });
    const studios = async () => ((await get(frontDesk, "/staff/studio", desk.cookie)).data as { studios: Array<{ slug: string }> }).studios;
    expect(await studios()).toEqual([]);
    const { docs } = await getStore().query("studios", anyDoc);
    const studioId = String(docs[0].data.id);
    expect(
      (
        await post(peopleRoute, "/staff/people", admin.cookie, [
          ["intent", "studios"],
          ["uid", desk.uid],
          ["studio", studioId],
        ])
      ).status,
    ).toBe(302);
    expect((await studios()).length).toBe(1);
    expect(
      (
        await post(peopleRoute, "/staff/people", admin.cookie, [
          ["intent", "studios"],
          ["uid", desk.uid],
          ["studio", studioId],
        ])
      ).location,
    ).toContain("done=unchanged");
    const log = await entriesFor(desk.uid);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ area: "studios", changes: [{ field: "studios", before: "[]", after: JSON.stringify([studioId]) }] });
    expect(
      (
        await post(peopleRoute, "/staff/people", admin.cookie, [
          ["intent", "studios"],
          ["uid", desk.uid],
          ["studio", "atlantis"],
        ])
      ).status,
    ).toBe(400);
  });
});
