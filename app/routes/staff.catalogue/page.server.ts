import { redirect } from "@remix-run/node";
import { z } from "zod";
import { echoOf, parseFields, type FieldErrors } from "~/lib/forms/submission";
import { CreditPackFormSchema, GiftTypeFormSchema } from "~/models/staff/catalogue-form";
import { updateCreditPack, updateGiftType, type CatalogueResult } from "~/models/staff/catalogue.server";
import type { AuditActor } from "~/models/staff/audit";
import { refuse } from "~/server/submission.server";

/** Each item's form names its kind; the fields are read by that kind's schema below. */
export const CatalogueFormSchema = z.object({ kind: z.string().max(40).optional() });

const FIELDS = ["id", "price", "months", "credits", "validDays", "onSale"] as const;

/**
 * Saves a gift or a class pack (issue 26; ADR 052). A refusal sends back the kind and id with what
 * was typed, so the page shows it beside that item; an unticked box, or a field the kind has not,
 * is "".
 */
export async function saveItem(actor: AuditActor, fields: Record<string, string>) {
  const kind = fields.kind === "gift" || fields.kind === "pack" ? fields.kind : null;
  if (!kind) return refuse({ form: "Please use the Save button beside a gift or a class pack." }, {});
  const values = { id: "", price: "", months: "", credits: "", validDays: "", onSale: "", ...echoOf(fields, FIELDS), kind };
  const result = kind === "gift" ? await saveGift(actor, values) : await savePack(actor, values);
  if (!result.ok) return refuse(result.errors, values, result.status);
  return redirect(`/staff/catalogue?done=${result.changed ? kind : "unchanged"}`);
}

type Saved = { ok: true; changed: boolean } | { ok: false; errors: FieldErrors; status: number };

async function saveGift(actor: AuditActor, values: Record<string, string>): Promise<Saved> {
  const parsed = parseFields(GiftTypeFormSchema, values);
  return parsed.ok ? savedAs(await updateGiftType(actor, parsed.value)) : checkFields(parsed.errors);
}

async function savePack(actor: AuditActor, values: Record<string, string>): Promise<Saved> {
  const parsed = parseFields(CreditPackFormSchema, values);
  return parsed.ok ? savedAs(await updateCreditPack(actor, parsed.value)) : checkFields(parsed.errors);
}

const checkFields = (errors: FieldErrors): Saved => ({
  ok: false,
  errors: { form: "Please check the fields marked below.", ...errors },
  status: 400,
});

const savedAs = (result: CatalogueResult): Saved =>
  result.ok
    ? { ok: true, changed: result.changed }
    : { ok: false, errors: { form: result.problem.message }, status: result.problem.status };
