import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { contentChanged } from "~/lib/cache.server";
import { ROLES } from "~/lib/route-handle";
import type { AuditArea } from "./audit";
import { recordChange } from "./audit.server";
import { PUBLISH_STATES, type PublishState } from "./publishing";

/**
 * Scheduled publishing, shared by articles, press items and learn series (issue 26; ADR 047, ADR
 * 053): the fields a scheduled record carries, and the loop the "scheduled publishing" job runs.
 */

/** The fields a record that can be scheduled keeps beside its public shape. */
export const SCHEDULE_FIELDS = {
  state: z.enum(PUBLISH_STATES).optional(),
  /** When a scheduled record publishes itself (ISO). */
  publishAt: z.string().nullable().default(null),
  /** Who scheduled it: the publish job acts in their name in the audit log. */
  scheduledBy: z
    .object({ uid: z.string(), name: z.string(), role: z.enum(ROLES) })
    .nullable()
    .default(null),
};

/** A record's state; a seeded one without it is published or unpublished by its flag. */
export function publishStateOf(record: { state?: PublishState; published: boolean }): PublishState {
  return record.state ?? (record.published ? "published" : "unpublished");
}

type Scheduled = {
  id: string;
  title: string;
  published: boolean;
  state?: PublishState;
  publishAt: string | null;
  scheduledBy: { uid: string; name: string; role: (typeof ROLES)[number] } | null;
};

export interface DueKind<T extends Scheduled> {
  collection: string;
  schema: z.ZodType<T, z.ZodTypeDef, unknown>;
  area: AuditArea;
  noun: string;
  cacheKeys: readonly string[];
  /** The record as the audit log describes it. */
  facts: (record: T) => Record<string, unknown>;
  /** What else changes when it goes public at `at` (its first-public day, say). */
  onPublish?: (record: T, at: string) => Partial<T>;
}

/**
 * Publishes every scheduled record of one kind whose time has come, each in its own transaction
 * that re-reads it first, so two runs at once (two instances) publish it once, with one audit entry
 * in the name of whoever scheduled it; then drops the public caches as a manual publish does.
 * Answers how many this run published.
 */
export async function publishDue<T extends Scheduled>(kind: DueKind<T>, now = new Date()): Promise<number> {
  const { docs } = await getStore().query(kind.collection, kind.schema, {
    where: [{ field: "state", op: "==", value: "scheduled" }],
    limit: 200,
  });
  let published = 0;
  for (const { id } of docs) {
    const done = await getStore().transaction(async (tx) => {
      const record = await tx.get(kind.collection, id, kind.schema);
      if (!record || publishStateOf(record) !== "scheduled" || !record.publishAt || Date.parse(record.publishAt) > now.getTime())
        return false;
      const patch = {
        ...kind.onPublish?.(record, record.publishAt),
        state: "published" as const,
        published: true,
        publishAt: null,
        scheduledBy: null,
      } as Partial<T>;
      const after = { ...record, ...patch };
      const actor = record.scheduledBy ?? { uid: "system", name: "Scheduled publishing", role: "blogEditor" as const };
      tx.update(kind.collection, id, patch as Record<string, unknown>);
      recordChange(tx, {
        actor,
        area: kind.area,
        action: `published the ${kind.noun} at its scheduled time`,
        target: { collection: kind.collection, id, label: record.title },
        before: kind.facts(record),
        after: kind.facts(after),
        at: new Date(),
      });
      return true;
    });
    if (done) published += 1;
  }
  if (published > 0) contentChanged(kind.cacheKeys);
  return published;
}
