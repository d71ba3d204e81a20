/**
 * The data inventory (docs/decisions/055-one-data-inventory.md; ADR 032's promise): every collection
 * of the document store, declared once, with what it holds about a person, who reads it, how long it
 * is kept, what deleting an account does to it and what "Download my data" gives back from it.
 *
 * It is the kernel's (it imports nothing) because the store itself reads it: a write to a collection
 * not declared here is refused by both drivers (`app/services/store/declared.server.ts`). Account
 * deletion (`features/privacy`), the export and ADR 032's table are checked against it by tests, so a
 * new collection is one entry here, and a personal one without a deletion rule fails a test.
 */

/** The kinds of personal data a collection can hold; the first four are what identifies a person. */
export const PERSONAL_KINDS = [
  "uid",
  "name",
  "email",
  "phone",
  "birthday",
  "photo",
  "free text",
  "payment",
  "activity",
  "place",
  "device",
] as const;
export type PersonalKind = (typeof PERSONAL_KINDS)[number];
/** What deletion must leave nowhere (ADR 032): a collection holding one of these needs a deletion rule. */
export const IDENTIFYING: readonly PersonalKind[] = ["uid", "name", "email", "phone"];

export type Domain =
  | "identity"
  | "content"
  | "billing"
  | "wallet"
  | "classes"
  | "on-demand"
  | "studios"
  | "engagement"
  | "checkout"
  | "privacy"
  | "staff"
  | "platform"
  | "payment provider";

/**
 * What deleting an account does to the collection: `delete` the person's documents, `anonymise` them
 * (what stays is said in `note`), `keep` them with a `reason` (and which identifying kinds stay), or
 * nothing for a collection that holds nothing personal.
 */
export type DeletionRule =
  | { rule: "delete"; note?: string }
  | { rule: "anonymise"; note: string }
  | { rule: "keep"; reason: string; keeps: readonly PersonalKind[] }
  | { rule: "nothing personal" };

/** How the export finds a member's documents: the document's id is their uid, or a field equals a value of theirs. */
export type Finder = { by: "id" } | { by: "field"; field: string; value: "uid" | "analytics id" | "email" };

/**
 * What "Download my data" gives from the collection: the member's documents as found by `find` (with
 * `omit` fields left out and `others` fields, which may name someone else, kept only when they name
 * the member), or rows made by the privacy feature's own reader (`custom`), or nothing, with why.
 */
export type ExportRule =
  | { rule: "rows"; find: readonly Finder[]; omit?: readonly string[]; others?: readonly string[] }
  | { rule: "custom"; note: string }
  | { rule: "none"; reason: string };

export interface InventoryEntry {
  collection: string;
  /** The domain whose modules own (write) it. */
  domain: Domain;
  /** What it holds about a person, in a few words ("" when nothing). */
  holds: string;
  personal: readonly PersonalKind[];
  readers: string;
  kept: string;
  deletion: DeletionRule;
  export: ExportRule;
}

const byUid: Finder = { by: "field", field: "uid", value: "uid" };
const byId: Finder = { by: "id" };
const content = (collection: string, domain: Domain, readers = "anyone (public pages)"): InventoryEntry => ({
  collection,
  domain,
  holds: "",
  personal: [],
  readers,
  kept: "until an editor removes it",
  deletion: { rule: "nothing personal" },
  export: { rule: "none", reason: "nothing about a member" },
});
const system = (collection: string, domain: Domain, readers: string, kept: string): InventoryEntry => ({
  collection,
  domain,
  holds: "",
  personal: [],
  readers,
  kept,
  deletion: { rule: "nothing personal" },
  export: { rule: "none", reason: "nothing about a member" },
});
const PROVIDER_KEEPS =
  "the payment provider's own books (the demo stands in for Stripe): the customer is deleted there, the rest keeps our former uid in its metadata, as Stripe's books do";
const provider = (collection: string, holds: string, personal: readonly PersonalKind[]): InventoryEntry => ({
  collection,
  domain: "payment provider",
  holds,
  personal,
  readers: "the demo provider",
  kept: "no end",
  deletion: { rule: "keep", reason: PROVIDER_KEEPS, keeps: ["uid"] },
  export: { rule: "none", reason: "the provider's records, not ours: Stripe answers for its own" },
});

export const DATA_INVENTORY: readonly InventoryEntry[] = [
  // identity
  {
    collection: "privateUsers",
    domain: "identity",
    holds: "name, e-mail, phone, birthday, username, photo, time zone, card brand and last four, provider customer id, plan status",
    personal: ["uid", "name", "email", "phone", "birthday", "photo", "payment", "place"],
    readers: "member (and their browser, by the rules); studio staff see the name on rosters",
    kept: "until deletion; anonymous visitors' 30 days idle",
    deletion: { rule: "delete" },
    export: { rule: "rows", find: [byId] },
  },
  {
    collection: "usernames",
    domain: "identity",
    holds: "uid",
    personal: ["uid"],
    readers: "server",
    kept: "until deletion",
    deletion: { rule: "delete" },
    export: { rule: "rows", find: [byUid] },
  },
  {
    collection: "emailConfirmations",
    domain: "identity",
    holds: "uid, the new e-mail address waiting for its link",
    personal: ["uid", "email"],
    readers: "member (settings)",
    kept: "until confirmed, replaced or 72 hours",
    deletion: { rule: "delete" },
    export: { rule: "rows", find: [byId], omit: ["tokenHash"] },
  },
  // content
  {
    collection: "leads",
    domain: "content",
    holds: "e-mail, first name, where they signed up, the spreadsheet export's state",
    personal: ["email", "name"],
    readers: "server; staff in the exported spreadsheet",
    kept: "no end",
    deletion: { rule: "delete", note: "by address (rows already in the spreadsheet: by hand, ADR 032)" },
    export: { rule: "rows", find: [{ by: "field", field: "email", value: "email" }] },
  },
  content("articles", "staff"),
  content("articleSlugs", "content"),
  content("pressArticles", "staff"),
  content("learningPages", "staff"),
  content("learnSlugs", "staff"),
  content("faqEntries", "content"),
  content("jobOpenings", "content"),
  content("landingPages", "content"),
  content("quotes", "content"),
  {
    collection: "profiles",
    domain: "staff",
    holds: "a teacher's public name, photo and biography",
    personal: ["name", "photo"],
    readers: "anyone (teacher pages)",
    kept: "while the teacher teaches here",
    deletion: {
      rule: "keep",
      reason:
        "a teacher's public page is the company's content, published with the teacher's agreement; an editor takes it down, not an account deletion",
      keeps: ["name"],
    },
    export: { rule: "none", reason: "public content, not a member's record" },
  },
  {
    collection: "teacherPages",
    domain: "staff",
    holds: "a teacher's public name and page",
    personal: ["name"],
    readers: "anyone (teacher pages)",
    kept: "while the teacher teaches here",
    deletion: { rule: "keep", reason: "public content, as profiles", keeps: ["name"] },
    export: { rule: "none", reason: "public content, not a member's record" },
  },
  content("teacherSlugs", "staff"),
  content("globals", "content", "anyone (banner, quote settings, survey weights)"),
  content("adMaps", "content", "server (the ad pixel's map)"),
  content("shortLinks", "content", "anyone with the link"),
  // billing
  {
    collection: "memberships",
    domain: "billing",
    holds: "plan, status, customer id, next charge, discount",
    personal: ["uid", "payment"],
    readers: "member",
    kept: "until deletion",
    deletion: { rule: "delete" },
    export: { rule: "rows", find: [byId] },
  },
  {
    collection: "paymentCustomers",
    domain: "billing",
    holds: "uid",
    personal: ["uid"],
    readers: "server",
    kept: "until deletion",
    deletion: { rule: "delete", note: "first" },
    export: { rule: "rows", find: [byUid] },
  },
  {
    collection: "paymentEvents",
    domain: "billing",
    holds: "uid, customer id, event type",
    personal: ["uid", "payment"],
    readers: "server",
    kept: "no end (replay protection)",
    deletion: { rule: "anonymise", note: "uid → pseudonym" },
    export: { rule: "rows", find: [byUid] },
  },
  {
    collection: "checkoutIntents",
    domain: "billing",
    holds: "uid, plan",
    personal: ["uid"],
    readers: "server",
    kept: "no end",
    deletion: { rule: "delete" },
    export: { rule: "rows", find: [byUid] },
  },
  {
    collection: "membershipFulfilments",
    domain: "billing",
    holds: "uid, plan, promotion code",
    personal: ["uid", "payment"],
    readers: "server",
    kept: "no end",
    deletion: { rule: "anonymise", note: "uid → pseudonym" },
    export: { rule: "rows", find: [byUid] },
  },
  {
    collection: "membershipCancellations",
    domain: "billing",
    holds: "uid, when and why a plan ended",
    personal: ["uid", "payment"],
    readers: "server",
    kept: "no end",
    deletion: { rule: "anonymise", note: "uid → pseudonym" },
    export: { rule: "rows", find: [byUid] },
  },
  {
    collection: "winbackOffers",
    domain: "billing",
    holds: "uid",
    personal: ["uid"],
    readers: "server",
    kept: "until deletion",
    deletion: { rule: "delete" },
    export: { rule: "rows", find: [byId] },
  },
  content("plans", "billing"),
  content("promotionCodes", "billing", "server; admins (codes)"),
  {
    collection: "promotionRedemptions",
    domain: "billing",
    holds: "uid",
    personal: ["uid"],
    readers: "server",
    kept: "no end (the code's count)",
    deletion: { rule: "anonymise", note: "uid → pseudonym" },
    export: { rule: "rows", find: [byUid] },
  },
  {
    collection: "promotionRedeemers",
    domain: "billing",
    holds: "uid",
    personal: ["uid"],
    readers: "server",
    kept: "until deletion",
    deletion: { rule: "delete" },
    export: { rule: "rows", find: [byUid] },
  },
  {
    collection: "purchases",
    domain: "billing",
    holds: "uid, item, amount, dates, provider session",
    personal: ["uid", "payment"],
    readers: "member (receipts)",
    kept: "no end (accounts)",
    deletion: { rule: "anonymise", note: "uid → pseudonym; pending → expired" },
    export: { rule: "rows", find: [byUid] },
  },
  {
    collection: "giftedMemberships",
    domain: "billing",
    holds: "uid, gift ids, dates",
    personal: ["uid"],
    readers: "member",
    kept: "until deletion",
    deletion: { rule: "delete" },
    export: { rule: "rows", find: [byId] },
  },
  // wallet
  {
    collection: "gifts",
    domain: "wallet",
    holds: "buyer uid and name, recipient name and e-mail, message, redeemer uid",
    personal: ["uid", "name", "email", "free text", "payment"],
    readers: "buyer (receipt); recipient by code",
    kept: "no end (accounts)",
    deletion: {
      rule: "anonymise",
      note: "unpaid: deleted with its code. Bought: buyer → pseudonym, name and message removed, the recipient's name and address kept until delivered. Received: redeemer → pseudonym, recipient name, address and message removed",
    },
    export: {
      rule: "rows",
      find: [
        { by: "field", field: "buyerUid", value: "uid" },
        { by: "field", field: "redeemedBy", value: "uid" },
      ],
      omit: ["code"],
      others: ["buyerUid", "redeemedBy"],
    },
  },
  {
    collection: "giftCodes",
    domain: "wallet",
    holds: "",
    personal: [],
    readers: "anyone holding the code",
    kept: "with the gift",
    deletion: { rule: "nothing personal" },
    export: { rule: "none", reason: "a code, not a person; the gift itself is exported" },
  },
  content("giftTypes", "wallet"),
  content("creditPacks", "wallet"),
  {
    collection: "userCreditPacks",
    domain: "wallet",
    holds: "uid, pack, price, dates",
    personal: ["uid", "payment"],
    readers: "member",
    kept: "no end (accounts)",
    deletion: { rule: "anonymise", note: "uid → pseudonym, settled" },
    export: { rule: "rows", find: [byUid] },
  },
  {
    collection: "classCredits",
    domain: "wallet",
    holds: "uid, every credit movement, booking references",
    personal: ["uid", "payment"],
    readers: "member (balances)",
    kept: "no end (ADR 022's ledger)",
    deletion: { rule: "anonymise", note: "left credits lapse with a line; moved to the pseudonym's ids, otherwise unchanged" },
    export: { rule: "rows", find: [byUid] },
  },
  {
    collection: "creditAccounts",
    domain: "wallet",
    holds: "uid, the ledger's length",
    personal: ["uid"],
    readers: "member (balances)",
    kept: "no end (ADR 022's ledger)",
    deletion: { rule: "anonymise", note: "moved to the pseudonym's id" },
    export: { rule: "rows", find: [byId] },
  },
  {
    collection: "referralCodes",
    domain: "wallet",
    holds: "uid; the code carries the first name",
    personal: ["uid", "name"],
    readers: "anyone with the link",
    kept: "until deletion",
    deletion: { rule: "delete" },
    export: { rule: "rows", find: [byUid] },
  },
  {
    collection: "referralOwners",
    domain: "wallet",
    holds: "uid, their code",
    personal: ["uid"],
    readers: "server",
    kept: "until deletion",
    deletion: { rule: "delete" },
    export: { rule: "rows", find: [byId] },
  },
  {
    collection: "referrals",
    domain: "wallet",
    holds: "both uids, the friend's first name",
    personal: ["uid", "name"],
    readers: "the referrer (settings)",
    kept: "no end",
    deletion: { rule: "delete", note: "theirs and the ones naming them as referrer; a reward's thank-you naming them is reworded" },
    export: { rule: "rows", find: [byId, { by: "field", field: "referrerUid", value: "uid" }], others: ["referrerUid", "friendUid"] },
  },
  // classes
  {
    collection: "classes",
    domain: "classes",
    holds: "the uids of a class's cohosts",
    personal: ["uid"],
    readers: "anyone (the schedule; cohost lists: staff)",
    kept: "no end",
    deletion: { rule: "anonymise", note: "taken off every cohost list" },
    export: { rule: "custom", note: "the classes they cohost" },
  },
  content("classTemplates", "classes", "staff"),
  {
    collection: "classBookings",
    domain: "classes",
    holds: "uid, class, payment",
    personal: ["uid", "activity"],
    readers: "member",
    kept: "no end",
    deletion: { rule: "delete", note: "future places cancelled first" },
    export: { rule: "rows", find: [byUid] },
  },
  {
    collection: "classSeats",
    domain: "classes",
    holds: "uids in line",
    personal: ["uid"],
    readers: "server",
    kept: "with the class",
    deletion: { rule: "delete", note: "taken off the line" },
    export: { rule: "custom", note: "their own place in each line" },
  },
  {
    collection: "userActions",
    domain: "classes",
    holds: "what they booked, cancelled, waited for",
    personal: ["uid", "activity"],
    readers: "server",
    kept: "no end",
    deletion: { rule: "delete" },
    export: { rule: "rows", find: [byUid] },
  },
  // on demand
  content("onDemandClasses", "on-demand"),
  content("onDemandSeries", "on-demand"),
  content("onDemandShelves", "on-demand"),
  content("onDemandTranscripts", "on-demand"),
  content("classTags", "on-demand"),
  {
    collection: "watchHistory",
    domain: "on-demand",
    holds: "what they watched, where they stopped",
    personal: ["uid", "activity"],
    readers: "member",
    kept: "until deletion",
    deletion: { rule: "delete" },
    export: { rule: "rows", find: [byUid] },
  },
  {
    collection: "favoritedContent",
    domain: "on-demand",
    holds: "what they saved",
    personal: ["uid", "activity"],
    readers: "member",
    kept: "until deletion",
    deletion: { rule: "delete" },
    export: { rule: "rows", find: [byUid] },
  },
  // studios
  {
    collection: "studios",
    domain: "studios",
    holds: "the uids of a studio's front-desk staff",
    personal: ["uid"],
    readers: "anyone (studio pages; staff lists: staff)",
    kept: "no end",
    deletion: { rule: "anonymise", note: "taken off every staff list" },
    export: { rule: "custom", note: "the studios whose front desk they run" },
  },
  content("waivers", "studios"),
  content("waiverHeads", "studios"),
  {
    collection: "inPersonTickets",
    domain: "studios",
    holds: "uid, class, check-in code, payment",
    personal: ["uid", "activity", "payment"],
    readers: "member; studio staff (roster)",
    kept: "no end",
    deletion: { rule: "delete", note: "future tickets cancelled first" },
    export: { rule: "rows", find: [byUid], omit: ["code"] },
  },
  {
    collection: "inPersonSeats",
    domain: "studios",
    holds: "uids in line",
    personal: ["uid"],
    readers: "server",
    kept: "with the class",
    deletion: { rule: "delete", note: "taken off the line" },
    export: { rule: "custom", note: "their own place in each line" },
  },
  {
    collection: "studioTransactions",
    domain: "studios",
    holds: "uid, drop-in or studio membership, amount",
    personal: ["uid", "payment"],
    readers: "member",
    kept: "no end (accounts)",
    deletion: { rule: "anonymise", note: "uid → pseudonym" },
    export: { rule: "rows", find: [byUid] },
  },
  {
    collection: "userMemberships",
    domain: "studios",
    holds: "uid, studio, dates",
    personal: ["uid", "payment"],
    readers: "member",
    kept: "no end",
    deletion: { rule: "delete" },
    export: { rule: "rows", find: [byUid] },
  },
  {
    collection: "waiverSignatures",
    domain: "studios",
    holds: "full name, e-mail, phone, birthday, minor, guardian's name",
    personal: ["uid", "name", "email", "phone", "birthday"],
    readers: "member (signed copy); studio staff",
    kept: "until deletion",
    deletion: { rule: "delete" },
    export: { rule: "rows", find: [byUid] },
  },
  {
    collection: "userCheckInInfo",
    domain: "studios",
    holds: "whether and when they came",
    personal: ["uid", "activity"],
    readers: "studio staff",
    kept: "no end",
    deletion: { rule: "delete" },
    export: { rule: "rows", find: [byUid] },
  },
  {
    collection: "userCheckInInfoRecord",
    domain: "studios",
    holds: "each check-in and undo, and which staff made it",
    personal: ["uid", "activity"],
    readers: "studio staff",
    kept: "no end",
    deletion: { rule: "anonymise", note: "deleted; check-ins they made as staff keep the pseudonym as `by`" },
    export: { rule: "rows", find: [byUid, { by: "field", field: "by", value: "uid" }], others: ["uid", "by"] },
  },
  // engagement
  {
    collection: "practiceEntries",
    domain: "engagement",
    holds: "each class practised: when, where (zone), how long",
    personal: ["uid", "activity", "place"],
    readers: "member",
    kept: "until deletion",
    deletion: { rule: "delete" },
    export: { rule: "rows", find: [byUid] },
  },
  {
    collection: "practiceSettings",
    domain: "engagement",
    holds: "weekly aim, pauses, freezes, shout-out choice",
    personal: ["uid"],
    readers: "member",
    kept: "until deletion",
    deletion: { rule: "delete" },
    export: { rule: "rows", find: [byUid] },
  },
  {
    collection: "userAchievements",
    domain: "engagement",
    holds: "milestones reached",
    personal: ["uid", "activity"],
    readers: "member; a teacher sees a shout-out when the member allows it",
    kept: "until deletion",
    deletion: { rule: "delete" },
    export: { rule: "rows", find: [byUid] },
  },
  content("challenges", "engagement"),
  {
    collection: "userChallenges",
    domain: "engagement",
    holds: "rounds joined and left",
    personal: ["uid", "activity"],
    readers: "member",
    kept: "until deletion",
    deletion: { rule: "delete" },
    export: { rule: "rows", find: [byUid] },
  },
  {
    collection: "userChallengeEvents",
    domain: "engagement",
    holds: "joining and leaving, with dates",
    personal: ["uid", "activity"],
    readers: "server",
    kept: "until deletion",
    deletion: { rule: "delete" },
    export: { rule: "rows", find: [byUid] },
  },
  {
    collection: "followingRelationships",
    domain: "engagement",
    holds: "teachers followed, mail wanted",
    personal: ["uid"],
    readers: "member; the teacher's count",
    kept: "until deletion",
    deletion: { rule: "delete" },
    export: { rule: "rows", find: [byUid] },
  },
  {
    collection: "friendshipScoreCache",
    domain: "engagement",
    holds: "who practised beside whom (a cache of practiceEntries)",
    personal: ["uid"],
    readers: "server",
    kept: "recomputed daily",
    deletion: { rule: "delete", note: "theirs and every cache naming them" },
    export: { rule: "rows", find: [byId], omit: ["scores"] },
  },
  {
    collection: "companionInvites",
    domain: "engagement",
    holds: "both uids, the answer",
    personal: ["uid"],
    readers: "both members",
    kept: "until deletion",
    deletion: { rule: "delete" },
    export: {
      rule: "rows",
      find: [
        { by: "field", field: "from", value: "uid" },
        { by: "field", field: "to", value: "uid" },
      ],
      others: ["from", "to"],
    },
  },
  content("surveyQuestions", "engagement", "members shown a survey; admins"),
  content("surveyCampaigns", "engagement", "members shown a survey; admins"),
  {
    collection: "userSurveys",
    domain: "engagement",
    holds: "the experiment arm, surveys shown and put away",
    personal: ["uid"],
    readers: "server",
    kept: "until deletion",
    deletion: { rule: "delete" },
    export: { rule: "rows", find: [byId] },
  },
  {
    collection: "surveyAnswers",
    domain: "engagement",
    holds: "uid, the answers, free text included",
    personal: ["uid", "free text"],
    readers: "admins (counts and a CSV)",
    kept: "until deletion",
    deletion: { rule: "delete", note: "the counts on /staff/surveys lose their answers too" },
    export: { rule: "rows", find: [byUid] },
  },
  // privacy
  {
    collection: "accountDeletions",
    domain: "privacy",
    holds: "uid, pseudonym, e-mail addresses, customer ids",
    personal: ["uid", "email"],
    readers: "server",
    kept: "while the deletion runs",
    deletion: { rule: "delete", note: "at its end" },
    export: { rule: "none", reason: "exists only while an account is being deleted" },
  },
  // staff
  {
    collection: "staffRoster",
    domain: "staff",
    holds: "everyone with a role: uid, name, phone or e-mail, roles",
    personal: ["uid", "name", "email", "phone"],
    readers: "admins (people page)",
    kept: "while they hold a role",
    deletion: { rule: "delete", note: "their entry; the last admin cannot delete their account" },
    export: { rule: "custom", note: "their own entry" },
  },
  {
    collection: "auditLog",
    domain: "staff",
    holds: "each staff change: who made it (uid, name), whom it named (uid, name)",
    personal: ["uid", "name"],
    readers: "admins",
    kept: "no end (accountability)",
    deletion: {
      rule: "anonymise",
      note: 'entries they made or that named them keep the change, with the pseudonym and "Deleted account" instead of uid and name',
    },
    export: { rule: "custom", note: "changes they made and changes made to their account" },
  },
  {
    collection: "classNotes",
    domain: "staff",
    holds: "the uid of the staff member who sent a note",
    personal: ["uid", "free text"],
    readers: "staff",
    kept: "no end (send-once)",
    deletion: { rule: "anonymise", note: "sender → pseudonym; the note, written to a class, stays" },
    export: { rule: "rows", find: [{ by: "field", field: "sentBy", value: "uid" }] },
  },
  system("featureFlags", "staff", "server", "until changed"),
  // platform
  {
    collection: "analyticsEvents",
    domain: "platform",
    holds: "uid, event properties",
    personal: ["uid", "activity"],
    readers: "server (forwarded to the analytics provider when set)",
    kept: "no end yet (issue 23, item 10)",
    deletion: { rule: "delete" },
    export: { rule: "rows", find: [byUid] },
  },
  {
    collection: "collectedEvents",
    domain: "platform",
    holds: "the analytics id; older uploads carry name, e-mail, phone",
    personal: ["uid", "name", "email", "phone", "activity", "device"],
    readers: "server",
    kept: "no end yet (item 10)",
    deletion: { rule: "delete", note: "by user id and analytics id" },
    export: {
      rule: "rows",
      find: [
        { by: "field", field: "user_id", value: "uid" },
        { by: "field", field: "user_id", value: "analytics id" },
      ],
    },
  },
  {
    collection: "sentMail",
    domain: "platform",
    holds: "address, subject (may name a gift's buyer), key (may hold a uid), uid",
    personal: ["uid", "email", "name"],
    readers: "server",
    kept: "no end (send-once)",
    deletion: { rule: "anonymise", note: "address, subject and key removed, uid → pseudonym" },
    export: { rule: "rows", find: [byUid, { by: "field", field: "to", value: "email" }], omit: ["text", "attachments", "key"] },
  },
  system("rateLimits", "platform", "server", "until the window ends (keys are keyed digests: no address or uid)"),
  system("jobLeases", "platform", "server", "while a job runs"),
  system("cacheSignals", "platform", "server", "no end"),
  // Counts only (no uid): moved in the follow's or join's own transaction.
  system("followerCounts", "engagement", "anyone (a teacher's page)", "while the teacher is listed"),
  system("challengeRoundCounts", "engagement", "anyone (a challenge's page)", "while the challenge is listed"),
  // the payment provider (demo)
  provider("demoPaymentsCustomers", "customer: uid, e-mail, name", ["uid", "email", "name"]),
  provider("demoPaymentsSessions", "our uid in metadata", ["uid"]),
  provider("demoPaymentsSubscriptions", "our uid in metadata", ["uid"]),
  provider("demoPaymentsEvents", "our uid in metadata", ["uid"]),
  provider("demoPaymentsCharges", "our uid in metadata", ["uid"]),
  provider("demoPaymentsRefunds", "a charge's refund", []),
  provider("demoPaymentsIdempotency", "a request's key", []),
];

const BY_NAME = new Map(DATA_INVENTORY.map((entry) => [entry.collection, entry]));

/** The entry for a collection, or undefined when it is not declared. */
export function inventoryEntry(collection: string): InventoryEntry | undefined {
  return BY_NAME.get(collection);
}

/** Every declared collection's name: the only ones the store writes. */
export const DECLARED_COLLECTIONS: ReadonlySet<string> = new Set(BY_NAME.keys());

/** Collections that hold something of a person, in our own books (not the provider's). */
export function personalCollections(): InventoryEntry[] {
  return DATA_INVENTORY.filter((entry) => entry.personal.length > 0 && entry.domain !== "payment provider");
}

function deletionText(rule: DeletionRule): string {
  switch (rule.rule) {
    case "delete":
      return rule.note ? `deleted (${rule.note})` : "deleted";
    case "anonymise":
      return `anonymised: ${rule.note}`;
    case "keep":
      return `kept: ${rule.reason}`;
    default:
      return "nothing personal";
  }
}

function exportText(rule: ExportRule): string {
  switch (rule.rule) {
    case "rows":
      return "their documents";
    case "custom":
      return rule.note;
    default:
      return `not exported: ${rule.reason}`;
  }
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

/** ADR 032's table, made from the inventory (the ADR's addendum holds it; a test compares them). */
export function renderInventoryTable(entries: readonly InventoryEntry[] = DATA_INVENTORY): string {
  const rows = [
    "| Collection | Domain | What it holds about a person | Who can read it | Kept | On deletion | In the export |",
    "|---|---|---|---|---|---|---|",
  ];
  for (const entry of [...entries].sort((a, b) => a.collection.localeCompare(b.collection))) {
    rows.push(
      `| \`${entry.collection}\` | ${entry.domain} | ${cell(entry.holds || "nothing personal")} | ${cell(entry.readers)} | ${cell(entry.kept)} | ${cell(deletionText(entry.deletion))} | ${cell(exportText(entry.export))} |`,
    );
  }
  return rows.join("\n");
}
