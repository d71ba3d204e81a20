import { getEnv } from "~/lib/env.server";
import { getClass } from "~/models/classes/class-schedule.server";
import { getTicket } from "./in-person-tickets.server";
import { sendOnce } from "~/platform/mail.server";
import { lateCancelDeadline, studioTime } from "./studio";
import { getStudioById, roomName } from "./studio.server";
import { checkInQrSvg } from "./ticket-code.server";
import { getPrivateUser } from "~/models/identity/user.server";

/**
 * The booking confirmation (issue 12): when and where on the studio's clock, the check-in code as
 * text and as a QR code (an SVG attachment, drawn here), the late-cancel deadline and the ticket's
 * page. Once per booking: the key carries the booking time.
 */
export async function sendTicketConfirmation(classId: string, uid: string): Promise<void> {
  const [ticket, person, liveClass] = await Promise.all([getTicket(classId, uid), getPrivateUser(uid), getClass(classId)]);
  if (!ticket || !person?.email || !liveClass?.studioId) return;
  const studio = await getStudioById(liveClass.studioId);
  if (!studio) return;
  const site = getEnv().PUBLIC_SITE_URL;
  const page = new URL(`/tickets/${classId}`, site).toString();
  const waiting = ticket.status === "waitlisted";
  // On the studio's clock, its zone named only for a member whose own clock reads otherwise.
  const reader = person.mostRecentTimeZone;
  const deadline = studioTime(lateCancelDeadline(liveClass.startsAt, studio.lateCancel, studio.timeZone), studio.timeZone, { reader });
  const svg = await checkInQrSvg(ticket.code);
  await sendOnce(
    {
      to: person.email,
      subject: waiting ? `On the waitlist: ${liveClass.title}` : `Your ticket: ${liveClass.title}`,
      text: [
        `Hello ${person.firstName ?? "there"},`,
        "",
        waiting
          ? `The class is full, so you're on the waitlist for "${liveClass.title}". If a place frees up you're booked automatically and this code will let you in.`
          : `You're booked for "${liveClass.title}".`,
        "",
        `When: ${studioTime(liveClass.startsAt, studio.timeZone, { reader })}`,
        `Where: ${studio.name}, ${roomName(studio, liveClass.roomId)}, ${studio.address.streetAddress}, ${studio.address.addressLocality}`,
        "",
        `Your check-in code: ${ticket.code}`,
        "Show the attached QR code (or this code) at the front desk. Your ticket, with the code, is also here:",
        page,
        "",
        `Can't come? Cancel before ${deadline} and it costs nothing; after that it counts as a late cancellation.`,
        "",
        "Stillhour",
      ].join("\n"),
      attachments: [{ filename: "check-in-code.svg", content: svg, contentType: "image/svg+xml" }],
      idempotencyKey: `studio-ticket:${ticket.id}:${ticket.bookedAt ?? ticket.waitlistedAt ?? ticket.updatedAt}`,
    },
    { uid },
  );
}
