import { ExportError, type ExportRow, type SpreadsheetExport } from "./port";

/**
 * Airtable's REST API (docs/decisions/025): `PATCH /v0/{baseId}/{table}` with `performUpsert` merging
 * on the "Key" field, so a retried export updates the row it made the first time instead of adding
 * another. Ten records per request (Airtable's limit); a personal access token with
 * `data.records:write` on the base.
 */
export const AIRTABLE_KEY_FIELD = "Key";

export function createAirtableExport(options: {
  token: string;
  baseId: string;
  apiUrl?: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}): SpreadsheetExport {
  const apiUrl = (options.apiUrl ?? "https://api.airtable.com").replace(/\/+$/, "");
  const fetchFn = options.fetch ?? globalThis.fetch;
  return {
    name: "airtable",
    maxBatch: 10,
    async upsert(table: string, rows: ExportRow[]) {
      if (rows.length === 0) return;
      if (rows.length > 10) throw new RangeError("Airtable takes at most 10 records per request");
      let response: Response;
      try {
        response = await fetchFn(`${apiUrl}/v0/${encodeURIComponent(options.baseId)}/${encodeURIComponent(table)}`, {
          method: "PATCH",
          headers: { authorization: `Bearer ${options.token}`, "content-type": "application/json" },
          body: JSON.stringify({
            performUpsert: { fieldsToMergeOn: [AIRTABLE_KEY_FIELD] },
            typecast: true,
            records: rows.map((row) => ({ fields: { ...row.fields, [AIRTABLE_KEY_FIELD]: row.key } })),
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch {
        throw new ExportError("network", true);
      }
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return;
      if (response.status === 401 || response.status === 403) throw new ExportError("unauthorized", true);
      if (response.status === 429) throw new ExportError("rate_limited", true);
      if (response.status >= 500) throw new ExportError("unavailable", true);
      // 404 (base or table), 422 (a field the table lacks): fixable by whoever runs the base, so kept for later too.
      throw new ExportError("rejected", true);
    },
  };
}
