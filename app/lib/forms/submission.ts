import { z } from "zod";
import { ERRORS } from "~/lib/errors";

/**
 * One way to read what a form sent (ADR 060): its fields as plain strings, checked by the action's zod
 * schema, with at most one message per field. Every action answers a refusal in the same shape,
 * `{ errors, values }`, so a page shows each message beside its field and the person's other input
 * stays where they typed it.
 *
 * - `errors` names fields by their form names; a message with no field of its own (a wrong `intent`, a
 *   body over its cap, a refusal from further down) is `form`, shown above the buttons.
 * - `values` is what the person typed, as strings, for the fields a page echoes back. Actions pick
 *   which (`echo`), so nothing secret or unbounded returns to the page.
 */

/** A message per field, plus `form` for the ones that belong to no field. */
export type FieldErrors<F extends string = string> = Partial<Record<F | "form", string>>;

/** What an action answers when it refuses a form: messages beside fields and the typed values. */
export interface Refusal<V = Record<string, string>> {
  errors: FieldErrors;
  values: V;
  /** The body was cut at its cap: with JavaScript the page shows what it sent instead of `values`. */
  refused?: true;
}

/** The fields of a form as plain strings; a field sent twice keeps its last value, a file its name. */
export function fieldsOf(form: FormData | URLSearchParams): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) fields[name] = typeof value === "string" ? value : value.name;
  return fields;
}

/**
 * The field that decides what a form does rather than holding what a person typed: its errors go to
 * `form`. Only `intent`: a field a person types into may be called anything, `confirm` included.
 */
const CONTROL_FIELDS = new Set(["intent"]);

/** Zod's issues as one message per field (the first one found), control fields' under `form`. */
export function errorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    // A list's item answers beside the list (`plans`), a field of a repeated row beside that row's
    // field (`lessons.0.body`).
    const path = typeof issue.path.at(-1) === "number" ? issue.path.slice(0, -1) : issue.path;
    const name = path.length > 0 ? path.join(".") : "form";
    const field = CONTROL_FIELDS.has(name) ? "form" : name;
    errors[field] ??= CONTROL_FIELDS.has(name) ? ERRORS.bad_request.message : issue.message;
  }
  return errors;
}

export type Parsed<S extends z.ZodTypeAny> =
  { ok: true; value: z.output<S>; fields: Record<string, string> } | { ok: false; errors: FieldErrors; fields: Record<string, string> };

/** Checks a form's fields with `schema`: the parsed value, or a message beside each wrong field. */
export function parseFields<S extends z.ZodTypeAny>(schema: S, form: FormData | URLSearchParams | Record<string, string>): Parsed<S> {
  const fields = form instanceof FormData || form instanceof URLSearchParams ? fieldsOf(form) : form;
  const parsed = schema.safeParse(fields);
  return parsed.success ? { ok: true, value: parsed.data, fields } : { ok: false, errors: errorsOf(parsed.error), fields };
}

/** The typed values to send back with a refusal: only the `names` given, each as it was typed. */
export function echoOf<N extends string>(fields: Record<string, string>, names: readonly N[]): Partial<Record<N, string>> {
  const values: Partial<Record<N, string>> = {};
  for (const name of names) if (fields[name] !== undefined) values[name] = fields[name];
  return values;
}

/**
 * The fields with each of `names` present, a missing one as an empty string, as a browser sends an
 * empty input: a schema then answers an absent field with its own sentence rather than zod's "Required".
 */
export function withBlanks<N extends string>(fields: Record<string, string>, names: readonly N[]): Record<string, string> {
  const filled: Record<string, string> = { ...fields };
  for (const name of names) filled[name] ??= "";
  return filled;
}

/**
 * For a form whose fields are all hidden (its buttons carry them): whatever fails reads as one
 * sentence under `form`, the page's own words, since there is no field to show a message beside.
 */
export function withFormMessage<S extends z.ZodTypeAny>(schema: S, message: string) {
  return z.record(z.string()).transform((fields, ctx): z.output<S> => {
    const parsed = schema.safeParse(fields);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    return z.NEVER;
  });
}
