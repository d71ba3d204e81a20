import { redirect } from "@remix-run/node";
import { z } from "zod";
import type { AuditActor } from "~/models/staff/audit";
import { TemplateIdSchema, TemplateSwitchSchema, readTemplateForm, templateFormValues } from "~/models/staff/template-form";
import { createTemplate, removeTemplate, setTemplateActive, templateFormContext } from "~/models/staff/templates.server";
import { refuse } from "~/server/submission.server";

/** The new-template form and the buttons beside each template are told apart by `intent`. */
export const TemplateIntentSchema = z.object({ intent: z.string().max(40).optional() });

type Sent = { fields: Record<string, string>; formData: FormData };

/** A new template, its classes made at once; refused, every field comes back with `intent` so the page fills that form. */
async function create(actor: AuditActor, { formData }: Sent) {
  const values = { ...templateFormValues(formData), intent: "create" as const };
  const read = readTemplateForm(values, await templateFormContext());
  const id = TemplateIdSchema.safeParse(values.id);
  if (!read.ok || !id.success) {
    const errors = { ...(read.ok ? {} : read.errors), ...(id.success ? {} : { id: id.error.issues[0]?.message }) };
    return refuse({ form: "Please check the fields marked below.", ...errors }, values);
  }
  const result = await createTemplate(actor, id.data, read.fields);
  if (!result.ok) return refuse({ form: result.problem.message, id: result.problem.message }, values, result.problem.status);
  return redirect(`/staff/templates/${id.data}?done=created`);
}

const DONE = { pause: "paused", resume: "resumed", remove: "removed" } as const;

/** Pause, resume or remove a template; its unbooked classes leave the schedule, booked ones are kept and counted. */
async function switchTemplate(actor: AuditActor, { fields }: Sent) {
  const parsed = TemplateSwitchSchema.safeParse(fields);
  if (!parsed.success) return refuse({ form: "Please use the buttons beside a template." }, {});
  const { id, intent } = parsed.data;
  const result = intent === "remove" ? await removeTemplate(actor, id) : await setTemplateActive(actor, id, intent === "resume");
  if (!result.ok) return refuse({ form: result.problem.message }, { id }, result.problem.status);
  const done = result.changed ? DONE[intent] : "unchanged";
  return redirect(`/staff/templates?done=${done}${result.kept.length > 0 ? `&kept=${result.kept.length}` : ""}`);
}

export const templateIntent = (intent: string | undefined) => (intent === "create" ? create : switchTemplate);
