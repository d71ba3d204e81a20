import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ERRORS } from "~/lib/errors";
import { echoOf, errorsOf, fieldsOf, parseFields, withBlanks, withFormMessage } from "./submission";

const Schema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save"),
    name: z.string().trim().min(1, "Please add a name.").max(40),
    note: z.string().max(5, "Keep the note short."),
  }),
  z.object({ intent: z.literal("remove") }),
]);

function form(entries: Array<[string, string]>): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("reading a form (ADR 060)", () => {
  it("gives the parsed value when every field is right", () => {
    const parsed = parseFields(
      Schema,
      form([
        ["intent", "save"],
        ["name", " Ada "],
        ["note", "hi"],
      ]),
    );
    expect(parsed).toMatchObject({ ok: true, value: { intent: "save", name: "Ada", note: "hi" } });
  });

  it("puts one message beside each wrong field and keeps every field as typed", () => {
    const parsed = parseFields(
      Schema,
      form([
        ["intent", "save"],
        ["name", "  "],
        ["note", "far too long"],
      ]),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual({ name: "Please add a name.", note: "Keep the note short." });
    expect(parsed.fields).toEqual({ intent: "save", name: "  ", note: "far too long" });
  });

  it("answers a wrong or missing intent above the form, never beside a field nobody can see", () => {
    const parsed = parseFields(Schema, form([["intent", "erase-everything"]]));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors).toEqual({ form: ERRORS.bad_request.message });
  });

  it("echoes back only the fields a page asks for", () => {
    const fields = fieldsOf(
      form([
        ["name", "Ada"],
        ["secret", "x"],
        ["name", "Grace"],
      ]),
    );
    expect(fields).toEqual({ name: "Grace", secret: "x" });
    expect(echoOf(fields, ["name", "note"] as const)).toEqual({ name: "Grace" });
  });

  it("reads an absent field as an empty one, so its schema's own sentence answers it", () => {
    const fields = withBlanks(fieldsOf(form([["intent", "save"]])), ["name", "note"] as const);
    expect(fields).toEqual({ intent: "save", name: "", note: "" });
    const parsed = parseFields(Schema, fields);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors).toEqual({ name: "Please add a name." });
    expect(withBlanks({ name: "Ada" }, ["name"])).toEqual({ name: "Ada" });
  });

  it("answers a form of hidden fields in the page's own sentence, above the buttons", () => {
    const Hidden = withFormMessage(
      z.object({ intent: z.literal("book"), pay: z.string().regex(/^card:\w+$/) }),
      "Please choose how to pay.",
    );
    expect(
      parseFields(
        Hidden,
        form([
          ["intent", "book"],
          ["pay", "cash"],
        ]),
      ),
    ).toMatchObject({ ok: false, errors: { form: "Please choose how to pay." } });
    expect(parseFields(Hidden, form([["intent", "refund"]]))).toMatchObject({ ok: false, errors: { form: "Please choose how to pay." } });
    expect(
      parseFields(
        Hidden,
        form([
          ["intent", "book"],
          ["pay", "card:a1"],
        ]),
      ),
    ).toMatchObject({ ok: true, value: { intent: "book", pay: "card:a1" } });
  });

  it("answers a list's item beside the list and a repeated row's field beside that field", () => {
    const Lists = z.object({
      plans: z.array(z.enum(["monthly", "annual"])),
      lessons: z.array(z.object({ body: z.string().max(3, "Keep it short.") })),
    });
    const parsed = Lists.safeParse({ plans: ["monthly", "lifetime"], lessons: [{ body: "ok" }, { body: "too long" }] });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(Object.keys(errorsOf(parsed.error)).sort()).toEqual(["lessons.1.body", "plans"]);
  });
});
