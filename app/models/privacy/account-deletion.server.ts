import { randomBytes } from "node:crypto";
import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { deleteAccount, getAccount } from "~/services/identity/index.server";
import { deleteProfilePhotoFile } from "~/models/identity/profile-photo.server";
import { deletePrivateUserRecords, getPrivateUser } from "~/models/identity/user.server";
import { forgetLeads } from "~/models/content/lead.server";
import { forgetEmailChange, getPendingEmail } from "~/models/identity/email-change.server";
import { anonymiseMembershipRecords, closePaymentAccounts, customersOf } from "~/models/billing/membership.server";
import { anonymisePromotionUse } from "~/models/billing/promotion-code.server";
import { anonymisePurchases } from "~/models/billing/purchases.server";
import { anonymiseCredits } from "~/models/wallet/credits.server";
import { anonymiseGifts } from "~/models/wallet/gifts.server";
import { forgetReferrals } from "~/models/wallet/referrals.server";
import { forgetActions, forgetBookings } from "~/models/classes/booking.server";
import { tellPassedOver, tellPromoted } from "~/models/classes/class-changes.server";
import { forgetWatching } from "~/models/on-demand/watch-history.server";
import { forgetEngagement } from "~/models/engagement/practice-events.server";
import { forgetCompanions } from "~/models/engagement/companions.server";
import { forgetCheckIns } from "~/models/studios/check-in.server";
import { forgetTickets } from "~/models/studios/in-person-tickets.server";
import { anonymiseStudioPurchases } from "~/models/studios/studio-purchases.server";
import { sendTicketConfirmation } from "~/models/studios/ticket-mail.server";
import { forgetSignatures, signaturesOf } from "~/models/studios/waiver.server";
import { forgetSurveys } from "~/models/engagement/surveys.server";
import { forgetCohosting } from "~/models/classes/class-schedule.server";
import { forgetStudioStaff } from "~/models/studios/studio.server";
import { leaveStaff } from "~/models/staff/people.server";
import { anonymiseAuditEntries } from "~/models/staff/audit.server";
import { anonymiseClassNotes } from "~/models/staff/class-notes.server";
import type { Problem } from "~/lib/errors";
import { forgetAnalytics } from "~/platform/analytics-event.server";
import { anonymiseSentMail } from "~/platform/mail.server";

/**
 * Deleting an account (settings; docs/decisions/032-what-we-promise-about-personal-data.md). Every
 * domain that holds something of a person has its own forget or anonymise function beside its
 * queries; this calls them in an order that keeps the rest of the site whole: the payment accounts
 * close first, so nothing is charged again and no payment event can find the person; places in
 * classes are given up before the credits they took are closed; the records that name the person
 * and that the other steps read (their private record, their sign-in account's e-mail) go last.
 */

/**
 * `accountDeletions/{uid}`: written before the first step and removed after the last, so a deletion
 * that stops midway is finished by the clean-up job. It carries what the later steps need once the
 * records they came from are gone: the pseudonym, the e-mail addresses, the provider customers.
 */
export const ACCOUNT_DELETIONS = "accountDeletions";
export const AccountDeletionSchema = z.object({
  uid: z.string().min(1),
  requestedAt: z.number(),
  pseudonym: z
    .string()
    .regex(/^deleted-[0-9a-f]{24}$/)
    .optional(),
  emails: z.array(z.string()).default([]),
  customerIds: z.array(z.string()).default([]),
});
type AccountDeletion = z.output<typeof AccountDeletionSchema>;
/** A job once opened: its pseudonym is chosen. */
type OpenDeletion = AccountDeletion & { pseudonym: string };

/**
 * Deletes a member's account for good (settings): their sign-in account, their payment accounts at
 * the provider, and everything of theirs in the store, deleted or, for money records, kept under a
 * pseudonym. Every step is safe to repeat; a failure midway leaves the job for the clean-up to
 * finish, and answers `ok: false`. The site's only admin is refused before anything changes
 * (`problem`): leaving the staff roster is the first step, checked in the same transaction.
 */
export async function deleteAccountCompletely(uid: string): Promise<{ ok: true } | { ok: false; problem?: Problem }> {
  const left = await leaveStaff(uid);
  if (!left.ok) return { ok: false, problem: left.problem };
  await getStore().createIfAbsent(ACCOUNT_DELETIONS, uid, { uid, requestedAt: Date.now() });
  try {
    await finishAccountDeletion(uid);
    return { ok: true };
  } catch (error) {
    console.error(
      JSON.stringify({ level: "error", msg: "account deletion unfinished; the clean-up job will finish it", uid, cause: String(error) }),
    );
    return { ok: false };
  }
}

/** The steps of a deletion, each safe to repeat; the job document goes only when all are done. */
export async function finishAccountDeletion(uid: string, now = new Date()): Promise<void> {
  const job = await openJob(uid);
  const { pseudonym } = job;

  // No one signs in as them again, and nothing more is charged nor can a payment event find them.
  await deleteAccount(uid);
  await closePaymentAccounts(uid, job.customerIds);

  // Places given up as their own cancellations would, so the people waiting get them.
  for (const seat of await forgetTickets(uid, now)) await sendTicketConfirmation(seat.classId, seat.uid);
  const classes = await forgetBookings(uid, now);
  for (const seat of classes.promoted) await tellPromoted(seat.uid, seat.classId);
  for (const seat of classes.passedOver) await tellPassedOver(seat.uid, seat.classId);
  await forgetActions(uid);
  await forgetCheckIns(uid, pseudonym);
  await forgetSignatures(uid);
  await anonymiseStudioPurchases(uid, pseudonym);
  await forgetWatching(uid);
  await forgetCompanions(uid); // before the practice record, which says whose caches name them
  await forgetEngagement(uid);
  await forgetSurveys(uid);

  // What they did as staff (issue 35): off every desk and cohost list; their notes and audit entries
  // keep the change under the pseudonym. (The roster entry went first, in deleteAccountCompletely.)
  await forgetStudioStaff(uid);
  await forgetCohosting(uid);
  await anonymiseClassNotes(uid, pseudonym);
  await anonymiseAuditEntries(uid, pseudonym);

  // Money: kept for the accounts, with no one named.
  await forgetReferrals(uid);
  await anonymiseGifts(uid, pseudonym, job.emails);
  await anonymiseCredits(uid, pseudonym, now);
  await anonymisePurchases(uid, pseudonym);
  await anonymisePromotionUse(uid, pseudonym);
  await anonymiseMembershipRecords(uid, pseudonym);

  await forgetAnalytics(uid);
  await anonymiseSentMail(uid, job.emails, pseudonym);
  await forgetLeads(job.emails);
  await forgetEmailChange(uid);

  // The photo's name is on the record: remove the file while the record still says which it is.
  await deleteProfilePhotoFile(uid);
  await deletePrivateUserRecords(uid);
  await getStore().delete(ACCOUNT_DELETIONS, uid);
}

/**
 * The job as the steps need it: a pseudonym chosen once (random, so nothing kept can be traced back
 * to the uid) and, gathered while the records that hold them still exist, every e-mail address and
 * provider customer of the person. A job written before these fields gains them on its next run.
 */
async function openJob(uid: string): Promise<OpenDeletion> {
  const [user, account, signatures, customers, pending] = await Promise.all([
    getPrivateUser(uid),
    getAccount(uid),
    signaturesOf(uid),
    customersOf(uid),
    getPendingEmail(uid, 0),
  ]);
  // The address waiting for its link too: its confirmation mail names them.
  const emails = [user?.email, account?.email, pending, ...signatures.map((signature) => signature.signer.email)]
    .filter((email): email is string => typeof email === "string" && email.includes("@"))
    .map((email) => email.toLowerCase());
  return getStore().transaction(async (tx) => {
    const job = await tx.get(ACCOUNT_DELETIONS, uid, AccountDeletionSchema);
    const next: OpenDeletion = {
      uid,
      requestedAt: job?.requestedAt ?? Date.now(),
      pseudonym: job?.pseudonym ?? `deleted-${randomBytes(12).toString("hex")}`,
      emails: [...new Set([...(job?.emails ?? []), ...emails])],
      customerIds: [...new Set([...(job?.customerIds ?? []), ...customers])],
    };
    tx.set(ACCOUNT_DELETIONS, uid, { ...next });
    return next;
  });
}
