/**
 * The spreadsheet-style export port (issue 13, §1; docs/decisions/025). Rows leave the store for a
 * table people can sort and share; the store stays the record. One adapter: Airtable. Unset, there is
 * no exporter and the store alone holds the rows.
 */

export interface ExportRow {
  /** Our id for the row: the adapter merges on it, so sending a row twice leaves one row. */
  key: string;
  fields: Record<string, string | number | boolean | null>;
}

export interface SpreadsheetExport {
  readonly name: string;
  /** Creates or updates the rows (at most `maxBatch` per call); throws ExportError on failure. */
  upsert(table: string, rows: ExportRow[]): Promise<void>;
  readonly maxBatch: number;
}

/** A failed export, with a short code safe to keep on the record (never the vendor's message). */
export class ExportError extends Error {
  constructor(
    public readonly code: "unauthorized" | "rate_limited" | "rejected" | "unavailable" | "network",
    public readonly retryable: boolean,
  ) {
    super(`export failed: ${code}`);
    this.name = "ExportError";
  }
}
