import { createHash } from "node:crypto";
import { getStore } from "~/services/db.server";
import type { LEAD_SOURCES, LeadForm } from "./lead";

/** Stores a lead once per address and source; a repeat sign-up changes nothing and still succeeds. */
export async function createLead(form: LeadForm, source: (typeof LEAD_SOURCES)[number]): Promise<{ created: boolean }> {
  const email = form.email.toLowerCase();
  const id = createHash("sha256").update(`${source}:${email}`).digest("hex").slice(0, 32);
  const created = await getStore().createIfAbsent("leads", id, {
    email,
    firstName: form.firstName ?? null,
    source,
    createdAt: Date.now(),
  });
  return { created };
}
