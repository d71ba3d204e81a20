import { beforeAll, describe, expect, it } from "vitest";
import { getStore } from "../../support/payments";
import { haveEmulator } from "../../support/auth-emulator";
import { auditEntriesFor, staffGet, staffPost, staffSession } from "../../support/staff-session";

/**
 * Issue 26, item 4: promotion codes from the admin's page: what to fix beside each field, a new code
 * applying on /subscribe at once, one name once, pause and resume with one audit entry each (none
 * for pausing a paused code), and the redemptions. Real Requests on SQLite.
 */

const { seedDemoContent } = await import("../../../app/demo/seed.server");
const codesRoute = await import("~/routes/staff.codes/route");
const codeRoute = await import("~/routes/staff.codes_.$code/route");
const { checkPromotionCode, redeemPromotionCodeOnce } = await import("../../../app/models/billing/promotion-code.server");

const SITE = "http://localhost:3000";
const get = staffGet;
const post = staffPost;
const entriesFor = auditEntriesFor;

beforeAll(async () => {
  await seedDemoContent(getStore(), new Date());
});

describe.skipIf(!haveEmulator)("promotion codes", () => {
  const form = (fields: Record<string, string | string[]>): Array<[string, string]> =>
    Object.entries({
      intent: "create",
      code: "",
      description: "",
      kind: "percent",
      percentOff: "",
      amountOff: "",
      duration: "once",
      months: "",
      newMembersOnly: "",
      startsOn: "",
      endsOn: "",
      maxRedemptions: "",
      perMember: "once",
      ...fields,
    }).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((one): [string, string] => [k, one]));

  it("says what to fix beside each field and keeps what was typed", async () => {
    const admin = await staffSession({ admin: true });
    const answer = await post(
      codesRoute,
      "/staff/codes",
      admin.cookie,
      form({
        code: "no spaces!",
        percentOff: "150",
        duration: "repeating",
        months: "0",
        startsOn: "2030-02-02",
        endsOn: "2030-02-01",
        maxRedemptions: "-3",
        plans: ["monthly", "lifetime"],
      }),
    );
    expect(answer.status).toBe(400);
    const { errors, values } = answer.data as { errors: Record<string, string>; values: Record<string, unknown> };
    expect(Object.keys(errors).sort()).toEqual(["code", "endsOn", "form", "maxRedemptions", "months", "percentOff", "plans"]);
    expect(values).toMatchObject({ code: "no spaces!", percentOff: "150" });
    const amount = await post(codesRoute, "/staff/codes", admin.cookie, form({ code: "AMT-BAD", kind: "amount", amountOff: "ten" }));
    expect((amount.data as { errors: Record<string, string> }).errors).toEqual({
      form: "Please check the fields marked below.",
      amountOff: "Please give an amount such as 10 or 9.99, more than 0 and under 100,000.",
    });
  });

  it("creates a code that applies on /subscribe at once, refuses a second of that name, pauses it once, and lists its redemptions", async () => {
    const admin = await staffSession({ admin: true });
    const code = `TEST-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    const created = await post(
      codesRoute,
      "/staff/codes",
      admin.cookie,
      form({
        code: code.toLowerCase(),
        description: "Autumn <b>newsletter</b>",
        kind: "amount",
        amountOff: "12.50",
        duration: "repeating",
        months: "3",
        plans: ["monthly"],
        newMembersOnly: "on",
        maxRedemptions: "100",
        perMember: "once",
      }),
    );
    expect(created.location).toBe("/staff/codes?done=created");
    const check = (planId: string) =>
      checkPromotionCode({
        typed: code,
        plan: { id: planId, currency: "usd" },
        uid: null,
        isNewMember: true,
        now: Math.floor(Date.now() / 1000),
      });
    expect(await check("monthly")).toMatchObject({
      outcome: "accepted",
      discount: { benefit: { kind: "amount", amountOff: 1250, duration: { kind: "repeating", months: 3 } } },
    });
    expect(await check("annual")).toMatchObject({ outcome: "invalid", reason: "wrong_plan" });
    const [entry] = await entriesFor(code);
    expect(entry).toMatchObject({ area: "codes", action: "created the code" });
    expect(entry.changes).toContainEqual({ field: "benefit.amountOff", before: "null", after: "1250" });
    expect(entry.changes).toContainEqual({ field: "description", before: "null", after: JSON.stringify("Autumn <b>newsletter</b>") });

    const again = await post(codesRoute, "/staff/codes", admin.cookie, form({ code, percentOff: "10" }));
    expect(again.status).toBe(409);
    expect((again.data as { errors: Record<string, string> }).errors.code).toBe(
      "A code with that name already exists. Please choose another.",
    );

    expect((await post(codesRoute, "/staff/codes", admin.cookie, { intent: "pause", code })).location).toBe("/staff/codes?done=paused");
    expect((await post(codesRoute, "/staff/codes", admin.cookie, { intent: "pause", code })).location).toBe("/staff/codes?done=unchanged");
    expect(await check("monthly")).toMatchObject({ outcome: "invalid", reason: "inactive" });
    expect((await entriesFor(code)).map((e) => e.action)).toEqual(["created the code", "paused the code"]);
    await post(codesRoute, "/staff/codes", admin.cookie, { intent: "resume", code });

    const buyer = await staffSession({}, SITE, "Buyer");
    expect(
      await redeemPromotionCodeOnce({
        promotionCodeId: code,
        uid: buyer.uid,
        purchaseId: "cs_test_audit_1",
        now: Math.floor(Date.now() / 1000),
      }),
    ).toEqual({ ok: true });
    const redemptions = await get(codeRoute, `/staff/codes/${code}`, admin.cookie, { code });
    expect(redemptions.data).toMatchObject({ code, count: 1, rows: [{ purchaseId: "cs_test_audit_1", who: "Buyer Person" }] });
    // The admin's note is data, shown as text (React escapes it); the list carries it as typed.
    const list = (await get(codesRoute, "/staff/codes", admin.cookie)).data as { codes: Array<{ code: string; description: string }> };
    expect(list.codes.find((c) => c.code === code)?.description).toBe("Autumn <b>newsletter</b>");

    // Issue 34: a used code stays on record: deleting it is refused, asked or confirmed.
    for (const fields of [
      { intent: "delete", code },
      { intent: "delete", code, confirm: "yes" },
    ] as Array<Record<string, string>>) {
      const refused = await post(codesRoute, "/staff/codes", admin.cookie, fields);
      expect(refused.status).toBe(409);
      expect(refused.data).toMatchObject({
        errors: { form: "This code has been used, so it stays on record with its redemptions. You can pause it instead." },
      });
    }
    expect(await check("monthly")).toMatchObject({ outcome: "accepted" });
  });

  it("deletes an unused code only after asking once more, with one audit entry; a forged post without the confirmation changes nothing", async () => {
    const admin = await staffSession({ admin: true });
    const code = `GONE-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    expect((await post(codesRoute, "/staff/codes", admin.cookie, form({ code, percentOff: "10" }))).location).toBe(
      "/staff/codes?done=created",
    );
    const check = () =>
      checkPromotionCode({
        typed: code,
        plan: { id: "monthly", currency: "usd" },
        uid: null,
        isNewMember: true,
        now: Math.floor(Date.now() / 1000),
      });

    const asked = await post(codesRoute, "/staff/codes", admin.cookie, { intent: "delete", code });
    expect(asked.status).toBe(200);
    expect(asked.data).toMatchObject({
      confirmation: {
        heading: `Delete the code ${code}?`,
        confirmLabel: `Yes, delete ${code}`,
        keepLabel: "Keep the code",
        fields: [
          ["intent", "delete"],
          ["code", code],
        ],
      },
    });
    expect(await check()).toMatchObject({ outcome: "accepted" });
    expect((await entriesFor(code)).map((e) => e.action)).toEqual(["created the code"]);

    const deleted = await post(codesRoute, "/staff/codes", admin.cookie, { intent: "delete", code, confirm: "yes" });
    expect(deleted.location).toBe("/staff/codes?done=deleted");
    expect(await check()).toMatchObject({ outcome: "invalid", reason: "unknown" });
    expect((await entriesFor(code)).map((e) => e.action)).toEqual(["created the code", "deleted the code"]);
    const list = (await get(codesRoute, "/staff/codes", admin.cookie)).data as { codes: Array<{ code: string }> };
    expect(list.codes.map((c) => c.code)).not.toContain(code);
    expect((await post(codesRoute, "/staff/codes", admin.cookie, { intent: "delete", code, confirm: "yes" })).status).toBe(404);
  });
});
