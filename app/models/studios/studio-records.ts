import { z } from "zod";

/** The studios' collections (§3), named once for the queries of every studio module. */
export const STUDIOS = "studios";
export const IN_PERSON_TICKETS = "inPersonTickets";
export const IN_PERSON_SEATS = "inPersonSeats";
export const STUDIO_TRANSACTIONS = "studioTransactions";
export const USER_MEMBERSHIPS = "userMemberships";

/** `inPersonSeats/{classId}`: seats taken and the waitlist in order, changed only in a transaction. */
export const SeatsSchema = z.object({
  classId: z.string(),
  booked: z.number().int().min(0),
  waitlist: z.array(z.object({ uid: z.string(), waitlistedAt: z.number() })).default([]),
});
