import { BOOKING_LIMIT } from "~/models/classes/booking.server";
import { problemAfter } from "~/lib/errors";
import { z } from "zod";
import { getEnv } from "~/lib/env.server";
import { ordinal } from "~/models/classes/booking";
import { classState } from "~/models/classes/class-schedule";
import { getClass } from "~/models/classes/class-schedule.server";
import { creditsLabel } from "~/models/wallet/credit-pack";
import { creditSummary } from "~/models/wallet/credits.server";
import {
  bookInPerson,
  cancelTicket,
  getTicket,
  inPersonSeatsLeft,
  paymentOptions,
  waitlistPosition,
  type TicketPayment,
} from "~/models/studios/in-person-tickets.server";
import { settlePurchase } from "~/models/checkout/purchase-fulfilment.server";
import { isPurchaseId, purchaseIdFor } from "~/models/billing/purchases.server";
import { inPersonEventJsonLd, studioPlaceJsonLd } from "~/lib/seo";
import { TICKET_STATE_LABEL, formatMoney, isLateCancel, lateCancelDeadline, lateCancelSentence, studioTime } from "~/models/studios/studio";
import { getStudioBySlug, roomName } from "~/models/studios/studio.server";
import { startDropInPurchase } from "~/models/studios/studio-purchases.server";
import { getTeachersByIds } from "~/models/content/teacher.server";
import { sendTicketConfirmation } from "~/models/studios/ticket-mail.server";
import { zoneLabel } from "~/models/identity/time-zone";
import { readerZone } from "~/server/reader-zone.server";
import { getViewerState } from "~/server/viewer.server";
import { getCurrentWaiver, getSignature } from "~/models/studios/waiver.server";
import { newIntentId } from "~/models/billing/membership";
import { readSubmission, refuse } from "~/server/submission.server";
import { withFormMessage } from "~/lib/forms/submission";
import { redirect } from "@remix-run/node";

/**
 * One in-person class (issue 12): what it is on the studio's clock, seats left, and for a signed-in
 * member the booking: the ways they can pay here, the late-cancel deadline before they confirm, and
 * the studio's waiver first when they haven't signed its current version. Plain forms throughout.
 */

const NOTICES: Record<string, { tone: "success" | "error"; text: string }> = {
  booked: { tone: "success", text: "You're booked. Your ticket, with its check-in code, is below and in your e-mail." },
  waitlisted: {
    tone: "success",
    text: "The class is full, so you're on the waitlist. If a place frees up you're booked automatically and we'll e-mail you.",
  },
  cancelled: { tone: "success", text: "Your booking is cancelled, in good time: nothing is lost." },
  "late-cancelled": {
    tone: "success",
    text: "Your booking is cancelled. It was inside the late-cancel window, so the studio keeps the drop-in or credit.",
  },
  left: { tone: "success", text: "You've left the waitlist; anything you paid is back to use on another class." },
  signed: { tone: "success", text: "Thank you for signing the waiver. Now confirm your booking below." },
  "pay-cancelled": { tone: "error", text: "The payment was cancelled; nothing was charged." },
};

/** The payment a form names: "membership:{id}", "drop_in:{id}" or "credits:account" (the booking names the occasion). */
const PayField = z
  .string()
  .regex(/^(membership|drop_in|credits):[A-Za-z0-9_-]{1,80}$/)
  .transform((value): TicketPayment => {
    const [method, reference] = value.split(":") as [TicketPayment["method"], string];
    return { method, reference };
  });

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("book"), pay: PayField }),
  z.object({ intent: z.literal("buy"), intentId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) }),
  z.object({ intent: z.literal("cancel") }),
]);

/** Every field is carried by a button: any that fails reads as this sentence above them. */
const StudioClassForm = withFormMessage(ActionSchema, "That request could not be read. Please choose how to pay and try again.");

async function load(slug: string, classId: string) {
  if (!/^[A-Za-z0-9_-]{1,120}$/.test(classId)) return null;
  const [studio, liveClass] = await Promise.all([getStudioBySlug(slug), getClass(classId)]);
  if (!studio || !liveClass || liveClass.studioId !== studio.id) return null;
  return { studio, liveClass, path: `/studios/${studio.slug}/classes/${liveClass.id}` };
}

export async function studioClassPage(request: Request, context: object, slug: string, classId: string) {
  const found = await load(slug, classId);
  if (!found) return null;
  const { studio, liveClass, path } = found;
  const now = new Date();
  const url = new URL(request.url);
  const [state, reader] = await Promise.all([getViewerState(request, context), readerZone(request, context)]);
  const member = state && !state.viewer.anonymous ? state : null;
  const status = classState(liveClass, now);
  // Every time here is on the studio's clock, its zone named only for a reader whose clock differs.
  const at = (instant: Date | string) => studioTime(instant, studio.timeZone, { reader });
  const [seats, teachers] = await Promise.all([
    inPersonSeatsLeft(liveClass.id, liveClass.capacity),
    getTeachersByIds([liveClass.substituteTeacherId ?? liveClass.teacherId]),
  ]);
  const teacher = teachers[0] ?? null;

  // Back from the payment page: settle the member's own purchase now rather than wait for the webhook.
  const purchaseId = url.searchParams.get("purchase");
  if (member && isPurchaseId(purchaseId)) await settlePurchase(purchaseId, member.viewer.uid);

  let notice = NOTICES[url.searchParams.get("booking") ?? ""] ?? null;
  if (url.searchParams.get("paid") === "cancelled") notice = NOTICES["pay-cancelled"];
  const resume = url.searchParams.get("resume");

  type Option = { value: string; label: string; hint: string; resumed: boolean };
  let booking:
    | { kind: "closed"; sentence: string }
    | { kind: "visitor"; href: string }
    | { kind: "ticket"; label: string; sentence: string; ticketHref: string; canCancel: boolean; cancelLate: boolean }
    | {
        kind: "choose";
        waiverSigned: boolean;
        waiverHref: string;
        options: Option[];
        buy: { price: string; intentId: string; resumed: boolean };
        full: boolean;
        creditsNote: string;
      };

  const ticket = member ? await getTicket(liveClass.id, member.viewer.uid) : null;
  const late = isLateCancel(liveClass.startsAt, studio.lateCancel, studio.timeZone, now);
  if (
    ticket &&
    (ticket.status === "booked" || ticket.status === "checked_in" || ticket.status === "waitlisted" || status !== "scheduled")
  ) {
    const position = ticket.status === "waitlisted" ? await waitlistPosition(liveClass.id, ticket.uid) : null;
    if (!notice && url.searchParams.get("paid") === "drop-in")
      notice = ticket.status === "waitlisted" ? NOTICES.waitlisted : NOTICES.booked;
    booking = {
      kind: "ticket",
      label: TICKET_STATE_LABEL[ticket.status],
      sentence:
        ticket.status === "waitlisted"
          ? `You're ${ordinal(position ?? 1)} in line. If a place frees up you're booked automatically and we'll e-mail you.`
          : ticket.status === "booked"
            ? "You're booked. Show your check-in code at the front desk."
            : ticket.status === "checked_in"
              ? "You're checked in. Enjoy the class."
              : `This booking is ${TICKET_STATE_LABEL[ticket.status].toLowerCase()}.`,
      ticketHref: `/tickets/${liveClass.id}`,
      canCancel: status === "scheduled" && (ticket.status === "booked" || ticket.status === "waitlisted"),
      cancelLate: ticket.status === "booked" && late,
    };
  } else if (status === "cancelled")
    booking = { kind: "closed", sentence: "This class was cancelled. We're sorry; the studio's schedule has others." };
  else if (status !== "scheduled") booking = { kind: "closed", sentence: "This class has started, so booking has closed." };
  else if (!member) booking = { kind: "visitor", href: `/sign-in?next=${encodeURIComponent(path)}` };
  else {
    const uid = member.viewer.uid;
    const cost = liveClass.creditCost;
    const [waiver, options, credits] = await Promise.all([
      getCurrentWaiver(studio.id),
      paymentOptions(uid, studio.id, now),
      cost !== null ? creditSummary(uid, now) : Promise.resolve(null),
    ]);
    const signed = waiver ? Boolean(await getSignature(uid, studio.id, waiver.version)) : true;
    if (signed && url.searchParams.get("signed") === "1") notice = NOTICES.signed;
    const choices: Option[] = [];
    if (options.membership) {
      const value = `membership:${options.membership.id}`;
      choices.push({
        value,
        label: "Book with my studio membership",
        hint: `${options.membership.name}, until ${at(new Date(options.membership.endsAt))}`,
        resumed: resume === value,
      });
    }
    // Credits are for people without a studio membership (a membership already covers the class).
    let creditsNote = "";
    if (!options.membership && cost !== null && credits) {
      if (credits.balance >= cost) {
        const value = "credits:account";
        const deadline = at(lateCancelDeadline(liveClass.startsAt, studio.lateCancel, studio.timeZone));
        choices.push({
          value,
          label: `Book with ${creditsLabel(cost)} (${credits.balance} left)`,
          hint: late
            ? `From your class pack that expires soonest. It's already inside the late-cancel window: if you cancel, the studio keeps ${cost === 1 ? "it" : "them"}.`
            : `From your class pack that expires soonest. Cancel before ${deadline} and ${cost === 1 ? "it comes" : "they come"} back; after that the studio keeps ${cost === 1 ? "it" : "them"}.`,
          resumed: resume === value,
        });
      } else
        creditsNote = `This class also takes ${creditsLabel(cost)}; you have ${credits.balance === 0 ? "none" : creditsLabel(credits.balance)} to spend.`;
    }
    const dropIn = options.dropIns[0];
    if (dropIn) {
      const value = `drop_in:${dropIn.id}`;
      choices.push({
        value,
        label: "Use my unused drop-in",
        hint: `Bought ${at(new Date(dropIn.paidAt))}; it works for any class here.`,
        resumed: resume === value,
      });
    }
    booking = {
      kind: "choose",
      waiverSigned: signed,
      waiverHref: `/studios/${studio.slug}/waiver?next=${encodeURIComponent(path)}`,
      options: choices,
      buy: { price: formatMoney(studio.dropIn.amount, studio.dropIn.currency), intentId: newIntentId(), resumed: resume === "buy" },
      full: seats === 0,
      creditsNote,
    };
  }

  const siteUrl = getEnv().PUBLIC_SITE_URL;
  const place = studioPlaceJsonLd({
    siteUrl,
    path: `/studios/${studio.slug}`,
    name: studio.name,
    description: studio.tagline,
    address: studio.address,
    mapUrl: studio.mapUrl,
  });
  const endsAt = new Date(Date.parse(liveClass.startsAt) + liveClass.durationMinutes * 60_000).toISOString();
  return {
    personal: Boolean(member),
    path,
    studio: { slug: studio.slug, name: studio.name, address: `${studio.address.streetAddress}, ${studio.address.addressLocality}` },
    liveClass: {
      id: liveClass.id,
      title: liveClass.title,
      startsAt: liveClass.startsAt,
      when: at(liveClass.startsAt),
      zoneLabel: zoneLabel(studio.timeZone, new Date(liveClass.startsAt)),
      durationMinutes: liveClass.durationMinutes,
      room: roomName(studio, liveClass.roomId),
      teacher: teacher ? { name: teacher.fullName, href: `/teachers/${teacher.urlParam}` } : null,
      description: liveClass.description,
      whatToHaveReady: liveClass.whatToHaveReady,
      seatsLeft: status === "scheduled" ? seats : null,
      capacity: liveClass.capacity,
    },
    lateCancel: lateCancelSentence(liveClass.startsAt, studio.lateCancel, studio.timeZone, now, reader),
    lateCancelDeadline: at(lateCancelDeadline(liveClass.startsAt, studio.lateCancel, studio.timeZone)),
    notice,
    booking,
    jsonLd: inPersonEventJsonLd({
      siteUrl,
      path,
      title: liveClass.title,
      description: liveClass.description || liveClass.title,
      startsAt: liveClass.startsAt,
      endsAt,
      cancelled: status === "cancelled",
      place,
      offer: { price: (studio.dropIn.amount / 100).toFixed(2), currency: studio.dropIn.currency.toUpperCase(), available: seats > 0 },
    }),
  };
}

/** What the in-person class page shows, as its loader answers it. */
export type StudioClassPageModel = NonNullable<Awaited<ReturnType<typeof studioClassPage>>>;

type StudioClass = NonNullable<Awaited<ReturnType<typeof load>>>;
type Form = z.infer<typeof ActionSchema>;
/** Where a step sends the member next, or the sentence and status of a refusal. */
type Step = { ok: true; location: string } | { ok: false; message: string; status: number };

const waiverFirst = ({ studio, path }: StudioClass, resume: string): Step => ({
  ok: true,
  location: `/studios/${studio.slug}/waiver?next=${encodeURIComponent(`${path}?resume=${encodeURIComponent(resume)}`)}`,
});

async function cancel({ liveClass, path }: StudioClass, uid: string, now: Date): Promise<Step> {
  const result = await cancelTicket({ uid, classId: liveClass.id, now });
  if (!result.ok) return result;
  // The first in line took the seat: their confirmation (with the code) says so.
  if (result.promotedUid) await sendTicketConfirmation(liveClass.id, result.promotedUid);
  return { ok: true, location: `${path}?booking=${result.was === "waitlisted" ? "left" : result.late ? "late-cancelled" : "cancelled"}` };
}

/** A drop-in bought on the payment page, after the studio's current waiver is signed. */
async function buy(found: StudioClass, uid: string, intentId: string): Promise<Step> {
  const { studio, liveClass, path } = found;
  const waiver = await getCurrentWaiver(studio.id);
  if (waiver && !(await getSignature(uid, studio.id, waiver.version))) return waiverFirst(found, "buy");
  const started = await startDropInPurchase({
    uid,
    studio,
    classId: liveClass.id,
    classTitle: liveClass.title,
    intentId,
    returnPath: path,
    purchaseId: purchaseIdFor(uid, intentId),
  });
  return started.ok ? { ok: true, location: started.url } : { ok: false, message: started.message, status: 409 };
}

async function book(found: StudioClass, uid: string, pay: TicketPayment, now: Date): Promise<Step> {
  const result = await bookInPerson({ uid, classId: found.liveClass.id, payment: pay, now });
  if (!result.ok && result.problem === "waiver_needed") return waiverFirst(found, `${pay.method}:${pay.reference}`);
  if (!result.ok) return result;
  if (result.startedNew) await sendTicketConfirmation(found.liveClass.id, uid);
  return { ok: true, location: `${found.path}?booking=${result.status}` };
}

function step(found: StudioClass, uid: string, form: Form, now: Date): Promise<Step> {
  if (form.intent === "cancel") return cancel(found, uid, now);
  if (form.intent === "buy") return buy(found, uid, form.intentId);
  return book(found, uid, form.pay, now);
}

/** The class page's form: book with a way to pay, buy a drop-in, or cancel. A redirect onward, or a refusal under `form`. */
export async function studioClassAction(request: Request, context: object, slug: string, classId: string) {
  const found = await load(slug, classId);
  if (!found) return refuse({ form: "We couldn't find that class." }, {}, 404);
  const state = await getViewerState(request, context);
  if (!state || state.viewer.anonymous) return redirect(`/sign-in?next=${encodeURIComponent(found.path)}`);
  const submission = await readSubmission(request, StudioClassForm);
  if (!submission.ok) return submission.reply;
  const uid = state.viewer.uid;
  const allowed = await BOOKING_LIMIT.attempt(uid);
  if (!allowed.ok) return refuse({ form: problemAfter("too_many_changes", allowed.retryAfterMs).message }, {}, 429);
  const done = await step(found, uid, submission.value, new Date());
  return done.ok ? redirect(done.location, 303) : refuse({ form: done.message }, {}, done.status);
}
