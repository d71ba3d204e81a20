import { randomUUID } from "node:crypto";
import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import type { TransactionContext, WhereClause } from "~/services/store/port.server";
import { AuditEntrySchema, fieldDiff, type AuditActor, type AuditArea, type AuditEntry } from "./audit";

/**
 * `auditLog/{id}`: one entry per change made through the staff pages (issue 26; ADR 044). Entries
 * are only ever created, inside the transaction of the change they describe (so a change and its
 * entry commit together or not at all), with a fresh id (`create` refuses to overwrite). Nothing in
 * the app updates or deletes them, and no route offers to, with one exception: deleting an account
 * puts a pseudonym and "Deleted account" where an entry named that person (`anonymiseAuditEntries`).
 */

export const AUDIT_LOG = "auditLog";

export interface ChangeToRecord {
  actor: AuditActor;
  area: AuditArea;
  action: string;
  target: { collection: string; id: string; label: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at?: Date;
}

/**
 * Adds the entry for a change to the caller's transaction (after its reads, as Firestore requires).
 * Writes nothing and answers false when before and after do not differ.
 */
export function recordChange(tx: TransactionContext, change: ChangeToRecord): boolean {
  const changes = fieldDiff(change.before, change.after);
  if (changes.length === 0) return false;
  const at = (change.at ?? new Date()).toISOString();
  const entry: AuditEntry = {
    at,
    actorUid: change.actor.uid,
    actorName: change.actor.name,
    actorRole: change.actor.role,
    area: change.area,
    action: change.action,
    target: change.target,
    changes,
  };
  // Time first, so ids sort like the entries; the random tail keeps two changes in one millisecond apart.
  tx.create(AUDIT_LOG, `${at.replace(/[^0-9]/g, "")}-${randomUUID().slice(0, 12)}`, entry);
  return true;
}

export interface AuditFilter {
  actorUid?: string | null;
  area?: AuditArea | null;
  /** Inclusive. */
  from?: Date | null;
  /** Exclusive. */
  to?: Date | null;
  cursor?: string | null;
}

export const AUDIT_PAGE_SIZE = 50;

/** Entries matching the filter, newest first, a page at a time. */
export async function listAuditEntries(
  filter: AuditFilter,
  limit = AUDIT_PAGE_SIZE,
): Promise<{ entries: Array<AuditEntry & { id: string }>; nextCursor: string | null }> {
  const where: WhereClause[] = [];
  if (filter.actorUid) where.push({ field: "actorUid", op: "==", value: filter.actorUid });
  if (filter.area) where.push({ field: "area", op: "==", value: filter.area });
  if (filter.from) where.push({ field: "at", op: ">=", value: filter.from.toISOString() });
  if (filter.to) where.push({ field: "at", op: "<", value: filter.to.toISOString() });
  const { docs, nextCursor } = await getStore().query(AUDIT_LOG, AuditEntrySchema, {
    where,
    orderBy: [{ field: "at", direction: "desc" }],
    limit,
    cursor: filter.cursor ?? null,
  });
  return { entries: docs.map((doc) => ({ id: doc.id, ...doc.data })), nextCursor };
}

/** What an entry says instead of a deleted person's name. */
export const DELETED_ACCOUNT_LABEL = "Deleted account";

/**
 * Account deletion (ADR 032, issue 35): every entry they made, every entry about their account, and
 * every cohost change that listed them keeps the change, with their uid replaced by the deletion's
 * pseudonym (so one person's changes still read as one person's) and their name by "Deleted account".
 */
export async function anonymiseAuditEntries(uid: string, pseudonym: string): Promise<void> {
  const store = getStore();
  const found = [
    ...(await documentsWhere(AUDIT_LOG, "actorUid", uid)),
    ...(await documentsWhere(AUDIT_LOG, "target.id", uid)),
    // Cohost lists are recorded before and after, so those entries carry the uid in their changes.
    ...(await documentsWhere(AUDIT_LOG, "area", "classes")).filter((doc) => JSON.stringify(doc.data.changes ?? []).includes(uid)),
  ];
  for (const id of new Set(found.map((doc) => doc.id))) {
    await store.transaction(async (tx) => {
      const entry = await tx.get(AUDIT_LOG, id, AuditEntrySchema);
      if (!entry) return;
      const renamed = JSON.parse(JSON.stringify(entry).split(uid).join(pseudonym)) as AuditEntry;
      if (entry.actorUid === uid) renamed.actorName = DELETED_ACCOUNT_LABEL;
      if (entry.target.id === uid) renamed.target = { ...renamed.target, label: DELETED_ACCOUNT_LABEL };
      tx.set(AUDIT_LOG, id, { ...renamed });
    });
  }
}

/** "Download my data" (issue 35): the changes a person made, and the changes made to their account. */
export async function auditEntriesOf(uid: string): Promise<{ made: AuditEntry[]; about: AuditEntry[] }> {
  const read = async (field: string) => (await documentsWhere(AUDIT_LOG, field, uid, AuditEntrySchema)).map((doc) => doc.data);
  return { made: await read("actorUid"), about: await read("target.id") };
}
