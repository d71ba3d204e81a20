import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { getStore } from "../../support/payments";
import { haveEmulator } from "../../support/auth-emulator";
import { staffPost, staffSession } from "../../support/staff-session";
import { answerOf, routeArgs } from "../../support/route-call";

/**
 * Issue 35, probes 1 and 2: what account deletion used to forget. A member who answered a survey kept
 * their answers (free text included) and their survey state; a staff member who deleted their account
 * stayed on the staff roster (name and contact), on studios' front-desk lists, on classes' cohost lists
 * and as the sender of class notes, and still counted as an admin, so the site could be left with none.
 */

const { seedDemoContent } = await import("../../../app/demo/seed.server");
const identity = await import("../../../app/services/identity/index.server");
const { USER_SURVEYS, SURVEY_ANSWERS, surveyAnswerId } = await import("../../../app/models/engagement/surveys");
const { STAFF_ROSTER, assignStudios, setRoles } = await import("../../../app/models/staff/people.server");
const { assignCohost } = await import("../../../app/models/staff/cohost.server");
const { CLASS_NOTES, sendClassNote } = await import("../../../app/models/staff/class-notes.server");
const { AUDIT_LOG } = await import("../../../app/models/staff/audit.server");
const { ERRORS } = await import("../../../app/lib/errors");
const surveyRoute = await import("~/routes/surveys.$campaignId/route");
const settingsRoute = await import("~/routes/settings/route");
const peopleRoute = await import("~/routes/staff.people/route");

const SITE = "http://localhost:3000";
const DEMO = "demo-practice-rhythm";
const AnyDoc = z.record(z.unknown());

const deleteAccount = (cookie: string) => staffPost(settingsRoute, "/settings", cookie, { intent: "delete", confirm: "DELETE" });

/** Every document of these collections whose id or fields still mention `needle`. */
async function mentions(needle: string, collections: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const collection of collections) {
    const { docs } = await getStore().query(collection, AnyDoc);
    for (const doc of docs) if (`${doc.id} ${JSON.stringify(doc.data)}`.includes(needle)) found.push(`${collection}/${doc.id}`);
  }
  return found;
}

beforeAll(async () => {
  await seedDemoContent(getStore(), new Date());
});

describe.skipIf(!haveEmulator)("deleting an account forgets surveys and staff places (issue 35, probes 1 and 2)", () => {
  it("deletes a member's survey answers, free text included, and their survey state", async () => {
    const member = await staffSession({}, SITE, "Marisol");
    await getStore().set(USER_SURVEYS, member.uid, { arm: "show-surveys" });
    const { surveyForMember } = await import("../../../app/models/engagement/surveys.server");
    expect(await surveyForMember({ uid: member.uid, isSubscribed: true })).not.toBeNull();
    const body = new URLSearchParams([
      ["back", "/about"],
      ["intent", "answer"],
      [`answer.${DEMO}__q1`, "Early morning"],
      [`answer.${DEMO}__q2`, "Breath work"],
      [`answer.${DEMO}__q3`, "4"],
      [`answer.${DEMO}__q4`, "My knee aches after long sits, Marisol here."],
    ]).toString();
    const answered = await answerOf(async () =>
      surveyRoute.action(
        routeArgs(
          new Request(`${SITE}/surveys/${DEMO}`, {
            method: "POST",
            headers: { Cookie: member.cookie, Origin: SITE, "Content-Type": "application/x-www-form-urlencoded" },
            body,
          }),
          { campaignId: DEMO },
        ),
      ),
    );
    expect(answered.status).toBe(302);
    expect(await getStore().get(SURVEY_ANSWERS, surveyAnswerId(DEMO, member.uid), AnyDoc)).not.toBeNull();

    expect((await deleteAccount(member.cookie)).location).toBe("/signed-out");
    expect(await getStore().get(SURVEY_ANSWERS, surveyAnswerId(DEMO, member.uid), AnyDoc)).toBeNull();
    expect(await getStore().get(USER_SURVEYS, member.uid, AnyDoc)).toBeNull();
    expect(await mentions(member.uid, [SURVEY_ANSWERS, USER_SURVEYS])).toEqual([]);
    expect(await mentions("My knee aches", [SURVEY_ANSWERS])).toEqual([]);
  });

  it("takes a deleted staff member off the roster, studios' desks, classes' cohost lists, class notes and the audit log", async () => {
    const admin = await staffSession({ admin: true }, SITE, "Ottoline");
    const actor = { uid: admin.uid, name: "Ottoline Person", role: "admin" as const };
    await setRoles(actor, admin.uid, ["admin"]);
    const staff = await staffSession({}, SITE, "Peregrine");
    expect(await setRoles(actor, staff.uid, ["admin", "cohost", "studioStaff"])).toMatchObject({ ok: true });
    const { docs: studios } = await getStore().query("studios", AnyDoc);
    const studioId = String(studios[0].id);
    expect(await assignStudios(actor, staff.uid, [studioId])).toMatchObject({ ok: true, changed: true });
    const { docs: classes } = await getStore().query("classes", AnyDoc, {
      where: [{ field: "status", op: "==", value: "scheduled" }],
      limit: 1,
    });
    const classId = classes[0].id;
    expect(await assignCohost(actor, { intent: "add-cohost", classId, uid: staff.uid })).toMatchObject({ ok: true, changed: true });
    // A note they sent to the class, as an admin may.
    const staffActor = { uid: staff.uid, name: "Peregrine Person", role: "admin" as const };
    expect(
      await sendClassNote({ roles: ["admin"], teacherId: null }, staffActor, { classId, note: "Bring a blanket, it is cold in the room." }),
    ).toMatchObject({ ok: true });
    expect(await mentions(staff.uid, [STAFF_ROSTER, "studios", "classes", CLASS_NOTES, AUDIT_LOG])).not.toEqual([]);

    expect((await deleteAccount(staff.cookie)).location).toBe("/signed-out");
    expect(await mentions(staff.uid, [STAFF_ROSTER, "studios", "classes", CLASS_NOTES, AUDIT_LOG])).toEqual([]);
    expect(await mentions("Peregrine", [STAFF_ROSTER, AUDIT_LOG, CLASS_NOTES])).toEqual([]);
    expect(await mentions(staff.phone, [STAFF_ROSTER])).toEqual([]);
    // The note, written to a class, stays; only who sent it is gone.
    expect(await mentions("Bring a blanket", [CLASS_NOTES])).toHaveLength(1);
  });

  it("leaves the site an admin: one of two admins deletes their account, the other cannot remove their own role, and the last cannot delete theirs", async () => {
    const first = await staffSession({ admin: true }, SITE, "Araminta");
    const second = await staffSession({ admin: true }, SITE, "Bertrand");
    // This test's own roster: exactly these two admins.
    await getStore().set(STAFF_ROSTER, "current", {
      members: {
        [first.uid]: { roles: ["admin"], name: "Araminta Person", contact: first.phone },
        [second.uid]: { roles: ["admin"], name: "Bertrand Person", contact: second.phone },
      },
    });
    expect((await deleteAccount(first.cookie)).location).toBe("/signed-out");

    const removed = await staffPost(peopleRoute, "/staff/people", second.cookie, [
      ["intent", "roles"],
      ["uid", second.uid],
      // No "are you sure?" first: the last admin's role cannot go, so the refusal comes at once.
    ]);
    expect(removed.status).toBe(409);
    expect(removed.data).toMatchObject({ values: { uid: second.uid }, errors: { form: ERRORS.staff_last_admin.message } });
    expect((await identity.getAccount(second.uid))?.claims.admin).toBe(true);

    const refused = await deleteAccount(second.cookie);
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ values: { intent: "delete" }, errors: { confirm: expect.stringMatching(/only admin/) } });
    expect(await identity.getAccount(second.uid)).not.toBeNull();
    expect(await mentions(second.uid, [STAFF_ROSTER])).toEqual([`${STAFF_ROSTER}/current`]);
  });
});
