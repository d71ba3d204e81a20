import { data } from "@remix-run/node";
import type { z } from "zod";
import { echoOf, errorsOf, fieldsOf, type FieldErrors, type Refusal } from "~/lib/forms/submission";
import { readRouteForm } from "./body-limits.server";

export type { FieldErrors, Refusal } from "~/lib/forms/submission";

/** A refusal answered in the one shape every form reads (ADR 060): messages beside fields, typed values kept. */
export function refuse<V>(errors: FieldErrors, values: V, status = 400) {
  return data<Refusal<V>>({ errors, values }, { status });
}

export type Submission<S extends z.ZodTypeAny, N extends string> =
  | { ok: true; value: z.output<S>; fields: Record<string, string>; formData: FormData; echo: Partial<Record<N, string>> }
  | { ok: false; reply: ReturnType<typeof refuse<Partial<Record<N, string>>>> };

/**
 * Reads an action's form within its route's cap (issue 35) and checks it with `schema`. On a
 * refusal, `reply` is the answer to return as it is: a body over its cap says so under `form` and
 * keeps what arrived before the cut; a wrong field gets its message beside it; either way the fields
 * named in `echo` go back as they were typed.
 */
export async function readSubmission<S extends z.ZodTypeAny, N extends string = never>(
  request: Request,
  schema: S,
  echo: readonly N[] = [],
): Promise<Submission<S, N>> {
  const body = await readRouteForm(request);
  if (!body.ok) {
    const values = body.partial ? echoOf(fieldsOf(body.partial), echo) : {};
    return {
      ok: false,
      reply: data<Refusal<Partial<Record<N, string>>>>({ errors: { form: body.message }, values, refused: true }, { status: body.status }),
    };
  }
  const fields = fieldsOf(body.formData);
  const values = echoOf(fields, echo);
  const parsed = schema.safeParse(fields);
  if (!parsed.success) return { ok: false, reply: refuse(errorsOf(parsed.error), values) };
  return { ok: true, value: parsed.data, fields, formData: body.formData, echo: values };
}
