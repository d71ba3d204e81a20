import { getDemoRooms, getVideoRooms } from "~/services/video/index.server";
import { VideoError } from "~/services/video/port";
import { joinWindow } from "~/models/classes/booking";
import { bookingFor } from "~/models/classes/booking.server";
import { classState } from "~/models/classes/class-schedule";
import { getClass } from "~/models/classes/class-schedule.server";
import { classInvite } from "~/models/classes/class-invite.server";
import { getEnv } from "~/lib/env.server";
import { getTeachersByIds } from "~/models/content/teacher.server";
import { recordLiveClassJoined } from "~/models/engagement/practice-events.server";
import { notePractice, practiceZone } from "./practice.server";
import { getViewerState } from "./viewer.server";

/**
 * Where "Join" leads (issue 9): the video room for a booked member inside the window (ten minutes
 * before the start to the end); the class page, with a reason, for anyone else.
 */
export async function joinClass(request: Request, context: object, idOrSlug: string): Promise<{ location: string }> {
  const liveClass = /^[A-Za-z0-9_-]{1,120}$/.test(idOrSlug) ? await getClass(idOrSlug) : null;
  if (!liveClass) return { location: "/classes" };
  const page = `/classes/${liveClass.slug || liveClass.id}`;
  const state = await getViewerState(request, context);
  if (!state || state.viewer.anonymous) return { location: `/sign-in?next=${encodeURIComponent(page)}` };
  const now = new Date();
  const window = joinWindow(liveClass, now);
  const booking = await bookingFor(state.viewer.uid, liveClass.id);
  if (booking?.status !== "booked") return { location: `${page}?booking=not-booked` };
  if (classState(liveClass, now) === "cancelled") return { location: page };
  if (!window.open) return { location: `${page}?booking=not-open` };
  try {
    const url = await getVideoRooms().joinUrl({
      classId: liveClass.id,
      title: liveClass.title,
      opensAt: Math.floor(window.opensAt.getTime() / 1000),
      closesAt: Math.floor(window.closesAt.getTime() / 1000),
      uid: state.viewer.uid,
      displayName:
        [state.user.firstName, state.user.lastName ? `${state.user.lastName.slice(0, 1)}.` : ""].filter(Boolean).join(" ") || "Member",
    });
    // Going into the room is the practice (issue 27): once per class, on the member's calendar now.
    const zone = await practiceZone(request, state);
    await notePractice("live class joined", () => recordLiveClassJoined(state.viewer.uid, liveClass, zone, now.getTime()));
    return { location: url };
  } catch (error) {
    console.warn(
      JSON.stringify({
        level: "warn",
        msg: "video room not opened",
        classId: liveClass.id,
        code: error instanceof VideoError ? error.code : "unknown",
      }),
    );
    return { location: `${page}?booking=room-unavailable` };
  }
}

/**
 * The demo room page: the class, for the member its signed link names, while they hold a booking of
 * a class that is not cancelled, until it ends; null otherwise. The link outlives nothing: a
 * cancelled booking (or class) closes the room to it at once (issue 23).
 */
export async function demoRoom(request: Request, context: object, classId: string) {
  const rooms = getDemoRooms();
  if (!rooms || !/^[A-Za-z0-9_-]{1,120}$/.test(classId)) return null;
  const token = new URL(request.url).searchParams.get("t") ?? "";
  const signed = rooms.verify(classId, token, Math.floor(Date.now() / 1000));
  const state = await getViewerState(request, context);
  if (!signed || !state || state.viewer.uid !== signed.uid) return null;
  const [liveClass, booking] = await Promise.all([getClass(classId), bookingFor(signed.uid, classId)]);
  if (!liveClass || liveClass.status === "cancelled") return null;
  // A cohost's link holds while the class still names them; a member's while they hold a booking.
  const asCohost = signed.role === "cohost" && liveClass.cohostUids.includes(signed.uid);
  if (!asCohost && booking?.status !== "booked") return null;
  const [teacher] = await getTeachersByIds([liveClass.substituteTeacherId ?? liveClass.teacherId]);
  return {
    title: liveClass.title,
    teacherName: teacher?.fullName ?? null,
    classPath: `/classes/${liveClass.slug || liveClass.id}`,
    asCohost,
  };
}

/** The class's .ics: with the join page's address only for a booked member. */
export async function classInviteFor(request: Request, context: object, idOrSlug: string) {
  const liveClass = /^[A-Za-z0-9_-]{1,120}$/.test(idOrSlug) ? await getClass(idOrSlug) : null;
  if (!liveClass) return null;
  const state = await getViewerState(request, context);
  const booked = state && !state.viewer.anonymous ? (await bookingFor(state.viewer.uid, liveClass.id))?.status === "booked" : false;
  const [teacher] = await getTeachersByIds([liveClass.substituteTeacherId ?? liveClass.teacherId]);
  const site = getEnv().PUBLIC_SITE_URL;
  const page = new URL(`/classes/${liveClass.slug || liveClass.id}`, site).toString();
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
  const liveClass = /^[A-Za-z0-9_-]{1,120}$/.test(classId) ? await getClass(classId) : null;
  if (!liveClass || !liveClass.cohostUids.includes(cohost.uid)) return { ok: false, message: "You are not a cohost of that class." };
  if (classState(liveClass, now) === "cancelled") return { ok: false, message: "That class was cancelled." };
  const window = joinWindow(liveClass, now);
  if (!window.open) return { ok: false, message: "The room opens ten minutes before the class starts." };
  try {
    const url = await getVideoRooms().joinUrl({
      classId: liveClass.id,
      title: liveClass.title,
      opensAt: Math.floor(window.opensAt.getTime() / 1000),
      closesAt: Math.floor(window.closesAt.getTime() / 1000),
      uid: cohost.uid,
      displayName: `${cohost.name || "Cohost"} (cohost)`,
      role: "cohost",
    });
    return { ok: true, location: url };
  } catch (error) {
    console.warn(
      JSON.stringify({
        level: "warn",
        msg: "video room not opened",
        classId: liveClass.id,
        code: error instanceof VideoError ? error.code : "unknown",
      }),
    );
    return { ok: false, message: "The video room could not be opened. Please try again in a moment." };
  }
}
