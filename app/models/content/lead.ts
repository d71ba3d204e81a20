import { z } from "zod";
import { EmailAddressSchema } from "~/lib/forms/email-address";

export const LEAD_SOURCES = ["mental-detox-ebook"] as const;

/** The e-book form: one schema for the action and the field constraints in the page. */
export const LeadFormSchema = z.object({
  email: EmailAddressSchema,
  firstName: z
    .string()
    .trim()
    .max(80, "Please keep your first name under 80 characters.")
    .optional()
    .transform((value) => value || undefined),
});
export type LeadForm = z.infer<typeof LeadFormSchema>;

export { HONEYPOT_FIELD } from "~/lib/forms/honeypot";

export const LeadSchema = z.object({
  email: z.string().email(),
  firstName: z.string().nullable(),
  source: z.enum(LEAD_SOURCES),
  createdAt: z.number().int(),
});
export type Lead = z.infer<typeof LeadSchema>;

/**
 * A lead as stored, with its export state (issue 13, docs/decisions/025): "pending" until the
 * spreadsheet service has it, then "done". Leads from before the export have no state and stay put.
 */
export const StoredLeadSchema = LeadSchema.extend({
  exportState: z.enum(["pending", "done"]).optional(),
  exportAttempts: z.number().int().min(0).optional(),
  exportError: z.string().max(40).nullable().optional(),
});
export type StoredLead = z.infer<typeof StoredLeadSchema>;

/** The row a spreadsheet gets for a lead: what a person reading the table needs, nothing more. */
export function leadExportFields(lead: Lead): Record<string, string | null> {
  return {
    Email: lead.email,
    "First name": lead.firstName,
    Source: lead.source,
    "Signed up": new Date(lead.createdAt).toISOString(),
  };
}
