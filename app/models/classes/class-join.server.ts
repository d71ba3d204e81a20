import { getEnv } from "~/lib/env.server";
import { getDemoRooms, getVideoRooms } from "~/services/video/index.server";
import { VideoError, type JoinRequest } from "~/services/video/port";
import { getTeachersByIds } from "~/models/content/teacher.server";
import { joinWindow } from "./booking";
import { bookingFor } from "./booking.server";
import { classInvite } from "./class-invite.server";
import { classState } from "./class-schedule";
import { getClass } from "./class-schedule.server";
import type { LiveClass } from "./live-class";

/**
 * Who may enter a class's video room (issues 9, 23, 26), decided from plain inputs: the class, the
 * person (or nobody), and the time. Reading the session and dating the practice stay with the routes.
 */

const CLASS_REF = /^[A-Za-z0-9_-]{1,120}$/;

/** The person asking to join, as their session names them; null for a visitor. */
export interface JoiningMember {
  uid: string;
  firstName: string | null;
  lastName: string | null;
}

/** Where "Join" leads, and the class when the member was let into its room (for their practice). */
export type JoinOutcome = { location: string; entered: LiveClass | null };

function findClass(idOrSlug: string): Promise<LiveClass | null> {
  return CLASS_REF.test(idOrSlug) ? getClass(idOrSlug) : Promise.resolve(null);
}

const pageOf = (liveClass: LiveClass) => `/classes/${liveClass.slug || liveClass.id}`;

/** A member's name in the room: first name and last initial, "Member" when the record has neither. */
export function roomName(member: Pick<JoiningMember, "firstName" | "lastName">): string {
  return [member.firstName, member.lastName ? `${member.lastName.slice(0, 1)}.` : ""].filter(Boolean).join(" ") || "Member";
}

/** The room's address for one person inside the join window; null (logged) when the video service fails. */
async function openRoom(
  liveClass: LiveClass,
  window: { opensAt: Date; closesAt: Date },
  person: Pick<JoinRequest, "uid" | "displayName" | "role">,
): Promise<string | null> {
  try {
    return await getVideoRooms().joinUrl({
      classId: liveClass.id,
      title: liveClass.title,
      opensAt: Math.floor(window.opensAt.getTime() / 1000),
      closesAt: Math.floor(window.closesAt.getTime() / 1000),
      ...person,
    });
  } catch (error) {
    console.warn(
      JSON.stringify({
        level: "warn",
        msg: "video room not opened",
        classId: liveClass.id,
        code: error instanceof VideoError ? error.code : "unknown",
      }),
    );
    return null;
  }
}

/**
 * Where "Join" leads (issue 9): the video room for a booked member inside the window (ten minutes
 * before the start to the end); the class page, with a reason, for anyone else.
 */
export async function joinClass(input: { idOrSlug: string; member: JoiningMember | null; now: Date }): Promise<JoinOutcome> {
  const liveClass = await findClass(input.idOrSlug);
  if (!liveClass) return { location: "/classes", entered: null };
  const page = pageOf(liveClass);
  if (!input.member) return { location: `/sign-in?next=${encodeURIComponent(page)}`, entered: null };
  const window = joinWindow(liveClass, input.now);
  const booking = await bookingFor(input.member.uid, liveClass.id);
  if (booking?.status !== "booked") return { location: `${page}?booking=not-booked`, entered: null };
  if (classState(liveClass, input.now) === "cancelled") return { location: page, entered: null };
  if (!window.open) return { location: `${page}?booking=not-open`, entered: null };
  const url = await openRoom(liveClass, window, { uid: input.member.uid, displayName: roomName(input.member) });
  return url ? { location: url, entered: liveClass } : { location: `${page}?booking=room-unavailable`, entered: null };
}

/**
 * The demo room page: the class, for the member its signed link names, while they hold a booking of
 * a class that is not cancelled, until it ends; null otherwise. The link outlives nothing: a
 * cancelled booking (or class) closes the room to it at once (issue 23).
 */
export async function demoRoom(input: { classId: string; token: string; viewerUid: string | null; now: Date }) {
  const rooms = getDemoRooms();
  if (!rooms || !CLASS_REF.test(input.classId)) return null;
  const signed = rooms.verify(input.classId, input.token, Math.floor(input.now.getTime() / 1000));
  if (!signed || input.viewerUid !== signed.uid) return null;
  const [liveClass, booking] = await Promise.all([getClass(input.classId), bookingFor(signed.uid, input.classId)]);
  if (!liveClass || liveClass.status === "cancelled") return null;
  // A cohost's link holds while the class still names them; a member's while they hold a booking.
  const asCohost = signed.role === "cohost" && liveClass.cohostUids.includes(signed.uid);
  if (!asCohost && booking?.status !== "booked") return null;
  const [teacher] = await getTeachersByIds([liveClass.substituteTeacherId ?? liveClass.teacherId]);
  return { title: liveClass.title, teacherName: teacher?.fullName ?? null, classPath: pageOf(liveClass), asCohost };
}

/** The class's .ics, for a member (uid) or a visitor (null): with the join page's address only for a booked member. */
export async function classInviteFor(input: { idOrSlug: string; uid: string | null }) {
  const liveClass = await findClass(input.idOrSlug);
  if (!liveClass) return null;
  const booked = input.uid ? (await bookingFor(input.uid, liveClass.id))?.status === "booked" : false;
  const [teacher] = await getTeachersByIds([liveClass.substituteTeacherId ?? liveClass.teacherId]);
  const page = new URL(pageOf(liveClass), getEnv().PUBLIC_SITE_URL).toString();
  const body = classInvite({
    liveClass,
    teacherName: teacher?.fullName ?? null,
    url: page,
    // The class page, where a booked member finds "Join" in the window; never the room itself.
    joinUrl: booked ? page : null,
    timeZone: liveClass.timeZone,
    sequence: liveClass.sequence,
    cancelled: liveClass.status === "cancelled",
  });
  return { body, filename: `${liveClass.slug || liveClass.id}.ics`, personal: booked };
}

/**
 * Issue 26: where a cohost's Join button leads: the class's room with cohost rights, inside the same
 * window members have, for a class that names them; null (with the reason) otherwise.
 */
export async function joinAsCohost(
  cohost: { uid: string; name: string },
  classId: string,
  now = new Date(),
): Promise<{ ok: true; location: string } | { ok: false; message: string }> {
  const liveClass = await findClass(classId);
  if (!liveClass || !liveClass.cohostUids.includes(cohost.uid)) return { ok: false, message: "You are not a cohost of that class." };
  if (classState(liveClass, now) === "cancelled") return { ok: false, message: "That class was cancelled." };
  const window = joinWindow(liveClass, now);
  if (!window.open) return { ok: false, message: "The room opens ten minutes before the class starts." };
  const url = await openRoom(liveClass, window, { uid: cohost.uid, displayName: `${cohost.name || "Cohost"} (cohost)`, role: "cohost" });
  return url ? { ok: true, location: url } : { ok: false, message: "The video room could not be opened. Please try again in a moment." };
}
