import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { z, type ZodTypeAny } from "zod";
import { isTest, sourceFiles } from "../../scripts/import-graph.mjs";
import { FORM_MAX_BYTES, readFormBody } from "~/lib/forms/form-body.server";
import { ENCODED_BYTES_PER_CHAR, maxFieldChars } from "~/lib/forms/form-cap";
import { FORM_CAPS, requestBodyLimit } from "~/server/body-limits.server";

/**
 * Issue 35 (ADR 031 addendum): a form the schema accepts is never refused by its body cap. Each cap
 * in the table is checked against the worst body its schemas accept, counted here on its own terms
 * (every character the widest the browser can send); every form schema of the features whose worst
 * body passes a plain form's cap must be in the table; and no action reads with a number of its own.
 */

const files: string[] = sourceFiles("app").filter((f: string) => !isTest(f));

/** The worst urlencoded size of what `schema` accepts: an object's fields once, an array's items up to its max. */
function worstBytes(schema: ZodTypeAny, name = "f"): number {
  const def = schema._def as { typeName: string } & Record<string, unknown>;
  if (def.typeName === "ZodObject") {
    return Object.entries((schema as z.AnyZodObject).shape as Record<string, ZodTypeAny>).reduce(
      (sum, [key, field]) => sum + worstBytes(field, key),
      0,
    );
  }
  if (def.typeName === "ZodArray") {
    const max = (def.maxLength as { value: number } | null)?.value;
    if (max === undefined) throw new Error(`${name}: a form's list needs a .max()`);
    return max * worstBytes(def.type as ZodTypeAny, name);
  }
  if (def.typeName === "ZodEffects") return worstBytes(def.schema as ZodTypeAny, name);
  if (def.typeName === "ZodOptional" || def.typeName === "ZodDefault") return worstBytes(def.innerType as ZodTypeAny, name);
  return name.length + 2 + maxFieldChars(schema) * ENCODED_BYTES_PER_CHAR;
}

/** Every string field's stated max really is the schema's: one character more is refused. */
function stringFields(schema: ZodTypeAny, path = ""): Array<{ path: string; field: ZodTypeAny }> {
  const def = schema._def as { typeName: string } & Record<string, unknown>;
  if (def.typeName === "ZodObject")
    return Object.entries((schema as z.AnyZodObject).shape as Record<string, ZodTypeAny>).flatMap(([k, f]) =>
      stringFields(f, `${path}${k}.`),
    );
  if (def.typeName === "ZodArray") return stringFields(def.type as ZodTypeAny, path);
  return [{ path: path.slice(0, -1), field: schema }];
}

describe("form body caps follow their schemas", () => {
  it.each(FORM_CAPS.map((entry) => [entry.path, entry] as const))("%s takes the worst body its schemas accept", (_path, entry) => {
    expect(requestBodyLimit(entry.path.replace(/:[a-z]+/gi, "some-id"))).toBe(entry.cap);
    for (const schema of entry.schemas) expect(worstBytes(schema)).toBeLessThanOrEqual(entry.cap);
  });

  it("counts each string field at the length its schema really stops at", () => {
    for (const { schemas } of FORM_CAPS) {
      for (const schema of schemas) {
        for (const { path, field } of stringFields(schema)) {
          if ((field._def as { typeName: string }).typeName === "ZodEnum") continue;
          const max = maxFieldChars(field);
          if (max >= 32 && path !== "lessons.durationMinutes" && !/order|Minutes/.test(path)) {
            expect(field.safeParse("a".repeat(max + 1)).success, path).toBe(false);
          }
        }
      }
    }
  });

  it("reads the learn form's worst body (twenty lessons of three-byte characters) within its cap", async () => {
    const wide = (n: number) => "語".repeat(n);
    const fields: Array<[string, string]> = [
      ["intent", "schedule"],
      ["title", wide(120)],
      ["slug", wide(120)],
      ["summary", wide(300)],
      ["color", "#3f8f83"],
      ["order", "999"],
      ["publishAt", wide(40)],
    ];
    for (let i = 0; i < 21; i += 1)
      fields.push(
        ["lessonTitle", wide(120)],
        ["lessonSummary", wide(300)],
        ["lessonMinutes", "120"],
        ["lessonBody", wide(4_000)],
        ["lessonRemove", "20"],
      );
    const body = new URLSearchParams(fields).toString();
    const cap = requestBodyLimit("/staff/learn/some-series");
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(cap);
    const read = await readFormBody(
      new Request("http://localhost/staff/learn/x", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
      }),
      cap,
    );
    expect(read.ok).toBe(true);
  });

  it("names in the table every form schema whose worst body passes a plain form's cap", async () => {
    const missing: string[] = [];
    const declared = new Set(FORM_CAPS.flatMap((entry) => entry.schemas));
    for (const file of files.filter((f: string) => f.startsWith("app/models/") && /\.tsx?$/.test(f))) {
      const source = readFileSync(file, "utf8");
      if (!/export const \w*FormSchema\b/.test(source)) continue;
      const module = (await import(/* @vite-ignore */ `../../${file}`)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        if (!/FormSchema$/.test(name) || !(value instanceof z.ZodObject)) continue;
        let bytes: number;
        try {
          bytes = worstBytes(value);
        } catch {
          continue; // a field without a max: the action cuts it (parseForm takes 1,000 characters a field)
        }
        if (bytes > FORM_MAX_BYTES && !declared.has(value)) missing.push(`${file} ${name} (${bytes} bytes)`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("has no action read a form with a cap of its own: the table is the one declaration", () => {
    const ownCaps = files
      .filter((f: string) => (f.startsWith("app/routes/") || f.startsWith("app/server/")) && f !== "app/server/body-limits.server.ts")
      .flatMap((f: string) => (/readFormBody\(\s*request\s*,/.test(readFileSync(f, "utf8")) ? [f] : []));
    expect(ownCaps).toEqual([]);
  });
});
