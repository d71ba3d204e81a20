import { createHash } from "node:crypto";
import { getStore } from "~/services/db.server";
import { clientAddress, createRateLimit } from "~/services/rate-limit.server";
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

// Five sign-ups per address in ten minutes is plenty for a person and little for a script.
const leadLimit = createRateLimit({ limit: 5, windowMs: 10 * 60_000 });

/** Counts one attempt from the request's address; false once it is over the limit. */
export function allowLeadAttempt(request: Request): boolean {
  return leadLimit.attempt(clientAddress(request));
}
