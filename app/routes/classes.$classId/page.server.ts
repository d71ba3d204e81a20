import { MODALITY_LABEL, timeRange } from "~/models/classes/class-listing.server";
import { classState } from "~/models/classes/class-schedule";
import { getClass, getClassForPage } from "~/models/classes/class-schedule.server";
import { joinWindow, ordinal } from "~/models/classes/booking";
import { BOOKING_LIMIT, bookClass, cancelBooking, classPlaceFor, leaveWaitlist } from "~/models/classes/booking.server";
import { problemAfter } from "~/lib/errors";
import { endRoomAccess } from "~/models/classes/class-room.server";
import { calendarLinks } from "~/models/classes/class-invite.server";
import { tellPassedOver, tellPromoted } from "~/models/classes/class-changes.server";
import { creditsLabel } from "~/models/wallet/credit-pack";
import { creditSummary, tellCreditsReturned } from "~/models/wallet/credits.server";
import { classEventJsonLd } from "~/lib/seo";
import { getTeachersByIds } from "~/models/content/teacher.server";
import { zoneLabel } from "~/models/identity/time-zone";
import type { LiveClass } from "~/models/classes/live-class";
import { getViewerState } from "~/server/viewer.server";
import { getVisitor } from "~/server/visitor.server";
import { getEnv } from "~/lib/env.server";
import { z } from "zod";
import { clockDay, clockTime } from "~/models/identity/clock";
import { FALLBACK_TIME_ZONE, validTimeZone } from "~/models/identity/user";
import { readTogether } from "~/server/batched-reads.server";
import { readSubmission, refuse } from "~/server/submission.server";
import { withFormMessage } from "~/lib/forms/submission";
import { redirect } from "@remix-run/node";

/**
 * The class page's model (issue 9): what a visitor, a member, a booked member and a waitlisted member
 * each see of one class, worded in their zone; and the booking form's one action.
 */

const NOTICES: Record<string, { tone: "success" | "error"; text: string }> = {
  booked: { tone: "success", text: "You're booked. We'll see you there; joining opens ten minutes before the start." },
  waitlisted: {
    tone: "success",
    text: "The class is full, so you're on the waitlist. If a seat frees up you're booked automatically and we'll e-mail you.",
  },
  cancelled: { tone: "success", text: "Your booking is cancelled. Your seat has gone to the next person in line, if there was one." },
  "cancelled-credits": {
    tone: "success",
    text: "Your booking is cancelled and its credits are back in your account. We've e-mailed you a note of it.",
  },
  left: { tone: "success", text: "You've left the waitlist." },
  "not-booked": { tone: "error", text: "Joining is for members booked on this class." },
  "not-open": { tone: "error", text: "Joining opens ten minutes before the start and closes when the class ends." },
  "room-unavailable": { tone: "error", text: "We couldn't open the room just now. Please try again in a moment; the class waits for you." },
};

const BOOKED_AND_OPEN = { tone: "success" as const, text: "You're booked, and the room is open now: join whenever you're ready." };

function whenText(liveClass: Pick<LiveClass, "startsAt" | "durationMinutes">, zone: string): string {
  return `${clockDay(liveClass.startsAt, zone)}, ${timeRange(liveClass, zone)}`;
}

export async function classPage(request: Request, context: object, idOrSlug: string) {
  if (!/^[A-Za-z0-9_-]{1,120}$/.test(idOrSlug)) return null;
  const liveClass = await getClassForPage(idOrSlug);
  // In-person classes are booked on their studio's pages, after the studio's waiver (issue 12).
  if (!liveClass || liveClass.studioId) return null;
  const now = new Date();
  const url = new URL(request.url);
  const [visitor, state] = await Promise.all([getVisitor(request), getViewerState(request, context)]);
  const zone = visitor.timeZone?.zone ?? validTimeZone(state?.user.mostRecentTimeZone) ?? FALLBACK_TIME_ZONE;
  const teacherId = liveClass.substituteTeacherId ?? liveClass.teacherId;
  const [teacher] = await getTeachersByIds([teacherId]);
  const status = classState(liveClass, now);
  const path = `/classes/${liveClass.slug || liveClass.id}`;
  const endsAt = new Date(Date.parse(liveClass.startsAt) + liveClass.durationMinutes * 60_000).toISOString();
  const member = state && !state.viewer.anonymous ? state : null;
  // The seats and the member's booking, each read once for everything below, together in one batch (issue 25).
  const {
    seatsLeft: seats,
    place: mine,
    payment: paidWith,
  } = await readTogether(() => classPlaceFor(member?.viewer.uid ?? null, liveClass.id, liveClass.capacity));
  const window = joinWindow(liveClass, now);

  let booking:
    | { kind: "closed"; sentence: string }
    | { kind: "visitor"; sentence: string; href: string; label: string; packs: string | null }
    | {
        kind: "member";
        sentence: string;
        join: boolean;
        joinOpensAt: string | null;
        actions: { intent: string; label: string; pending: string; primary: boolean }[];
      };
  // Credits matter only to someone signed in without a membership, on a class that takes them.
  const cost = liveClass.creditCost;
  const credits =
    member && !member.user.isSubscribed && cost !== null && !mine && status === "scheduled"
      ? await creditSummary(member.viewer.uid, now)
      : null;
  const packsHref = cost !== null ? `/credits?next=${encodeURIComponent(path)}` : null;
  if (status === "cancelled")
    booking = { kind: "closed", sentence: "This class was cancelled. We're sorry; the schedule has others at this time of day." };
  else if (mine?.status === "booked") {
    booking = {
      kind: "member",
      sentence:
        status === "ended"
          ? "You were booked for this class."
          : paidWith?.payment === "credits"
            ? `You're booked for this class with ${creditsLabel(paidWith.creditCost)}. Cancel before the start and ${paidWith.creditCost === 1 ? "it comes" : "they come"} back.`
            : "You're booked for this class.",
      join: window.open,
      joinOpensAt: !window.open && status === "scheduled" ? clockTime(window.opensAt, zone) : null,
      actions: status === "scheduled" ? [{ intent: "cancel", label: "Cancel my booking", pending: "Cancelling…", primary: false }] : [],
    };
  } else if (mine?.status === "waitlisted") {
    booking = {
      kind: "member",
      sentence:
        paidWith?.payment === "credits"
          ? `You're ${ordinal(mine.position ?? 1)} in line. If a seat frees up you're booked automatically with ${creditsLabel(paidWith.creditCost)}, and we'll e-mail you.`
          : `You're ${ordinal(mine.position ?? 1)} in line. If a seat frees up you're booked automatically, and we'll e-mail you.`,
      join: false,
      joinOpensAt: null,
      actions: [{ intent: "leave", label: "Leave the waitlist", pending: "Leaving…", primary: false }],
    };
  } else if (status === "ended") booking = { kind: "closed", sentence: "This class has ended." };
  else if (status === "live")
    booking = { kind: "closed", sentence: "This class has started, so booking has closed. The schedule has more soon." };
  else if (!member) {
    booking = {
      kind: "visitor",
      sentence:
        cost !== null
          ? `Booking a live class is part of the membership, or this one takes ${creditsLabel(cost)} from a class pack. Start with a free week and come back here to book.`
          : "Booking a live class is part of the membership. Start with a free week and come back here to book.",
      href: `/subscribe?next=${encodeURIComponent(path)}`,
      label: "Become a member to book",
      packs: packsHref,
    };
  } else if (!member.user.isSubscribed && credits && cost !== null && credits.balance >= cost) {
    const left = `${credits.balance} left`;
    booking = {
      kind: "member",
      sentence:
        seats === 0
          ? `The class is full. Join the waitlist: ${creditsLabel(cost)} ${cost === 1 ? "is" : "are"} taken only if a seat comes to you.`
          : `This class takes ${creditsLabel(cost)} from your class pack, soonest to expire first. Cancel before the start and ${cost === 1 ? "it comes" : "they come"} back.`,
      join: false,
      joinOpensAt: null,
      actions: [
        {
          intent: "book",
          label:
            seats === 0
              ? `Join the waitlist (${creditsLabel(cost)} if a seat frees up; ${left})`
              : `Book with ${creditsLabel(cost)} (${left})`,
          pending: "Saving…",
          primary: true,
        },
      ],
    };
  } else if (!member.user.isSubscribed) {
    booking = {
      kind: "visitor",
      sentence:
        cost !== null
          ? `This class is part of the membership, or takes ${creditsLabel(cost)} from a class pack${credits && credits.balance > 0 ? ` (you have ${creditsLabel(credits.balance)})` : ""}. Either way you'll come straight back here.`
          : "Booking a live class is part of the membership. Subscribe and you'll come straight back here.",
      href: `/subscribe?next=${encodeURIComponent(path)}`,
      label: "See memberships",
      packs: packsHref,
    };
  } else {
    booking = {
      kind: "member",
      sentence:
        seats === 0
          ? "The class is full. Join the waitlist and you'll be booked automatically if a seat frees up."
          : "Save your place; you can cancel any time before the start.",
      join: false,
      joinOpensAt: null,
      actions: [{ intent: "book", label: seats === 0 ? "Join the waitlist" : "Book my place", pending: "Saving…", primary: true }],
    };
  }

  const stateNote =
    status !== "cancelled" && liveClass.substituteTeacherId && teacher
      ? `${teacher.fullName} is teaching this class in place of its usual teacher.`
      : null;
  // The copy follows the state (issue 34): inside the join window nothing says joining opens later.
  const asked = url.searchParams.get("booking") ?? "";
  const joinable = window.open && status !== "cancelled" && mine?.status === "booked";
  const notice = joinable && asked === "booked" ? BOOKED_AND_OPEN : joinable && asked === "not-open" ? null : (NOTICES[asked] ?? null);
  const calendar = calendarLinks({
    liveClass,
    teacherName: teacher?.fullName ?? null,
    url: new URL(path, getEnv().PUBLIC_SITE_URL).toString(),
  });

  return {
    id: liveClass.id,
    path,
    title: liveClass.title,
    description: liveClass.description,
    modalityLabel: MODALITY_LABEL[liveClass.modality],
    startsAt: liveClass.startsAt,
    durationMinutes: liveClass.durationMinutes,
    when: whenText(liveClass, zone),
    zoneLabel: `Times in ${zoneLabel(zone, now)}`,
    level: liveClass.level ?? null,
    whatToHaveReady: liveClass.whatToHaveReady || null,
    teacher: teacher ? { name: teacher.fullName, href: `/teachers/${teacher.urlParam}` } : null,
    seatsLeft: status === "scheduled" ? seats : null,
    state: status,
    stateNote,
    notice,
    booking,
    personal: Boolean(member),
    calendar: { ics: `/classes/${liveClass.id}/invite.ics`, google: calendar.google, outlook: calendar.outlook },
    jsonLd: classEventJsonLd({
      siteUrl: getEnv().PUBLIC_SITE_URL,
      path,
      title: liveClass.title,
      description: liveClass.description || liveClass.title,
      startsAt: liveClass.startsAt,
      endsAt,
      teacherName: teacher?.fullName ?? null,
      status: status === "cancelled" ? "cancelled" : liveClass.sequence > 0 && liveClass.substituteTeacherId ? "rescheduled" : "scheduled",
      live: status === "live",
    }),
  };
}

/** What the class page shows, as its loader answers it. */
export type ClassPageModel = NonNullable<Awaited<ReturnType<typeof classPage>>>;

const Intent = z.enum(["book", "cancel", "leave"]);
const IntentSchema = withFormMessage(z.object({ intent: Intent }), "That request could not be read. Please try again.");

type Change = { uid: string; liveClass: LiveClass; isMember: boolean; now: Date };
/** Where a change sends the member back to (`?booking=`), or the sentence and status of a refusal. */
type Changed = { ok: true; booking: string } | { ok: false; message: string; status: number };

async function book({ uid, liveClass, isMember, now }: Change): Promise<Changed> {
  const result = await bookClass({ uid, classId: liveClass.id, now, isMember });
  return result.ok ? { ok: true, booking: result.status } : result;
}

/** Cancels, closes the room to them, and tells whoever moved up or was passed over and the member's returned credits. */
async function cancel({ uid, liveClass, now }: Change): Promise<Changed> {
  const result = await cancelBooking({ uid, classId: liveClass.id, now });
  if (!result.ok) return result;
  await endRoomAccess(liveClass.id, uid);
  if (result.promotedUid) await tellPromoted(result.promotedUid, liveClass.id);
  for (const other of result.passedOver) await tellPassedOver(other, liveClass.id);
  if (!result.credits || result.credits.returned <= 0) return { ok: true, booking: "cancelled" };
  await tellCreditsReturned({ uid, ...result.credits, classTitle: liveClass.title, startsAt: liveClass.startsAt, why: "member" });
  return { ok: true, booking: "cancelled-credits" };
}

async function leave({ uid, liveClass, now }: Change): Promise<Changed> {
  const result = await leaveWaitlist({ uid, classId: liveClass.id, now });
  return result.ok ? { ok: true, booking: "left" } : result;
}

const CHANGES: Record<z.infer<typeof Intent>, (change: Change) => Promise<Changed>> = { book, cancel, leave };

/** The class page's form: book, cancel or leave the waitlist. A redirect back to the page, or a refusal under `form`. */
export async function classAction(request: Request, context: object, idOrSlug: string) {
  const liveClass = /^[A-Za-z0-9_-]{1,120}$/.test(idOrSlug) ? await getClass(idOrSlug) : null;
  if (!liveClass || liveClass.studioId) return refuse({ form: "We couldn't find that class." }, {}, 404);
  const path = `/classes/${liveClass.slug || liveClass.id}`;
  const state = await getViewerState(request, context);
  if (!state || state.viewer.anonymous) return redirect(`/sign-in?next=${encodeURIComponent(path)}`);
  const submission = await readSubmission(request, IntentSchema);
  if (!submission.ok) return submission.reply;
  const uid = state.viewer.uid;
  const allowed = await BOOKING_LIMIT.attempt(uid);
  if (!allowed.ok) return refuse({ form: problemAfter("too_many_changes", allowed.retryAfterMs).message }, {}, 429);
  const changed = await CHANGES[submission.value.intent]({ uid, liveClass, isMember: state.user.isSubscribed, now: new Date() });
  return changed.ok ? redirect(`${path}?booking=${changed.booking}`) : refuse({ form: changed.message }, {}, changed.status);
}
