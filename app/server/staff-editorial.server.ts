import { data, redirect } from "@remix-run/node";
import {
  EMPTY_LEARN_FORM,
  EMPTY_PRESS_FORM,
  LearnFormSchema,
  PressFormSchema,
  learnFormValues,
  pressFormValues,
  readForm,
  type FormErrors,
} from "~/models/staff/editorial-form";
import type { z } from "zod";
import type { AuditActor } from "~/models/staff/audit";
import {
  getPressForStaff,
  getSeriesForStaff,
  publishStateOf,
  savePressItem,
  saveSeries,
  type EditorialSaveResult,
} from "~/models/staff/editorial.server";
import { carriedFields, isConfirmed, type Confirmation } from "~/lib/forms/confirm";
import { readRouteForm } from "./body-limits.server";
import { requireStaff } from "./staff-access.server";

/**
 * The actions behind the press and learn pages (issue 26; ADR 053): guard, read, validate, save
 * with its audit entry, and back to the record with what happened; on a refusal the typed values
 * come back with each message beside its field.
 */
export function pressAction(request: Request, id: string | null) {
  return editorialAction(request, "press", id, EMPTY_PRESS_FORM, pressFormValues, PressFormSchema, (actor, form, publishAt) =>
    savePressItem(actor, id, form, publishAt),
  );
}

export function learnAction(request: Request, id: string | null) {
  return editorialAction(request, "learn", id, EMPTY_LEARN_FORM, learnFormValues, LearnFormSchema, (actor, form, publishAt) =>
    saveSeries(actor, id, form, publishAt),
  );
}

async function editorialAction<V, S extends z.ZodTypeAny>(
  request: Request,
  area: "press" | "learn",
  id: string | null,
  empty: V,
  valuesOf: (form: FormData) => V,
  schema: S,
  save: (actor: AuditActor, form: z.output<S>, publishAt: Date | null) => Promise<EditorialSaveResult>,
) {
  const { actor, zone } = await requireStaff(request, area);
  const body = await readRouteForm(request);
  // A refused body still shows what arrived of it: the form is never wiped (issue 35).
  if (!body.ok)
    return data(
      { errors: { form: body.message } as FormErrors, values: body.partial ? valuesOf(body.partial) : empty, refused: true },
      { status: body.status },
    );
  const values = valuesOf(body.formData);
  const read = readForm(schema, values, new Date(), zone);
  if (!read.ok) return data({ errors: read.errors, values }, { status: 400 });
  if ((read.form as { intent: string }).intent === "unpublish" && id && !isConfirmed(body.formData)) {
    // Issue 34: taking a published item down asks once more (unscheduling a draft does not).
    const confirmation = await unpublishConfirmation(area, id, body.formData);
    if (confirmation) return data({ errors: {} as FormErrors, values, confirmation });
  }
  const saved = await save(actor, read.form, read.publishAt);
  if (!saved.ok) return data({ errors: { [saved.field]: saved.message } as FormErrors, values }, { status: saved.status });
  const intent = (read.form as { intent: string }).intent;
  const done = !saved.changed ? "unchanged" : intent === "unpublish" && saved.state === "draft" ? "unschedule" : intent;
  return redirect(`/staff/${area}/${saved.id}?done=${done}`);
}

/** The question before a published press item or series is taken down; null when it is not published. */
async function unpublishConfirmation(area: "press" | "learn", id: string, form: FormData): Promise<Confirmation | null> {
  const record = area === "press" ? await getPressForStaff(id) : await getSeriesForStaff(id);
  if (!record || publishStateOf(record) !== "published") return null;
  const where = area === "press" ? "the press page" : "the learn page";
  return {
    heading: area === "press" ? `Take “${record.title}” off the press page?` : `Take the series “${record.title}” off the learn page?`,
    facts: [
      area === "press"
        ? `It leaves ${where} at once.`
        : `It leaves ${where} at once, with its lessons; anyone following a link to it finds a page saying it isn't there.`,
      "Any changes you made in the form are saved with it.",
      "You can publish it again later.",
    ],
    confirmLabel: "Yes, take it down",
    keepLabel: "Keep it published",
    fields: carriedFields(form),
  };
}
