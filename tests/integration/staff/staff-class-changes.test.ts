import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { GOOD_CARD, demo, getStore, intentId } from "../../support/payments";
import { haveEmulator, signInWithPhone } from "../../support/auth-emulator";
import { routeArgs, settle, statusOf } from "../../support/route-call";

/**
 * Issue 23, item 7: the staff class page lets a facilitator change only the classes they teach (an
 * admin any), and a studio class cancelled there gives back what its tickets took (credits through
 * the ledger, drop-ins through the payment port) and tells each holder, once, even when the cancel
 * is posted twice at the same moment. Route actions called with real Requests, on SQLite.
 */

const { seedDemoContent } = await import("../../../app/demo/seed.server");
const { createOutboxMailer } = await import("../../../app/services/mail/outbox.server");
const { setMailerForTests } = await import("../../../app/services/mail/index.server");
const identity = await import("../../../app/services/identity/index.server");
const sessionRoute = await import("~/routes/api.session/route");
const staffRoute = await import("~/routes/staff.classes/route");
const { savePrivateUser } = await import("../../../app/models/identity/user.server");
const { getClass } = await import("../../../app/models/classes/class-schedule.server");
const { bookInPerson, getTicket } = await import("../../../app/models/studios/in-person-tickets.server");
const { STUDIO_TRANSACTIONS, IN_PERSON_SEATS } = await import("../../../app/models/studios/studio-records");
const { signWaiver } = await import("../../../app/models/studios/waiver.server");
const { startDropInPurchase } = await import("../../../app/models/studios/studio-purchases.server");
const { getStudioById } = await import("../../../app/models/studios/studio.server");
const { settlePaymentSession } = await import("../../../app/models/checkout/purchase-fulfilment.server");
const { getPurchase, purchaseIdFor } = await import("../../../app/models/billing/purchases.server");
const { invalidatePrefix } = await import("../../../app/lib/cache.server");
const { grantCreditPack, creditSummary, readLedger } = await import("../../../app/models/wallet/credits.server");
const { demoCreditPacks } = await import("../../../app/demo/credit-packs");

const SITE = "http://localhost:3000";
const outbox = createOutboxMailer({
  dir: join(mkdtempSync(join(tmpdir(), "staff-classes-")), "outbox"),
  from: "Stillhour <hello@stillhour.example>",
});
const anyDoc = z.record(z.unknown());
let address = 0;
let n = 0;

beforeAll(async () => {
  await seedDemoContent(getStore(), new Date());
  setMailerForTests(outbox);
});

/** A signed-in, onboarded staff member with these claims; answers the session cookie. */
async function staff(phone: string, claims: Record<string, boolean | string>): Promise<string> {
  const { uid, idToken } = await signInWithPhone(phone);
  await identity.setClaims(uid, claims);
  await savePrivateUser(uid, { firstName: "Staff", lastName: "Person", email: `${uid}@example.com` });
  const request = new Request(`${SITE}/api/session`, {
    method: "POST",
    headers: { Authorization: `Bearer ${idToken}`, Origin: SITE, "x-client-ip": `10.9.0.${++address}` },
  });
  const response = (await sessionRoute.action(routeArgs(request))) as Response;
  expect(response.status).toBe(200);
  return response.headers.get("Set-Cookie")!.split(";")[0];
}

async function liveClass(teacherId: string, studio: { studioId: string; roomId: string } | null = null) {
  n += 1;
  const id = `staff-change-${n}-${Date.now()}`;
  await getStore().set("classes", id, {
    id,
    title: `Staff Change ${n}`,
    teacherId,
    modality: "meditation",
    startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    durationMinutes: 45,
    description: "",
    capacity: 10,
    timeZone: "America/New_York",
    ...(studio ? { ...studio, creditCost: 1 } : {}),
  });
  return id;
}

function post(cookie: string, fields: Record<string, string>) {
  const request = new Request(`${SITE}/staff/classes`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: SITE, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  return settle(staffRoute.action(routeArgs(request))).then(
    (answer) => answer as Response | { init: { status?: number } | null; data: unknown },
  );
}

async function listed(cookie: string): Promise<string[]> {
  // The schedule is cached for 30 s; these classes were written straight into the store.
  invalidatePrefix("schedule:");
  const request = new Request(`${SITE}/staff/classes`, { headers: { Cookie: cookie } });
  const answer = (await staffRoute.loader(routeArgs(request))) as unknown as {
    data: { classes: Array<{ id: string }> };
  };
  return answer.data.classes.map((c) => c.id);
}

describe.skipIf(!haveEmulator)("who may change a class on /staff/classes", () => {
  it("refuses a facilitator's forged cancel for a class they don't teach with 403, changing nothing", async () => {
    const amara = await staff("+15550230701", { facilitator: true, teacherId: "teacher-amara" });
    const theirs = await liveClass("teacher-amara");
    const other = await liveClass("teacher-jonah");

    const forged = await post(amara, { intent: "cancel", classId: other, confirm: "yes" });
    expect(statusOf(forged)).toBe(403);
    expect(forged instanceof Response ? null : forged.data).toMatchObject({
      errors: { form: "You can change only the classes you teach. An admin can change any class." },
    });
    expect(await getClass(other)).toMatchObject({ status: "scheduled", sequence: 0, substituteTeacherId: null });
    const substitute = await post(amara, { intent: "substitute", classId: other, teacherId: "teacher-priya" });
    expect(statusOf(substitute)).toBe(403);
    expect(await getClass(other)).toMatchObject({ status: "scheduled", sequence: 0, substituteTeacherId: null });

    // Their own class they may change, and the page lists only what they may change.
    const own = await post(amara, { intent: "cancel", classId: theirs, confirm: "yes" });
    expect(statusOf(own)).toBe(302);
    expect(await getClass(theirs)).toMatchObject({ status: "cancelled" });
    const ids = await listed(amara);
    expect(ids).toContain(theirs);
    expect(ids).not.toContain(other);
  });

  it("gives a facilitator with no teacher named nothing to change, and an admin everything", async () => {
    const unnamed = await staff("+15550230702", { facilitator: true });
    const admin = await staff("+15550230703", { admin: true });
    const id = await liveClass("teacher-jonah");
    expect(await listed(unnamed)).toEqual([]);
    expect(statusOf(await post(unnamed, { intent: "cancel", classId: id, confirm: "yes" }))).toBe(403);
    expect(await getClass(id)).toMatchObject({ status: "scheduled" });
    expect(await listed(admin)).toContain(id);
    expect(statusOf(await post(admin, { intent: "substitute", classId: id, teacherId: "teacher-priya" }))).toBe(302);
    expect(await getClass(id)).toMatchObject({ substituteTeacherId: "teacher-priya" });
  });
});

describe.skipIf(!haveEmulator)("cancelling a studio class from /staff/classes", () => {
  it("returns the credits once, refunds the drop-in once and e-mails both holders once, under two posts at the same moment", async () => {
    const admin = await staff("+15550230704", { admin: true });
    const classId = await liveClass("teacher-amara", { studioId: "lantern-yard", roomId: "sun-room" });
    const now = new Date();

    // One holder pays with a credit, the other with a drop-in bought through the payment port.
    const holders: string[] = [];
    for (const name of ["credit", "dropin"]) {
      const uid = `staff-studio-${name}-${n}`;
      await savePrivateUser(uid, { firstName: name, lastName: "Holder", email: `${uid}@example.com` });
      const signed = await signWaiver({
        uid,
        studioId: "lantern-yard",
        version: 1,
        now,
        signer: { fullName: `${name} Holder`, email: `${uid}@example.com`, phoneNumber: null, birthday: "1990-01-01", minor: false },
        guardian: null,
      });
      expect(signed.ok).toBe(true);
      holders.push(uid);
    }
    const [creditHolder, dropInHolder] = holders;
    const pack = demoCreditPacks[0];
    expect(
      await grantCreditPack({
        purchaseId: `pur_staffcancel_${n}`,
        uid: creditHolder,
        kind: "credit_pack",
        itemId: pack.id,
        amount: pack.amount,
        currency: "usd",
        metadata: {},
        paidAt: now.getTime() - 1000,
      }),
    ).toMatchObject({ ok: true });
    const before = (await creditSummary(creditHolder, now)).balance;
    expect(await bookInPerson({ uid: creditHolder, classId, payment: { method: "credits", reference: "account" }, now })).toMatchObject({
      ok: true,
      status: "booked",
    });
    expect((await creditSummary(creditHolder, now)).balance).toBe(before - 1);

    const studio = (await getStudioById("lantern-yard"))!;
    const intent = intentId();
    const started = await startDropInPurchase({
      uid: dropInHolder,
      studio,
      classId,
      classTitle: "Staff Change",
      intentId: intent,
      returnPath: `/studios/lantern-yard/classes/${classId}`,
      purchaseId: purchaseIdFor(dropInHolder, intent),
    });
    expect(started.ok).toBe(true);
    const purchaseId = started.ok ? started.purchaseId : "";
    const sessionId = (await getPurchase(purchaseId))!.sessionId!;
    expect((await demo().pay(sessionId, GOOD_CARD)).ok).toBe(true);
    expect(await settlePaymentSession(sessionId)).toBe("fulfilled");
    expect(await getTicket(classId, dropInHolder)).toMatchObject({
      status: "booked",
      payment: { method: "drop_in", reference: purchaseId },
    });

    // Issue 34: the first press only asks, saying who is told and what goes back, and changes nothing.
    const asked = await post(admin, { intent: "cancel", classId });
    expect(statusOf(asked)).toBe(200);
    const confirmation = (asked as { data: { confirmation: { heading: string; facts: string[]; fields: string[][] } } }).data.confirmation;
    expect(confirmation.heading).toMatch(/^Cancel Staff Change \d+, /);
    expect(confirmation.facts).toEqual([
      "2 people booked and 0 people waiting will be e-mailed that it is cancelled.",
      "1 place was paid with credits: 1 credit goes back to that member.",
      expect.stringMatching(/^1 drop-in is refunded: \$\d+(\.\d\d)? in all\.$/),
      "A cancelled class can't be put back on the schedule.",
    ]);
    expect(confirmation.fields).toEqual([
      ["intent", "cancel"],
      ["classId", classId],
    ]);
    expect(await getClass(classId)).toMatchObject({ status: "scheduled", sequence: 0 });
    expect(await getTicket(classId, dropInHolder)).toMatchObject({ status: "booked" });
    expect((await creditSummary(creditHolder, now)).balance).toBe(before - 1);
    for (const uid of holders)
      expect(
        (await outbox.read({ to: `${uid}@example.com` })).filter((mail) => mail.subject.startsWith("Cancelled:")),
        uid,
      ).toEqual([]);

    // Two staff confirm "Cancel" at once.
    const answers = await Promise.all([
      post(admin, { intent: "cancel", classId, confirm: "yes" }),
      post(admin, { intent: "cancel", classId, confirm: "yes" }),
    ]);
    expect(answers.map(statusOf).sort()).toEqual([302, 409]);
    // And a replay afterwards changes nothing more; unconfirmed, it is refused as the change would be.
    expect(statusOf(await post(admin, { intent: "cancel", classId, confirm: "yes" }))).toBe(409);
    expect(statusOf(await post(admin, { intent: "cancel", classId }))).toBe(409);

    expect(await getTicket(classId, creditHolder)).toMatchObject({ status: "cancelled" });
    expect(await getTicket(classId, dropInHolder)).toMatchObject({ status: "cancelled" });
    expect(await getStore().get(IN_PERSON_SEATS, classId, anyDoc)).toMatchObject({ booked: 0, waitlist: [] });

    // Credits: back once, through the ledger.
    expect((await creditSummary(creditHolder, now)).balance).toBe(before);
    const refunds = (await readLedger(getStore(), creditHolder)).entries.filter((entry) => entry.kind === "refund");
    expect(refunds).toHaveLength(1);

    // Drop-in: refunded once at the provider, and no longer usable for another class.
    const { docs: providerRefunds } = await getStore().query("demoPaymentsRefunds", anyDoc, {
      where: [{ field: "sessionId", op: "==", value: sessionId }],
    });
    expect(providerRefunds).toHaveLength(1);
    expect(await getStore().get(STUDIO_TRANSACTIONS, purchaseId, anyDoc)).toMatchObject({ status: "refunded" });
    expect(await getPurchase(purchaseId)).toMatchObject({ status: "refunded" });

    // Each holder hears once.
    for (const uid of holders) {
      const mails = (await outbox.read({ to: `${uid}@example.com` })).filter((mail) => mail.subject.startsWith("Cancelled:"));
      expect(mails, uid).toHaveLength(1);
    }
    const creditMail = (await outbox.read({ to: `${creditHolder}@example.com` })).find((mail) => mail.subject.startsWith("Cancelled:"))!;
    expect(creditMail.text).toContain("1 credit");
    const dropInMail = (await outbox.read({ to: `${dropInHolder}@example.com` })).find((mail) => mail.subject.startsWith("Cancelled:"))!;
    expect(dropInMail.text).toContain("refund");
  });
});
