import { createHash } from "node:crypto";
import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import { getSpreadsheetExport, leadsTable } from "~/services/export/index.server";
import { ExportError } from "~/services/export/port";
import { createRateLimit } from "~/platform/rate-limit.server";
import { LEAD_SOURCES, StoredLeadSchema, leadExportFields, type LeadForm, type StoredLead } from "./lead";

/** Stores a lead once per address and source; a repeat sign-up changes nothing and still succeeds. */
export async function createLead(form: LeadForm, source: (typeof LEAD_SOURCES)[number]): Promise<{ created: boolean }> {
  const email = form.email.toLowerCase();
  const id = leadId(source, email);
  const created = await getStore().createIfAbsent("leads", id, {
    email,
    firstName: form.firstName ?? null,
    source,
    createdAt: Date.now(),
    // Stored first, exported after: a failed export leaves it pending for the timer, never lost.
    exportState: "pending",
    exportAttempts: 0,
  });
  if (created && getSpreadsheetExport()) void exportLeads([id]).catch(() => undefined);
  return { created };
}

/** Exports the given pending leads now (the form's own attempt); the timer catches whatever fails. */
export async function exportLeads(ids: string[]): Promise<{ exported: number; failed: number }> {
  const store = getStore();
  const leads = (await Promise.all(ids.map(async (id) => ({ id, data: await store.get("leads", id, StoredLeadSchema) })))).filter(
    (doc): doc is { id: string; data: NonNullable<typeof doc.data> } => doc.data?.exportState === "pending",
  );
  return exportBatch(leads);
}

/**
 * Sends every pending lead to the spreadsheet service, a batch at a time, and marks each done once
 * the service has it. Safe to run beside another copy: the service merges rows on the lead's id, so a
 * lead sent twice is one row. Without a configured service it does nothing (the store alone).
 */
export async function exportPendingLeads(options: { limit?: number } = {}): Promise<{ exported: number; failed: number }> {
  if (!getSpreadsheetExport()) return { exported: 0, failed: 0 };
  const { docs } = await getStore().query("leads", StoredLeadSchema, {
    where: [{ field: "exportState", op: "==", value: "pending" }],
    limit: options.limit ?? 200,
  });
  return exportBatch(docs);
}

async function exportBatch(leads: Array<{ id: string; data: StoredLead }>): Promise<{ exported: number; failed: number }> {
  const exporter = getSpreadsheetExport();
  if (!exporter || leads.length === 0) return { exported: 0, failed: 0 };
  const store = getStore();
  let exported = 0;
  let failed = 0;
  for (let at = 0; at < leads.length; at += exporter.maxBatch) {
    const batch = leads.slice(at, at + exporter.maxBatch);
    try {
      await exporter.upsert(
        leadsTable(),
        batch.map((lead) => ({ key: lead.id, fields: leadExportFields(lead.data) })),
      );
      await Promise.all(batch.map((lead) => store.update("leads", lead.id, { exportState: "done", exportError: null })));
      exported += batch.length;
    } catch (error) {
      const code = error instanceof ExportError ? error.code : "unknown";
      console.warn(JSON.stringify({ level: "warn", msg: "lead export failed", service: exporter.name, code, leads: batch.length }));
      await Promise.all(
        batch.map((lead) =>
          store.update("leads", lead.id, { exportAttempts: (lead.data.exportAttempts ?? 0) + 1, exportError: code }).catch(() => undefined),
        ),
      );
      failed += batch.length;
    }
  }
  return { exported, failed };
}

// Five sign-ups per address in ten minutes is plenty for a person and little for a script.
export const LEAD_LIMIT = createRateLimit({ name: "lead", limit: 5, windowMs: 10 * 60_000, per: "address" });
const leadLimit = LEAD_LIMIT;

/** Counts one attempt from a client address (lib/rate-limit's clientAddress); false once it is over the limit. */
export async function allowLeadAttempt(client: string): Promise<boolean> {
  return (await leadLimit.attempt(client)).ok;
}

function leadId(source: string, email: string): string {
  return createHash("sha256").update(`${source}:${email}`).digest("hex").slice(0, 32);
}

/**
 * Deletes the leads (e-book sign-ups) made with a leaving member's addresses. Rows already exported
 * to the spreadsheet service stay there until removed by hand (ADR 032).
 */
export async function forgetLeads(emails: readonly string[]): Promise<void> {
  const store = getStore();
  for (const email of new Set(emails.map((address) => address.toLowerCase()))) {
    const ids = new Set([
      ...LEAD_SOURCES.map((source) => leadId(source, email)),
      ...(await documentsWhere("leads", "email", email)).map((doc) => doc.id),
    ]);
    for (const id of ids) await store.delete("leads", id);
  }
}
