import { strToU8, zipSync } from "fflate";
import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import type { StoredDocument } from "~/services/store/port.server";
import { DATA_INVENTORY, type Finder, type InventoryEntry } from "~/lib/data-inventory";
import { analyticsIdFor } from "~/platform/analytics-id.server";
import { getSignInAccount } from "~/models/identity/account.server";
import { getPrivateUser } from "~/models/identity/user.server";
import { clockDayTime, readerDay, zoneWords } from "~/models/identity/clock";
import { FALLBACK_TIME_ZONE } from "~/models/identity/user";
import { getPendingEmail } from "~/models/identity/email-change.server";
import { CLASSES } from "~/models/classes/class-schedule.server";
import { CLASS_BOOKINGS, CLASS_SEATS } from "~/models/classes/booking.server";
import { IN_PERSON_SEATS, IN_PERSON_TICKETS, STUDIOS } from "~/models/studios/studio-records";
import { STAFF_ROSTER, rosterEntryOf } from "~/models/staff/people.server";
import { AUDIT_LOG, auditEntriesOf } from "~/models/staff/audit.server";

/**
 * "Download my data" (GDPR Art. 15 and 20; issue 35; docs/decisions/055-one-data-inventory.md): what
 * the site holds about a member, read from every collection the data inventory says holds something
 * of a person, as a zip of JSON and CSV files with a README saying what each file is. Deletion's
 * twin: the same inventory says where to look. Other people stay out of it: fields that may name
 * someone else say "another member" unless they name this member, and codes that work like keys
 * (gift and check-in codes, sign-in links in mail) are left out.
 */

export type ExportRow = Record<string, unknown>;
export interface ExportFile {
  collection: string;
  holds: string;
  rows: ExportRow[];
}

interface Member {
  uid: string;
  analyticsId: string;
  emails: string[];
}

const AnyDocument = z.record(z.unknown());
const ANOTHER_MEMBER = "another member";
const PAGE = 500;

/** The member's documents for each finder, once each. */
async function found(collection: string, finders: readonly Finder[], member: Member): Promise<Array<StoredDocument<ExportRow>>> {
  const docs = new Map<string, ExportRow>();
  for (const finder of finders) {
    if (finder.by === "id") {
      const doc = await getStore().get(collection, member.uid, AnyDocument);
      if (doc) docs.set(member.uid, doc);
      continue;
    }
    const values = finder.value === "uid" ? [member.uid] : finder.value === "analytics id" ? [member.analyticsId] : member.emails;
    for (const value of values) for (const doc of await documentsWhere(collection, finder.field, value)) docs.set(doc.id, doc.data);
  }
  return [...docs].map(([id, data]) => ({ id, data }));
}

function shaped(entry: InventoryEntry, doc: StoredDocument<ExportRow>, member: Member): ExportRow {
  if (entry.export.rule !== "rows") return doc.data;
  const { omit = [], others = [] } = entry.export;
  // A document id may carry another member's uid where the record is shared (an invitation, a referral).
  const row: ExportRow = others.length === 0 ? { id: doc.id } : {};
  for (const [key, value] of Object.entries(doc.data)) {
    if (omit.includes(key)) continue;
    row[key] = others.includes(key) && typeof value === "string" && value !== member.uid ? ANOTHER_MEMBER : value;
  }
  return row;
}

/** Every document of a collection, a page at a time, kept when `keep` says so (for lists no query can find). */
async function scan(collection: string, keep: (data: ExportRow) => boolean): Promise<Array<StoredDocument<ExportRow>>> {
  const out: Array<StoredDocument<ExportRow>> = [];
  let cursor: string | null = null;
  do {
    const page: { docs: Array<StoredDocument<ExportRow>>; nextCursor: string | null } = await getStore().query(collection, AnyDocument, {
      limit: PAGE,
      cursor,
    });
    out.push(...page.docs.filter((doc) => keep(doc.data)));
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

const listIncludes = (field: string, uid: string) => (data: ExportRow) =>
  Array.isArray(data[field]) && (data[field] as unknown[]).includes(uid);

/** Rows for the collections whose inventory entry says `custom`: records shared with other people, where only the member's part is theirs. */
export const CUSTOM_EXPORTS: Record<string, (member: Member) => Promise<ExportRow[]>> = {
  [CLASSES]: async ({ uid }) =>
    (await scan(CLASSES, listIncludes("cohostUids", uid))).map(({ id, data }) => ({
      classId: id,
      title: data.title,
      startsAt: data.startsAt,
      status: data.status,
      you: "cohost",
    })),
  [STUDIOS]: async ({ uid }) =>
    (await scan(STUDIOS, listIncludes("staffUids", uid))).map(({ id, data }) => ({
      studioId: id,
      name: data.name,
      you: "front-desk staff",
    })),
  [CLASS_SEATS]: (member) => placesInLine(CLASS_SEATS, CLASS_BOOKINGS, member),
  [IN_PERSON_SEATS]: (member) => placesInLine(IN_PERSON_SEATS, IN_PERSON_TICKETS, member),
  [STAFF_ROSTER]: async ({ uid }) => {
    const mine = await rosterEntryOf(uid);
    return mine ? [{ ...mine }] : [];
  },
  [AUDIT_LOG]: async ({ uid }) => {
    const { made, about } = await auditEntriesOf(uid);
    // What they did as staff, without the people it named; what was done to their account, by which role.
    return [
      ...made.map((entry) => ({
        at: entry.at,
        you: "made this change",
        area: entry.area,
        action: entry.action,
        record: entry.target.collection,
      })),
      ...about.map((entry) => ({
        at: entry.at,
        you: "this change was made to your account",
        area: entry.area,
        action: entry.action,
        by: entry.actorRole,
        changes: entry.changes,
      })),
    ];
  },
};

/** Their own place in each line they are in, and nobody else's. */
async function placesInLine(seats: string, places: string, member: Member): Promise<ExportRow[]> {
  const rows: ExportRow[] = [];
  const classIds = new Set((await documentsWhere(places, "uid", member.uid)).map((doc) => String(doc.data.classId)));
  for (const classId of classIds) {
    const line = await getStore().get(
      seats,
      classId,
      z.object({ waitlist: z.array(z.object({ uid: z.string(), waitlistedAt: z.number() })).default([]) }),
    );
    const at = line?.waitlist.findIndex((entry) => entry.uid === member.uid) ?? -1;
    if (line && at >= 0) rows.push({ classId, placeInLine: at + 1, waitlistedAt: line.waitlist[at].waitlistedAt });
  }
  return rows;
}

/** Everything the site holds about the member, collection by collection (empty ones included), and their sign-in account. */
export async function memberData(uid: string): Promise<{ account: ExportRow | null; files: ExportFile[] }> {
  const [account, user, pending] = await Promise.all([getSignInAccount(uid), getPrivateUser(uid), getPendingEmail(uid)]);
  const emails = [
    ...new Set(
      [account?.email, user?.email, pending]
        .filter((email): email is string => typeof email === "string" && email.includes("@"))
        .map((email) => email.toLowerCase()),
    ),
  ];
  const member: Member = { uid, analyticsId: analyticsIdFor(uid), emails };
  const files: ExportFile[] = [];
  for (const entry of DATA_INVENTORY) {
    if (entry.personal.length === 0 || entry.export.rule === "none") continue;
    const rows =
      entry.export.rule === "custom"
        ? await (CUSTOM_EXPORTS[entry.collection]?.(member) ?? Promise.reject(new Error(`no reader for ${entry.collection}`)))
        : (await found(entry.collection, entry.export.find, member)).map((doc) => shaped(entry, doc, member));
    files.push({ collection: entry.collection, holds: entry.holds, rows });
  }
  const sign = account
    ? {
        uid: account.uid,
        phoneNumber: account.phoneNumber,
        email: account.email,
        createdAt: iso(account.createdAt),
        lastSignInAt: iso(account.lastSignInAt),
        lastActiveAt: iso(account.lastActiveAt),
      }
    : null;
  return { account: sign, files };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** One CSV cell: quoted when needed, objects as JSON, and a leading = + - @ defused so a spreadsheet never runs it. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "object" ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly ExportRow[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return (
    [columns.map(csvCell).join(","), ...rows.map((row) => columns.map((column) => csvCell(row[column])).join(","))].join("\r\n") + "\r\n"
  );
}

function readme(files: ExportFile[], made: string): string {
  const held = files.filter((file) => file.rows.length > 0);
  const none = files.filter((file) => file.rows.length === 0);
  return [
    "Your data from Stillhour",
    "========================",
    "",
    `Made on ${made}. This is everything our site holds about you, one pair of files for each kind of record:`,
    "the .json file is the record as we keep it, the .csv file the same rows for a spreadsheet. A date",
    "written as a number counts milliseconds from the first moment of 1970 at Greenwich, the way computers",
    "keep time the world over; a spreadsheet can turn it into your own date and time. Where a record is",
    'shared with someone else, their part reads "another member". Codes that work like keys (gift and',
    "check-in codes) are left out.",
    "",
    "account.json: your sign-in account: phone, e-mail, when it was made and last used.",
    ...held.map(
      (file) =>
        `${file.collection}.json, ${file.collection}.csv: ${file.holds || "records of yours"} (${file.rows.length} ${file.rows.length === 1 ? "row" : "rows"}).`,
    ),
    "",
    none.length > 0 ? `We hold nothing of yours in: ${none.map((file) => file.collection).join(", ")}.` : "",
    "",
    "Your profile photo, if you have one, is at the address in privateUsers.json (photoUrl).",
    "Payments are also recorded by our payment provider, under their own privacy terms.",
    "Something to correct? Change it in your settings, or reply to any e-mail from us. Deleting your",
    "account (also in your settings) removes all of this.",
    "",
  ].join("\n");
}

/**
 * The zip a member downloads: README.txt, account.json, and a JSON and a CSV file for each collection
 * holding something of theirs. Its day and the README's "made on" are the member's own (`zone`, the
 * zone they read times in; Greenwich time while it is not known).
 */
export async function memberDataZip(uid: string, zone: string | null, now = new Date()): Promise<{ zip: Uint8Array; filename: string }> {
  const { account, files } = await memberData(uid);
  const folder = `stillhour-data-${readerDay(now, zone)}`;
  const made = `${clockDayTime(now, zone)} (${zoneWords(zone ?? FALLBACK_TIME_ZONE)})`;
  const entries: Record<string, Uint8Array> = {
    [`${folder}/README.txt`]: strToU8(readme(files, made)),
    [`${folder}/account.json`]: strToU8(`${JSON.stringify(account, null, 2)}\n`),
  };
  for (const file of files) {
    if (file.rows.length === 0) continue;
    entries[`${folder}/${file.collection}.json`] = strToU8(`${JSON.stringify(file.rows, null, 2)}\n`);
    entries[`${folder}/${file.collection}.csv`] = strToU8(toCsv(file.rows));
  }
  return { zip: zipSync(entries, { level: 6, mtime: now }), filename: `${folder}.zip` };
}
