import { returnCreditsOfCancelledClasses } from "./class-changes.server";
import { expireCredits, sendExpiryReminders } from "~/models/wallet/credits.server";

/**
 * The credit ledger's background work (issue 11), safe to run often and beside another server:
 * expiry entries are written once (a pack is settled in the same transaction), each reminder is
 * sent once per pack, and the credits of cancelled classes are returned once per booking.
 */
export async function runCreditJobs(now: Date = new Date()) {
  const expired = await expireCredits(now);
  const reminders = await sendExpiryReminders(now);
  const returned = await returnCreditsOfCancelledClasses(now);
  return {
    expiredEntries: expired.entries,
    remindersSent: reminders.sent,
    cancelledClasses: returned.classes,
    bookingsReturned: returned.bookings,
  };
}
