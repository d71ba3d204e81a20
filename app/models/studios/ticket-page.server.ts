import { ordinal } from "~/models/classes/booking";
import { getClass, getClassForPage } from "~/models/classes/class-schedule.server";
import { getTicket, ticketsOf, waitlistPosition } from "./in-person-tickets.server";
import { TICKET_STATE_LABEL, freeCancellation, studioTime } from "./studio";
import { getStudioById, listStudios, roomName } from "./studio.server";
import { checkInQrSvg } from "./ticket-code.server";

/**
 * The member's ticket for one in-person class (issue 12): the check-in code as a QR drawn on the
 * server and as text, when and where on the studio's clock, and the other tickets they hold.
 */
export async function ticketPage(uid: string, classId: string, now: Date, reader: string | null = null) {
  if (!/^[A-Za-z0-9_-]{1,120}$/.test(classId)) return null;
  const [ticket, liveClass] = await Promise.all([getTicket(classId, uid), getClass(classId)]);
  if (!ticket || !liveClass?.studioId) return null;
  const studio = await getStudioById(liveClass.studioId);
  if (!studio) return null;
  const showCode = ticket.status === "booked" || ticket.status === "checked_in" || ticket.status === "waitlisted";
  const position = ticket.status === "waitlisted" ? await waitlistPosition(classId, uid) : null;
  const others = (await upcomingTickets(uid, now, reader)).filter((t) => t.href !== `/tickets/${classId}`);
  return {
    title: liveClass.title,
    status: ticket.status,
    statusLabel: TICKET_STATE_LABEL[ticket.status],
    position: position ? ordinal(position) : null,
    when: studioTime(liveClass.startsAt, studio.timeZone, { reader }),
    startsAt: liveClass.startsAt,
    where: `${roomName(studio, liveClass.roomId)}, ${studio.name}, ${studio.address.streetAddress}, ${studio.address.addressLocality}`,
    mapUrl: studio.mapUrl,
    code: showCode ? ticket.code : null,
    qrSvg: showCode ? await checkInQrSvg(ticket.code) : null,
    paidWith: ticket.payment.method === "membership" ? "Studio membership" : ticket.payment.method === "drop_in" ? "Drop-in" : "Credit",
    cancellation: freeCancellation(liveClass.startsAt, studio.lateCancel, studio.timeZone, now, reader),
    classHref: `/studios/${studio.slug}/classes/${liveClass.id}`,
    waiverHref: `/studios/${studio.slug}/waiver`,
    others,
  };
}

/** The member's tickets that still hold (or wait for) a place, soonest first: for /my-classes and the ticket page. */
export async function upcomingTickets(
  uid: string,
  now: Date,
  reader: string | null = null,
): Promise<{ href: string; title: string; when: string; status: string }[]> {
  const studios = new Map((await listStudios()).map((s) => [s.id, s]));
  const live = (await ticketsOf(uid)).filter(
    (t) => (t.status === "booked" || t.status === "waitlisted") && Date.parse(t.startsAt) > now.getTime() - 3_600_000,
  );
  const withClass = await Promise.all(live.map(async (t) => ({ t, c: await getClassForPage(t.classId) })));
  return withClass.flatMap(({ t, c }) => {
    const studio = studios.get(t.studioId);
    if (!c || !studio) return [];
    return [
      {
        href: `/tickets/${t.classId}`,
        title: `${c.title}, ${studio.name}`,
        when: studioTime(t.startsAt, studio.timeZone, { reader }),
        status: TICKET_STATE_LABEL[t.status],
      },
    ];
  });
}
