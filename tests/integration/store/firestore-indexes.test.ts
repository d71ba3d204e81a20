import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { effectiveOrder, type DocumentStore, type QueryOptions } from "../../../app/services/store/port.server";

process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

/**
 * Every query the jobs and content pages run with a filter and an order on different fields needs a
 * composite index on Firestore (single-field indexes serve the rest). The queries are recorded from
 * the real model functions on the SQLite driver, and each one that needs a composite index must find
 * it in firestore.indexes.json, which `firebase deploy --only firestore:indexes` installs.
 */

const { setStoreForTests } = await import("../../../app/services/store/index.server");
const { createSqliteStore } = await import("../../../app/services/store/sqlite.server");
const content = await import("../../../app/models/content/content.server");
const { deliverDueGifts } = await import("../../../app/models/wallet/gifts.server");
const { listUpcomingClasses, getUpcomingClasses } = await import("../../../app/models/classes/class-schedule.server");
const { sendReminders } = await import("../../../app/models/classes/class-reminders.server");
const { markEndedNoShows } = await import("../../../app/models/studios/check-in.server");
const { exportPendingLeads } = await import("../../../app/models/content/lead.server");
const { listAuditEntries } = await import("../../../app/models/staff/audit.server");
const { syncTemplateClasses, classesOutOfLine } = await import("../../../app/models/classes/template-sync.server");
const { listPractice } = await import("../../../app/models/engagement/practice.server");

type Recorded = { collection: string; options: QueryOptions };
type IndexField = { fieldPath: string; order: "ASCENDING" | "DESCENDING" };
type Need = { equal: IndexField[]; ordered: IndexField[] };

function recording(inner: DocumentStore, log: Recorded[]): DocumentStore {
  return new Proxy(inner, {
    get(target, key, receiver) {
      if (key === "query")
        return (collection: string, schema: never, options: QueryOptions = {}) => (
          log.push({ collection, options }),
          target.query(collection, schema, options)
        );
      return Reflect.get(target, key, receiver);
    },
  });
}

/**
 * The composite index a query needs, or null: its equality fields (in any order), then its order as
 * both drivers build it (the store port's `effectiveOrder`).
 */
function compositeIndexFor({ options }: Recorded): Need | null {
  const order = effectiveOrder(options);
  const equal = [
    ...new Set((options.where ?? []).filter((w) => w.op === "==" && !order.some((o) => o.field === w.field)).map((w) => w.field)),
  ];
  if (order.length === 0 || (equal.length === 0 && order.length === 1)) return null;
  return {
    equal: equal.map((fieldPath) => ({ fieldPath, order: "ASCENDING" as const })),
    ordered: order.map((o) => ({ fieldPath: o.field, order: o.direction === "desc" ? ("DESCENDING" as const) : ("ASCENDING" as const) })),
  };
}

const declared = (
  JSON.parse(readFileSync("firestore.indexes.json", "utf8")) as { indexes: Array<{ collectionGroup: string; fields: IndexField[] }> }
).indexes;

function hasIndex(collection: string, need: Need): boolean {
  const key = (field: IndexField) => `${field.fieldPath}:${field.order}`;
  return declared.some((index) => {
    if (index.collectionGroup !== collection || index.fields.length !== need.equal.length + need.ordered.length) return false;
    const head = index.fields.slice(0, need.equal.length).map(key).sort();
    const tail = index.fields.slice(need.equal.length).map(key);
    return (
      JSON.stringify(head) === JSON.stringify(need.equal.map(key).sort()) && JSON.stringify(tail) === JSON.stringify(need.ordered.map(key))
    );
  });
}

describe("Firestore composite indexes", () => {
  it("exist for every query of the content pages and jobs that needs one", async () => {
    const log: Recorded[] = [];
    setStoreForTests(recording(createSqliteStore(":memory:"), log));
    const now = new Date("2026-11-23T12:00:00Z");
    await content.getArticlePage({});
    await content.getArticlePage({ category: "sleep" });
    await content.listArticleSummaries();
    await content.getPressArticles();
    await getUpcomingClasses();
    await deliverDueGifts(now.getTime());
    await listUpcomingClasses({ from: now, to: new Date(now.getTime() + 7 * 86_400_000) });
    await sendReminders({ now });
    await markEndedNoShows(now);
    await exportPendingLeads();
    // The audit log's filters (issue 26): by person, by area, by both, each with days.
    await listAuditEntries({ actorUid: "someone", from: now, to: now });
    await listAuditEntries({ area: "codes", from: now });
    await listAuditEntries({ actorUid: "someone", area: "people" });
    await listAuditEntries({ from: now, to: now });
    // A class template's coming classes (issue 26, ADR 051): the edit's sync and the page's list.
    await syncTemplateClasses("breath", { now });
    await classesOutOfLine("breath", { now });
    // A member's practice record, newest first within its bound (issue 35).
    await listPractice("someone");
    setStoreForTests(undefined);

    const needed = log.flatMap((query) => {
      const need = compositeIndexFor(query);
      return need ? [{ collection: query.collection, ...need }] : [];
    });
    // The recording saw the shapes that need one (so this check cannot pass by seeing nothing).
    expect(needed.map((need) => need.collection).sort()).toEqual([
      "articles",
      "articles",
      "articles",
      "auditLog",
      "auditLog",
      "auditLog",
      "classes",
      "classes",
      "gifts",
      "practiceEntries",
    ]);
    const missing = needed.filter((need) => !hasIndex(need.collection, need));
    expect(missing, JSON.stringify(missing, null, 1)).toEqual([]);
  });
});
