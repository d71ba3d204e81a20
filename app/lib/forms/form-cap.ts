import { z, type ZodTypeAny } from "zod";

/**
 * A form's body cap, derived from its schema's own limits (issue 35; ADR 031 addendum), so a form the
 * schema accepts is never refused for its size. The worst case is counted, not the usual one:
 *
 * - a schema counts characters as UTF-16 code units (`.max(n)` on a string); one unit is at most
 *   three bytes of UTF-8 (a unit of a surrogate pair is two), and urlencoding writes each byte as
 *   `%XX`, so a unit costs at most ENCODED_BYTES_PER_CHAR = 9 bytes on the wire;
 * - multipart does not escape, but wraps each field in a boundary and headers: FIELD_OVERHEAD_BYTES
 *   covers that, the field's name, `=` and `&`;
 * - a browser sends a textarea's line breaks as CRLF, which the schema then counts as two units:
 *   still within the same nine bytes a unit.
 *
 * Every string field of a form needs a `.max()`: a field without one has no cap to derive, and this
 * refuses to guess (it throws when the table is built, so the server does not start).
 */

/** The most bytes one UTF-16 code unit can take once a browser has encoded it. */
export const ENCODED_BYTES_PER_CHAR = 9;
/** A field's share beyond its value: name, `=` and `&`, or multipart's boundary and headers. */
export const FIELD_OVERHEAD_BYTES = 200;
/** Room for what every form carries besides its fields (a closing boundary, a stray field). */
const FORM_SLACK_BYTES = 1024;
/** A number typed into a form: digits, sign, point and exponent are far fewer than this. */
const NUMBER_CHARS = 32;

/** The longest value, in UTF-16 units, that `schema` accepts for one form field. */
export function maxFieldChars(schema: ZodTypeAny): number {
  const def = schema._def as { typeName: string } & Record<string, unknown>;
  switch (def.typeName) {
    case "ZodString": {
      const checks = (def.checks as Array<{ kind: string; value?: number }>) ?? [];
      const limits = checks.filter((c) => c.kind === "max" || c.kind === "length").map((c) => c.value ?? Infinity);
      const max = Math.min(...limits, Infinity);
      if (!Number.isFinite(max)) throw new Error("a form's string field needs a .max() for its body cap to be derived");
      return max;
    }
    case "ZodEnum":
      return Math.max(...(def.values as string[]).map((value) => value.length));
    case "ZodNativeEnum":
      return Math.max(...Object.values(def.values as Record<string, string | number>).map((value) => String(value).length));
    case "ZodLiteral":
      return String(def.value).length;
    case "ZodNumber":
    case "ZodBigInt":
    case "ZodDate":
      return NUMBER_CHARS;
    case "ZodBoolean":
      return 5;
    case "ZodOptional":
    case "ZodNullable":
    case "ZodDefault":
    case "ZodCatch":
    case "ZodReadonly":
    case "ZodBranded":
      return maxFieldChars((def.innerType ?? def.type) as ZodTypeAny);
    case "ZodEffects":
      return maxFieldChars(def.schema as ZodTypeAny);
    case "ZodPipeline":
      return maxFieldChars(def.in as ZodTypeAny);
    case "ZodUnion":
      return Math.max(...(def.options as ZodTypeAny[]).map(maxFieldChars));
    default:
      throw new Error(`a form field of type ${def.typeName} has no derivable length`);
  }
}

/** One field of a form as it is posted: a schema (its limits count) or a plain length in characters. */
export type FieldLimit = ZodTypeAny | number;

function charsOf(name: string, field: FieldLimit): number {
  if (typeof field === "number") return field;
  try {
    return maxFieldChars(field);
  } catch (error) {
    throw new Error(`form field "${name}": ${(error as Error).message}`);
  }
}
const fieldBytes = (name: string, field: FieldLimit) => name.length + charsOf(name, field) * ENCODED_BYTES_PER_CHAR + FIELD_OVERHEAD_BYTES;

/**
 * The byte cap of a form posting `fields` once each and, optionally, `repeated.fields` once per row
 * (a series' lessons, posted as parallel fields), up to `repeated.rows` rows. Rounded up to a KB.
 */
export function formBodyCap(fields: Record<string, FieldLimit>, repeated?: { rows: number; fields: Record<string, FieldLimit> }): number {
  let bytes = FORM_SLACK_BYTES;
  for (const [name, field] of Object.entries(fields)) bytes += fieldBytes(name, field);
  if (repeated) for (const [name, field] of Object.entries(repeated.fields)) bytes += repeated.rows * fieldBytes(name, field);
  return Math.ceil(bytes / 1024) * 1024;
}

/** The cap of a form whose fields are the keys of an object schema, posted once each. */
export function schemaBodyCap(schema: z.AnyZodObject, extra: Record<string, FieldLimit> = {}): number {
  return formBodyCap({ ...(schema.shape as Record<string, ZodTypeAny>), ...extra });
}
