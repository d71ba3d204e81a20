import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { unzipSync, strFromU8 } from "fflate";
import { DEMO_SECRET, GOOD_CARD, demo, getStore, intentId, newMember, seedPlans } from "../../support/payments";
import { haveEmulator, signInWithPhone } from "../../support/auth-emulator";
import { staffSession } from "../../support/staff-session";
import { routeArgs, settle, statusOf } from "../../support/route-call";

// One member with one of everything the site can hold about a person, deleted from settings; then
// every collection of the store is read, whatever its name, for anything that still points at them.
const identity = await import("../../../app/services/identity/index.server");
const { createOutboxMailer } = await import("../../../app/services/mail/outbox.server");
const { setMailerForTests } = await import("../../../app/services/mail/index.server");
const { DEMO_CUSTOMERS, DEMO_EVENTS } = await import("../../../app/services/payments/demo.server");
const { signPayload } = await import("../../../app/services/payments/events.server");
const { setPaymentProviderForTests } = await import("../../../app/services/payments/index.server");
const { PaymentError } = await import("../../../app/services/payments/port");
const { ACCOUNT_DELETIONS } = await import("../../../app/models/privacy/account-deletion.server");
const { deleteIdleAnonymousAccounts } = await import("../../../app/models/privacy/account-cleanup.server");
const { memberDataZip } = await import("../../../app/models/privacy/data-export.server");
const { ERRORS } = await import("../../../app/lib/errors");
const { claimUsername, getPrivateUser, savePrivateUser } = await import("../../../app/models/identity/user.server");
const membership = await import("../../../app/models/billing/membership.server");
const { checkPromotionCode, PROMOTION_CODES } = await import("../../../app/models/billing/promotion-code.server");
const { getPlan } = await import("../../../app/models/billing/plan.server");
const { PURCHASES, startPurchase } = await import("../../../app/models/billing/purchases.server");
const gifts = await import("../../../app/models/wallet/gifts.server");
const { CREDIT_PACKS, USER_CREDIT_PACKS, CLASS_CREDITS, getCreditPack } = await import("../../../app/models/wallet/credits.server");
const { ensureReferralCode, recordReferral } = await import("../../../app/models/wallet/referrals.server");
const { bookClass, bookingFor } = await import("../../../app/models/classes/booking.server");
const { saveProgress, setFavorite } = await import("../../../app/models/on-demand/watch-history.server");
const { bookInPerson, getTicket } = await import("../../../app/models/studios/in-person-tickets.server");
const { STUDIOS, STUDIO_TRANSACTIONS } = await import("../../../app/models/studios/studio-records");
const { WAIVERS, WAIVER_HEADS, signWaiver } = await import("../../../app/models/studios/waiver.server");
const { checkIn } = await import("../../../app/models/studios/check-in.server");
const { recordOnDemandCompleted } = await import("../../../app/models/engagement/practice-events.server");
const { listPractice, recordPractice, updatePracticeSettings } = await import("../../../app/models/engagement/practice.server");
const { companionKey, companionScores, inviteCompanion } = await import("../../../app/models/engagement/companions.server");
const { joinChallenge } = await import("../../../app/models/engagement/challenges.server");
const { followTeacher } = await import("../../../app/models/engagement/following.server");
const { fulfilStudioPurchase, startDropInPurchase, startMembershipPurchase } =
  await import("../../../app/models/studios/studio-purchases.server");
const { deliverSignedEvents, reconcilePayments } = await import("../../../app/models/checkout/payment-webhook.server");
const { recordEvent, saveCollectedUpload } = await import("../../../app/platform/analytics-event.server");
const { createLead } = await import("../../../app/models/content/lead.server");
const { demoGiftTypes } = await import("../../../app/demo/gifts");
const { demoCreditPacks } = await import("../../../app/demo/credit-packs");
const { demoStudios, demoWaivers } = await import("../../../app/demo/studios");
const { demoPromotionCodes } = await import("../../../app/demo/promotion-codes");
const { USER_SURVEYS, SURVEY_QUESTIONS, SURVEY_CAMPAIGNS } = await import("../../../app/models/engagement/surveys");
const { answerSurvey, surveyForMember } = await import("../../../app/models/engagement/surveys.server");
const { demoSurveyCampaigns, demoSurveyQuestions } = await import("../../../app/demo/surveys");
const { assignStudios, setRoles } = await import("../../../app/models/staff/people.server");
const { assignCohost } = await import("../../../app/models/staff/cohost.server");
const { sendClassNote } = await import("../../../app/models/staff/class-notes.server");
const { requestEmailChange } = await import("../../../app/models/identity/email-change.server");
const { DATA_INVENTORY, inventoryEntry, personalCollections } = await import("../../../app/lib/data-inventory");
const settingsRoute = await import("~/routes/settings/route");
const myDataRoute = await import("~/routes/settings_.my-data/route");
const sessionRoute = await import("~/routes/api.session/route");
const webhookRoute = await import("~/routes/api.payments.webhook/route");

const SITE = "http://localhost:3000";
const anything = z.record(z.unknown());
const HOUR = 3_600_000;

const tag = randomBytes(3).toString("hex");
const person = {
  firstName: "Ysolde",
  lastName: "Quillfeather",
  email: `ysolde.quillfeather.${tag}@example.com`,
  phone: `+1555012${String(Number.parseInt(tag, 16) % 10_000).padStart(4, "0")}`,
  birthday: "1988-03-14",
};
let uid = "";
let customerId = "";
let subscriptionId = "";

/** Everything the store holds, collection by collection, read through the store itself. */
async function everything(): Promise<Map<string, Map<string, Record<string, unknown>>>> {
  const store = getStore();
  const out = new Map<string, Map<string, Record<string, unknown>>>();
  for (const collection of await store.listCollections()) {
    const { docs } = await store.query(collection, anything);
    out.set(collection, new Map(docs.map((doc) => [doc.id, doc.data])));
  }
  return out;
}

/**
 * Every document, in any collection, whose id or fields still carry the person's uid, phone, e-mail
 * or either name. The payment provider's own books (the demo stands in for Stripe's) may keep the
 * uid our checkouts sent it as metadata, and nothing else of the person.
 */
async function traces(
  who: { uid: string; phone: string; email: string; firstName: string; lastName: string } = { ...person, uid },
): Promise<string[]> {
  const found: string[] = [];
  const needles: Array<[string, string]> = [
    ["uid", who.uid.toLowerCase()],
    ["phone", who.phone.slice(2)],
    ["e-mail", who.email],
    ["first name", who.firstName.toLowerCase()],
    ["last name", who.lastName.toLowerCase()],
  ];
  const KIND: Record<string, string> = { uid: "uid", phone: "phone", "e-mail": "email", "first name": "name", "last name": "name" };
  for (const [collection, docs] of await everything()) {
    // What the inventory says deletion keeps, and why (the provider's books keep our former uid).
    const rule = inventoryEntry(collection)?.deletion;
    const kept: readonly string[] = rule?.rule === "keep" ? rule.keeps : [];
    for (const [id, data] of docs) {
      const text = `${id} ${JSON.stringify(data)}`.toLowerCase();
      for (const [what, needle] of needles) {
        if (kept.includes(KIND[what])) continue;
        if (text.includes(needle)) found.push(`${collection}/${id}: ${what}`);
      }
    }
  }
  return found.sort();
}

/** The settings action as a browser posts it, answered as the route answers (a thrown redirect included). */
async function postSettings(cookie: string, fields: Record<string, string>) {
  return await settle(
    settingsRoute.action(
      routeArgs(
        new Request(`${SITE}/settings`, {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { Cookie: cookie, Origin: SITE },
        }),
      ),
    ),
  );
}
const dataOf = (result: unknown) => (result as { data: { form: string; errors: Record<string, string>; code?: string } }).data;

async function signedInCookie(): Promise<string> {
  return signedInCookieFor(person.phone);
}

async function signedInCookieFor(phone: string): Promise<string> {
  const { idToken } = await signInWithPhone(phone);
  const synced = (await sessionRoute.action(
    routeArgs(
      new Request(`${SITE}/api/session`, {
        method: "POST",
        headers: { Authorization: `Bearer ${idToken}`, Origin: SITE, "x-client-ip": `10.9.0.${tag.length}` },
      }),
    ),
  )) as Response;
  expect(synced.status).toBe(200);
  return synced.headers.get("Set-Cookie")!.split(";")[0];
}

/** Pays a hosted demo page and lets the provider's events arrive, as the buyer's browser would. */
async function pay(url: string) {
  const paid = await demo().pay(new URL(url).pathname.split("/").pop()!, GOOD_CARD);
  if (!paid.ok) throw new Error(paid.reason);
  await deliverSignedEvents(paid.deliveries);
}

async function liveClass(id: string, fields: Record<string, unknown>) {
  await getStore().set("classes", id, {
    id,
    title: `Deletion test ${id}`,
    teacherId: "teacher-amara",
    modality: "meditation",
    startsAt: new Date(Date.now() + 7 * 24 * HOUR).toISOString(),
    durationMinutes: 30,
    capacity: 5,
    timeZone: "UTC",
    ...fields,
  });
  return id;
}

afterEach(() => vi.restoreAllMocks());

describe.skipIf(!haveEmulator)("deleting an account", () => {
  const otherMember = { referrer: "", friend: "", waiting: "", booked: "" };
  const classes = { mine: `del-${tag}-mine`, theirs: `del-${tag}-theirs`, credits: `del-${tag}-credits`, past: `del-${tag}-past` };
  const studio = { dropIn: `del-${tag}-dropin`, today: `del-${tag}-today`, full: `del-${tag}-full` };
  let scheduledGiftId = "";

  beforeAll(async () => {
    setMailerForTests(
      createOutboxMailer({
        dir: join(mkdtempSync(join(tmpdir(), "deletion-mail-")), "outbox"),
        from: "Stillhour <hello@stillhour.example>",
      }),
    );
    await seedPlans();
    const store = getStore();
    for (const type of demoGiftTypes) await store.createIfAbsent(gifts.GIFT_TYPES, type.id, { ...type });
    for (const pack of demoCreditPacks) await store.createIfAbsent(CREDIT_PACKS, pack.id, { ...pack });
    for (const code of demoPromotionCodes) await store.createIfAbsent(PROMOTION_CODES, code.code, { ...code });
    for (const s of demoStudios) await store.set(STUDIOS, s.id, { ...s });
    for (const waiver of demoWaivers) {
      await store.set(WAIVERS, waiver.id, { ...waiver });
      await store.set(WAIVER_HEADS, waiver.studioId, { studioId: waiver.studioId, version: waiver.version });
    }

    // The person: a sign-in account, a profile, a username.
    uid = (await signInWithPhone(person.phone)).uid;
    await savePrivateUser(uid, {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      birthday: person.birthday,
      phoneNumber: person.phone,
      mostRecentTimeZone: "Europe/London",
    });
    expect(await claimUsername(uid, `ysolde_${tag}`)).toEqual({ ok: true });

    // Invited by a friend, and inviting another.
    otherMember.referrer = await newMember("Rook");
    otherMember.friend = await newMember("Fenwick");
    expect(await recordReferral(await ensureReferralCode(otherMember.referrer), uid)).toBe(true);
    expect(await recordReferral(await ensureReferralCode(uid), otherMember.friend)).toBe(true);

    // A membership, paid at once with a promotion code, on the demo provider; then the win-back offer.
    const plan = (await getPlan("monthly-no-trial"))!;
    const check = await checkPromotionCode({ typed: "TENOFF", plan, uid, isNewMember: true, now: Math.floor(Date.now() / 1000) });
    if (check.outcome !== "accepted") throw new Error(`TENOFF: ${check.outcome}`);
    const started = await membership.startSubscriptionCheckout({ uid, planId: plan.id, discount: check.discount, intentId: intentId() });
    if (!started.ok) throw new Error(started.reason);
    await pay(started.url);
    const member = (await membership.getMembership(uid))!;
    expect(member.status).toBe("active");
    customerId = member.customerId;
    subscriptionId = member.subscriptionId!;
    expect((await membership.applyWinback(uid)).ok).toBe(true);

    // A gift bought for someone by e-mail today, one scheduled for later, and one received.
    const giftType = (await gifts.getGiftType("three-months"))!;
    const order = (overrides: Partial<Parameters<typeof gifts.orderGift>[0]["order"]>) =>
      gifts.orderGift({
        uid,
        buyerName: `${person.firstName} ${person.lastName}`,
        buyerZone: "Europe/London",
        order: {
          giftType,
          method: "email",
          recipientName: "Juno Okafor",
          recipientEmail: `juno.${tag}@example.com`,
          message: `Love, ${person.firstName}`,
          deliverAt: Date.now(),
          forSelf: false,
          intentId: intentId(),
          ...overrides,
        },
      });
    const now = await order({});
    if (!now.ok) throw new Error(now.message);
    await pay(now.url);
    const later = await order({ deliverAt: Date.now() + 30 * 24 * HOUR });
    if (!later.ok) throw new Error(later.message);
    await pay(later.url);
    scheduledGiftId = later.purchaseId;
    const received = await gifts.orderGift({
      uid: otherMember.referrer,
      buyerName: "Rook Lovelace",
      buyerZone: "UTC",
      order: {
        giftType,
        method: "link",
        recipientName: person.firstName,
        recipientEmail: person.email,
        message: `For you, ${person.firstName} ${person.lastName}`,
        deliverAt: null,
        forSelf: false,
        intentId: intentId(),
      },
    });
    if (!received.ok) throw new Error(received.message);
    await pay(received.url);
    expect((await gifts.redeemGift({ giftId: received.purchaseId, uid, zone: "Europe/London" })).ok).toBe(true);

    // A class pack, a live class paid with one of its credits, a live class on the membership with
    // someone waiting behind, a place in line for another, and a class already past.
    const pack = (await getCreditPack("five-classes"))!;
    const bought = await startPurchase({
      uid,
      item: { kind: "credit_pack", itemId: pack.id, name: pack.name, amount: pack.amount, currency: pack.currency },
      intentId: intentId(),
      successPath: "/credits",
      cancelPath: "/credits",
    });
    if (!bought.ok) throw new Error(bought.message);
    await pay(bought.url);
    await liveClass(classes.credits, { creditCost: 1 });
    expect(await bookClass({ uid, classId: classes.credits, now: new Date(), isMember: false })).toEqual({ ok: true, status: "booked" });
    otherMember.waiting = await newMember("Wilhelmina");
    otherMember.booked = await newMember("Barnaby");
    await liveClass(classes.mine, { capacity: 1 });
    expect(await bookClass({ uid, classId: classes.mine, now: new Date(), isMember: true })).toEqual({ ok: true, status: "booked" });
    expect(await bookClass({ uid: otherMember.waiting, classId: classes.mine, now: new Date(), isMember: true })).toMatchObject({
      status: "waitlisted",
    });
    await liveClass(classes.theirs, { capacity: 1 });
    expect(await bookClass({ uid: otherMember.booked, classId: classes.theirs, now: new Date(), isMember: true })).toEqual({
      ok: true,
      status: "booked",
    });
    expect(await bookClass({ uid, classId: classes.theirs, now: new Date(), isMember: true })).toMatchObject({ status: "waitlisted" });
    const yesterday = Date.now() - 24 * HOUR;
    await liveClass(classes.past, { startsAt: new Date(yesterday).toISOString() });
    expect(await bookClass({ uid, classId: classes.past, now: new Date(yesterday - HOUR), isMember: true })).toEqual({
      ok: true,
      status: "booked",
    });

    // A studio: the waiver signed, a drop-in bought (and booked), a studio membership, and a ticket
    // paid with a credit for a class today, checked in at the desk.
    const signed = await signWaiver({
      uid,
      studioId: "lantern-yard",
      version: 1,
      now: new Date(),
      signer: {
        fullName: `${person.firstName} ${person.lastName}`,
        email: person.email,
        phoneNumber: person.phone,
        birthday: person.birthday,
        minor: false,
      },
      guardian: null,
    });
    expect(signed.ok).toBe(true);
    const lantern = demoStudios.find((s) => s.id === "lantern-yard")!;
    await liveClass(studio.dropIn, { studioId: "lantern-yard", roomId: "sun-room", timeZone: lantern.timeZone, capacity: 1 });
    await liveClass(studio.full, { studioId: "lantern-yard", roomId: "sun-room", timeZone: lantern.timeZone, capacity: 1 });
    const dropInIntent = intentId();
    const dropIn = await startDropInPurchase({
      uid,
      studio: lantern,
      classId: studio.dropIn,
      classTitle: "Drop-in sit",
      intentId: dropInIntent,
      returnPath: "/studios/lantern-yard",
      purchaseId: "pur_000000000000000000000000",
    });
    if (!dropIn.ok) throw new Error(dropIn.message);
    await pay(dropIn.url);
    expect(await getTicket(studio.dropIn, uid)).toMatchObject({ status: "booked", payment: { method: "drop_in" } });
    const studioPlan = await startMembershipPurchase({
      uid,
      studio: lantern,
      offerId: "lantern-unlimited-monthly",
      intentId: intentId(),
      returnPath: "/studios/lantern-yard",
      purchaseId: "pur_000000000000000000000000",
    });
    if (!studioPlan.ok) throw new Error(studioPlan.message);
    await pay(studioPlan.url);
    // Someone waits behind their drop-in's seat; they wait behind someone else's.
    const studioMember = async (who: string) => {
      await signWaiver({
        uid: who,
        studioId: "lantern-yard",
        version: 1,
        now: new Date(),
        signer: { fullName: `Member ${who}`, email: null, phoneNumber: null, birthday: "1990-01-01", minor: false },
        guardian: null,
      });
      const purchaseId = `pur_${randomBytes(12).toString("hex")}`;
      await fulfilStudioPurchase({
        purchaseId,
        uid: who,
        kind: "studio_membership",
        itemId: "lantern-unlimited-monthly",
        amount: 14900,
        currency: "usd",
        metadata: { studioId: "lantern-yard", days: "30" },
        paidAt: Date.now() - 1000,
      });
      return { method: "membership" as const, reference: purchaseId };
    };
    expect(
      await bookInPerson({
        uid: otherMember.waiting,
        classId: studio.dropIn,
        payment: await studioMember(otherMember.waiting),
        now: new Date(),
      }),
    ).toMatchObject({ status: "waitlisted" });
    expect(
      await bookInPerson({
        uid: otherMember.booked,
        classId: studio.full,
        payment: await studioMember(otherMember.booked),
        now: new Date(),
      }),
    ).toMatchObject({ status: "booked" });
    expect(
      await bookInPerson({
        uid,
        classId: studio.full,
        payment: { method: "membership", reference: studioPlan.purchaseId },
        now: new Date(),
      }),
    ).toMatchObject({ status: "waitlisted" });
    const startsSoon = new Date(Date.now() + HOUR);
    await liveClass(studio.today, {
      studioId: "lantern-yard",
      roomId: "nook",
      timeZone: lantern.timeZone,
      startsAt: startsSoon.toISOString(),
      creditCost: 1,
    });
    expect(
      await bookInPerson({ uid, classId: studio.today, payment: { method: "credits", reference: "account" }, now: new Date() }),
    ).toMatchObject({ ok: true, status: "booked" });
    expect(
      await checkIn({
        staffUid: "staff-desk",
        studioId: "lantern-yard",
        now: startsSoon,
        ticketId: `${studio.today}:${uid}`,
        method: "tap",
      }),
    ).toMatchObject({ ok: true });

    // On demand: a class part-watched, a favourite.
    const watched = await saveProgress(
      uid,
      { slug: "morning-sit", durationSeconds: 600, seriesId: null },
      { position: "120", viewing: `viewing-${tag}`, seq: "1", events: "Started" },
    );
    expect(watched.ok).toBe(true);
    await setFavorite(uid, "class", "morning-sit", true);

    // Practice (issue 27): a finished class with its milestone, and their own settings.
    expect(
      (
        await recordOnDemandCompleted(
          uid,
          { slug: "morning-sit", title: "Morning Sit", durationSeconds: 600, seriesId: null },
          `viewing-${tag}-done`,
          "Europe/London",
        )
      ).granted,
    ).toContain("classes-1");
    await updatePracticeSettings(uid, (current) => ({ ...current, showDaily: true }));
    // A challenge round joined (its record and its event), which deletion forgets too.
    const round = {
      slug: "deletion-month",
      title: "Deletion Month",
      summary: "A month.",
      description: "",
      teacherIds: [],
      tiers: [5],
      firstMonth: "2026-01",
      lastMonth: null,
      membersOnly: false,
      order: 0,
    };
    expect((await joinChallenge(uid, round, await listPractice(uid), "Europe/London")).ok).toBe(true);
    await followTeacher(uid, "teacher-amara", true);
    // Companions (ADR 049): two live classes shared with someone whose cached scores carry the uid, and an invitation to them.
    const friend = `friend-${tag}`;
    for (const i of [1, 2]) {
      for (const who of [uid, friend])
        await recordPractice({
          uid: who,
          source: "live",
          eventId: `shared-${tag}-${i}`,
          classRef: `shared-${tag}-${i}`,
          title: "Shared",
          at: Date.now() + i,
          zone: "UTC",
          minutes: 20,
        });
    }
    expect((await companionScores(friend)).map((s) => s.uid)).toEqual([uid]);
    expect(await inviteCompanion(uid, companionKey(uid, friend))).toMatchObject({ ok: true, done: "invited" });

    expect((await companionScores(uid)).map((s) => s.uid)).toEqual([friend]);

    // Surveys (issue 27): the demo survey shown and answered, free text included.
    for (const question of demoSurveyQuestions) await store.set(SURVEY_QUESTIONS, question.id, { ...question });
    for (const campaign of demoSurveyCampaigns) await store.set(SURVEY_CAMPAIGNS, campaign.id, { ...campaign });
    await store.set(USER_SURVEYS, uid, { arm: "show-surveys" });
    const survey = (await surveyForMember({ uid, isSubscribed: true }))!;
    const q = (n: number) => `${survey.campaign.id}__q${n}`;
    expect(
      await answerSurvey(uid, survey.campaign.id, {
        [q(1)]: "Early morning",
        [q(2)]: ["Breath work"],
        [q(3)]: "4",
        [q(4)]: `${person.firstName} here: more evening sits, please.`,
      }),
    ).toEqual({ ok: true, already: false });

    // Staff (issue 26): roles from another admin, a studio's front desk, a cohost place, a note to a class.
    const admin = await staffSession({ admin: true }, SITE, "Ottoline");
    const actor = { uid: admin.uid, name: "Ottoline Person", role: "admin" as const };
    expect(await setRoles(actor, admin.uid, ["admin"])).toMatchObject({ ok: true });
    expect(await setRoles(actor, uid, ["admin", "cohost", "studioStaff"])).toMatchObject({ ok: true });
    expect(await assignStudios(actor, uid, ["lantern-yard"])).toMatchObject({ ok: true, changed: true });
    expect(await assignCohost(actor, { intent: "add-cohost", classId: classes.theirs, uid })).toMatchObject({ ok: true, changed: true });
    const asStaff = { uid, name: `${person.firstName} ${person.lastName}`, role: "admin" as const };
    expect(
      await sendClassNote({ roles: ["admin"], teacherId: null }, asStaff, {
        classId: classes.mine,
        note: "The room is warm; bring water.",
      }),
    ).toMatchObject({ ok: true });

    // A new e-mail address waiting for its link, and the plan cancelled and resumed (the cancellation is counted).
    expect(await requestEmailChange({ uid, email: `ysolde.next.${tag}@example.com` })).toBe("sent");
    expect((await membership.cancelMembership(uid)).ok).toBe(true);
    expect((await membership.resumeMembership(uid)).ok).toBe(true);

    // Analytics, recorded here and uploaded by the browser; and the e-book lead under their address.
    await recordEvent({ name: "Deletion_Test_Event", properties: { where: "settings" } }, { uid });
    await saveCollectedUpload(
      `deletion-${tag}`,
      [
        {
          event_type: "Web_Page_View",
          time: Date.now(),
          user_id: uid,
          user_properties: { email: person.email, phone: person.phone, name: `${person.firstName} ${person.lastName}` },
        },
      ],
      Date.now(),
      Date.now(),
    );
    await createLead({ email: person.email, firstName: person.firstName }, "mental-detox-ebook");
  }, 120_000);

  it("refuses a deletion on a sign-in older than five minutes, with a sentence asking to sign in again, and deletes nothing", async () => {
    const cookie = await signedInCookie();
    const before = await everything();
    const realNow = Date.now();
    // Five minutes and ten seconds on: past the 300 s rule and the 5 s of clock skew it allows.
    vi.spyOn(Date, "now").mockReturnValue(realNow + 310_000);
    const refused = await postSettings(cookie, { intent: "delete", confirm: "DELETE" });
    vi.restoreAllMocks();
    const catalogue = ERRORS as Record<string, { status: number; message: string } | undefined>;
    expect(statusOf(refused)).toBe(403);
    expect(dataOf(refused)).toMatchObject({ values: { intent: "delete" }, errors: { confirm: catalogue.sign_in_again?.message } });
    expect(catalogue.sign_in_again?.message).toMatch(/sign in again/);
    expect(await identity.getAccount(uid)).not.toBeNull();
    expect(await everything()).toEqual(before);

    // The button beside the sentence ends this session and asks for a sign-in that comes back here.
    const again = await postSettings(cookie, { intent: "sign-in-again" });
    expect(statusOf(again)).toBe(302);
    expect((again as Response).headers.get("Location")).toBe(`/sign-in?next=${encodeURIComponent("/settings#delete")}`);
    expect((again as Response).headers.get("Set-Cookie")).toMatch(/^__session=/);
  });

  it("gives the member everything the inventory says is theirs: a zip of JSON and CSV with a README, after a fresh sign-in, three times an hour", async () => {
    let cookie = await signedInCookie();
    const post = async (intent: string) => {
      return (await settle(
        myDataRoute.action(
          routeArgs(
            new Request(`${SITE}/settings/my-data`, {
              method: "POST",
              body: new URLSearchParams({ intent }),
              headers: { Cookie: cookie, Origin: SITE },
            }),
          ),
        ),
      )) as Response;
    };
    // A sign-in older than five minutes goes back to the settings section, which says why.
    const realNow = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(realNow + 310_000);
    const stale = await post("download");
    vi.restoreAllMocks();
    expect(stale.status).toBe(302);
    expect(stale.headers.get("Location")).toBe("/settings?data=sign_in_again_export#data");
    const again = await post("sign-in-again");
    expect(again.headers.get("Location")).toBe(`/sign-in?next=${encodeURIComponent("/settings#data")}`);
    cookie = await signedInCookie();

    const answered = await post("download");
    expect(answered.status).toBe(200);
    expect(answered.headers.get("Content-Type")).toBe("application/zip");
    expect(answered.headers.get("Content-Disposition")).toMatch(/^attachment; filename="stillhour-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(answered.headers.get("Cache-Control")).toBe("private, no-store");
    const zip = unzipSync(new Uint8Array(await answered.arrayBuffer()));
    const files = new Map(Object.entries(zip).map(([name, bytes]) => [name.split("/").pop()!, strFromU8(bytes)]));
    const readme = files.get("README.txt")!;
    expect(readme).toMatch(/^Your data from Stillhour/);
    // Made on the person's own day, in words, never in UTC (issue 34).
    expect(readme).toMatch(/^Made on .+ \((GMT|.+ time)\)\./m);
    expect(readme).not.toMatch(/UTC/);
    const late = await memberDataZip(uid, "America/Los_Angeles", new Date("2026-11-01T06:30:00Z"));
    expect(late.filename).toBe("stillhour-data-2026-10-31.zip");
    expect(strFromU8(unzipSync(late.zip)["stillhour-data-2026-10-31/README.txt"])).toContain(
      "Made on Saturday 31 October, 11:30 pm (Los Angeles time).",
    );
    expect(JSON.parse(files.get("account.json")!)).toMatchObject({ uid, phoneNumber: person.phone });

    // Every collection the inventory says holds something of a person, and exports, is there with their rows.
    const exported = personalCollections().filter((entry) => entry.export.rule !== "none");
    expect(exported.length).toBeGreaterThan(40);
    const empty: string[] = [];
    for (const { collection } of exported) {
      const rows = JSON.parse(files.get(`${collection}.json`) ?? "[]") as unknown[];
      if (rows.length === 0) empty.push(collection);
      else {
        expect(files.get(`${collection}.csv`)!.split("\r\n").length, collection).toBeGreaterThanOrEqual(rows.length + 1);
        expect(readme, collection).toContain(`${collection}.json, ${collection}.csv:`);
      }
    }
    expect(empty).toEqual([]);
    const text = [...files.values()].join("\n");
    for (const mine of [uid, person.email, person.lastName, "more evening sits", "Early morning", "The room is warm"])
      expect(text).toContain(mine);
    // Nobody else's uid, and no code that works like a key.
    for (const other of [otherMember.referrer, otherMember.friend, otherMember.waiting, otherMember.booked, `friend-${tag}`])
      expect(text).not.toContain(other);
    expect(JSON.parse(files.get("gifts.json")!).every((gift: Record<string, unknown>) => !("code" in gift))).toBe(true);
    expect(JSON.parse(files.get("emailConfirmations.json")!)[0]).not.toHaveProperty("tokenHash");

    // Three downloads an hour per account; the fourth goes back with its sentence.
    expect((await post("download")).status).toBe(200);
    expect((await post("download")).status).toBe(200);
    const limited = await post("download");
    expect(limited.status).toBe(302);
    expect(limited.headers.get("Location")).toBe("/settings?data=data_export_limited#data");
  });

  it("deletes a member with one of everything: nothing anywhere still carries their uid, phone, e-mail or name, and the money records stay under a pseudonym", async () => {
    const before = await traces();
    // The fixture really does reach every kind of record: the scan finds the person in exactly the
    // collections the data inventory says hold something of a person (ADR 055), but for the job
    // document, which exists only while a deletion runs, and public teacher pages, which they have none of.
    const reached = [...new Set(before.map((trace) => trace.split("/")[0]))].filter(
      (collection) => inventoryEntry(collection)?.domain !== "payment provider",
    );
    const personal = personalCollections().filter((entry) => entry.collection !== ACCOUNT_DELETIONS && entry.deletion.rule !== "keep");
    expect(reached.sort()).toEqual(personal.map((entry) => entry.collection).sort());
    expect(DATA_INVENTORY.length).toBeGreaterThan(personal.length);

    const deleted = await postSettings(await signedInCookie(), { intent: "delete", confirm: "DELETE" });
    expect(statusOf(deleted)).toBe(302);
    expect((deleted as Response).headers.get("Location")).toBe("/signed-out");

    expect(await traces()).toEqual([]);
    expect(await identity.getAccount(uid)).toBeNull();
    expect(await getPrivateUser(uid)).toBeNull();

    // No further charge: the plan ended at the provider at once, and the customer (name, e-mail) is gone.
    expect(await demo().getSubscription(subscriptionId)).toMatchObject({ status: "canceled", endedAt: expect.any(Number) });
    expect(await demo().chargeNextPeriod(subscriptionId)).toEqual({ ok: false });
    expect((await everything()).get(DEMO_CUSTOMERS)?.get(customerId)).toBeUndefined();
    expect(await membership.memberForCustomer(customerId)).toBeNull();

    // The money records stay, each under one pseudonym for the whole person.
    const store = await everything();
    const pseudonyms = new Set<string>();
    for (const [collection, field] of [
      [PURCHASES, "uid"],
      [STUDIO_TRANSACTIONS, "uid"],
      [USER_CREDIT_PACKS, "uid"],
      [CLASS_CREDITS, "uid"],
      [gifts.GIFTS, "buyerUid"],
    ] as const) {
      const kept = [...(store.get(collection)?.values() ?? [])]
        .map((doc) => String(doc[field]))
        .filter((value) => value.startsWith("deleted-"));
      expect(kept.length, collection).toBeGreaterThan(0);
      kept.forEach((value) => pseudonyms.add(value));
    }
    expect(pseudonyms.size).toBe(1);
    const [pseudonym] = pseudonyms;
    const purchases = [...store.get(PURCHASES)!.values()].filter((p) => p.uid === pseudonym);
    expect(purchases.map((p) => p.kind).sort()).toEqual(["credit_pack", "gift", "gift", "studio_membership", "studio_ticket"]);
    expect(purchases.every((p) => p.status === "paid")).toBe(true);

    // Others keep what is theirs: the seat given up went to the first in line, the place in line was
    // let go, the gift to someone else still arrives, from no one named.
    expect(await bookingFor(otherMember.waiting, classes.mine)).toEqual({ status: "booked" });
    expect(await bookingFor(otherMember.booked, classes.theirs)).toEqual({ status: "booked" });
    expect(await getTicket(studio.dropIn, otherMember.waiting)).toMatchObject({ status: "booked", promoted: true });
    expect(await getTicket(studio.full, otherMember.booked)).toMatchObject({ status: "booked" });
    const scheduled = (await gifts.getGift(scheduledGiftId))!;
    expect(scheduled).toMatchObject({ state: "scheduled", buyerName: "", message: "", recipientEmail: `juno.${tag}@example.com` });
    expect(await gifts.deliverGift(scheduledGiftId, Date.now() + 31 * 24 * HOUR)).toBe("sent");
    expect(await traces()).toEqual([]);
  });

  it("brings nothing back when every payment event for them is delivered again, fresh or replayed, or reconciled", async () => {
    const kept = [...((await everything()).get(DEMO_EVENTS)?.entries() ?? [])].filter(([, e]) => String(e.payload).includes(customerId));
    const events = kept.map(([, e]) => e);
    // Checkouts, the subscription's own events, invoices, and the cancellation the deletion caused.
    expect(events.length).toBeGreaterThanOrEqual(8);
    expect(events.some((e) => e.type === "customer.subscription.deleted")).toBe(true);
    const before = await everything();

    const deliver = async (payload: string) => {
      const response = (await webhookRoute.action(
        routeArgs(
          new Request(`${SITE}/api/payments/webhook`, {
            method: "POST",
            body: payload,
            headers: { "Stripe-Signature": signPayload(payload, DEMO_SECRET!), "Content-Type": "application/json" },
          }),
        ),
      )) as Response;
      expect(response.status).toBe(200);
      return (await response.json()) as { outcome: string };
    };
    for (const event of events) {
      const payload = String(event.payload);
      expect((await deliver(payload)).outcome).toMatch(/^(duplicate|unknown_customer|ignored)$/);
      // The same event under a new id, as a provider retrying from scratch would send it.
      const fresh = JSON.stringify({ ...JSON.parse(payload), id: `evt_demo_${randomBytes(12).toString("hex")}` });
      expect(await deliver(fresh)).toMatchObject({ outcome: expect.stringMatching(/^(unknown_customer|ignored)$/) });
    }

    const after = await everything();
    const changed = [...after].flatMap(([collection, docs]) =>
      [...docs]
        .filter(([id, data]) => JSON.stringify(before.get(collection)?.get(id)) !== JSON.stringify(data))
        .map(([id, data]) => ({ collection, id, data })),
    );
    // Only the deliveries' own records (one per fresh id, one per event never delivered before): each names no one.
    const neverDelivered = kept.filter(([id]) => !before.get(membership.PAYMENT_EVENTS)?.has(id));
    expect(neverDelivered.map(([, e]) => e.type)).toEqual(["customer.subscription.deleted"]);
    expect(changed.every(({ collection, data }) => collection === membership.PAYMENT_EVENTS && data.uid === null)).toBe(true);
    expect(changed).toHaveLength(events.length + neverDelivered.length);

    const summary = await reconcilePayments({ sinceDays: 1 });
    expect(summary.failed).toBe(0);
    expect(await getPrivateUser(uid)).toBeNull();
    expect(await membership.getMembership(uid)).toBeNull();
    expect(await traces()).toEqual([]);
  });

  it("finishes a deletion the payment provider interrupted from the clean-up job, under the same pseudonym, with the plan still ended", async () => {
    const other = {
      firstName: "Tamsin",
      lastName: "Vantongeren",
      email: `tamsin.vantongeren.${tag}@example.com`,
      phone: `+1555013${String(Number.parseInt(tag, 16) % 10_000).padStart(4, "0")}`,
    };
    const otherUid = (await signInWithPhone(other.phone)).uid;
    await savePrivateUser(otherUid, { firstName: other.firstName, lastName: other.lastName, email: other.email, phoneNumber: other.phone });
    const started = await membership.startSubscriptionCheckout({ uid: otherUid, planId: "monthly", discount: null, intentId: intentId() });
    if (!started.ok) throw new Error(started.reason);
    await pay(started.url);
    const pack = (await getCreditPack("five-classes"))!;
    const bought = await startPurchase({
      uid: otherUid,
      item: { kind: "credit_pack", itemId: pack.id, name: pack.name, amount: pack.amount, currency: pack.currency },
      intentId: intentId(),
      successPath: "/credits",
      cancelPath: "/credits",
    });
    if (!bought.ok) throw new Error(bought.message);
    await pay(bought.url);
    const { subscriptionId: theirPlan } = (await membership.getMembership(otherUid))!;

    // The provider is away at the moment of deleting: the page says it will be finished, and is.
    setPaymentProviderForTests({ ...demo(), listSubscriptions: () => Promise.reject(new PaymentError("unavailable", "test")) });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const interrupted = await postSettings(await signedInCookieFor(other.phone), { intent: "delete", confirm: "DELETE" });
    setPaymentProviderForTests(undefined);
    expect(statusOf(interrupted)).toBe(503);
    const job = (await everything()).get(ACCOUNT_DELETIONS)?.get(otherUid);
    // The mapping went before the provider was asked, so no event finds them meanwhile; the job keeps
    // the customer to close and the pseudonym the rest will use.
    const theirCustomer = (await membership.getMembership(otherUid))!.customerId;
    expect(job).toMatchObject({
      uid: otherUid,
      pseudonym: expect.stringMatching(/^deleted-[0-9a-f]{24}$/),
      emails: [other.email],
      customerIds: [theirCustomer],
    });
    expect(await membership.memberForCustomer(theirCustomer)).toBeNull();

    const summary = await deleteIdleAnonymousAccounts({ onlyUids: new Set([otherUid]) });
    expect(summary).toMatchObject({ deletionJobsFound: 1, deletionJobsFinished: 1, failed: 0 });
    expect(await traces({ ...other, uid: otherUid })).toEqual([]);
    expect(await demo().getSubscription(theirPlan!)).toMatchObject({ status: "canceled" });
    const kept = [...(await everything()).get(PURCHASES)!.values()].filter((p) => p.uid === job!.pseudonym);
    expect(kept.map((p) => p.kind)).toEqual(["credit_pack"]);
  });
});
