import { getEnv } from "~/lib/env.server";
import { createAirtableExport } from "./airtable.server";
import type { SpreadsheetExport } from "./port";

let chosen: SpreadsheetExport | null | undefined;

/** Airtable when AIRTABLE_TOKEN and AIRTABLE_BASE_ID are set; otherwise null: the store alone. */
export function getSpreadsheetExport(): SpreadsheetExport | null {
  if (chosen !== undefined) return chosen;
  const env = getEnv();
  chosen =
    env.AIRTABLE_TOKEN && env.AIRTABLE_BASE_ID
      ? createAirtableExport({ token: env.AIRTABLE_TOKEN, baseId: env.AIRTABLE_BASE_ID, apiUrl: env.AIRTABLE_API_URL })
      : null;
  return chosen;
}

export function setSpreadsheetExportForTests(next: SpreadsheetExport | null | undefined) {
  chosen = next;
}

export function leadsTable(): string {
  return getEnv().AIRTABLE_LEADS_TABLE;
}
