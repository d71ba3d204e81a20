import { describe, expect, it } from "vitest";
import { AuditFilterSchema, fieldDiff, fieldLabel, showValue } from "./audit";

describe("fieldDiff", () => {
  it("names each changed leaf by its path and leaves unchanged fields out", () => {
    expect(fieldDiff({ a: 1, b: { c: "x", d: [1, 2] }, e: true }, { a: 1, b: { c: "y", d: [1, 2] }, e: false })).toEqual([
      { field: "b.c", before: '"x"', after: '"y"' },
      { field: "e", before: "true", after: "false" },
    ]);
  });

  it("is empty for a change that changes nothing, key order and undefined included", () => {
    expect(fieldDiff({ a: 1, b: { c: [1] }, u: undefined }, { b: { c: [1] }, a: 1, u: null })).toEqual([]);
  });

  it("treats a new record as every field from null, and a list as one value", () => {
    expect(fieldDiff(null, { code: "X", plans: ["a", "b"] })).toEqual([
      { field: "code", before: "null", after: '"X"' },
      { field: "plans", before: "null", after: '["a","b"]' },
    ]);
    expect(showValue('["a","b"]')).toBe("a, b");
    expect(showValue("null")).toBe("—");
    expect(showValue("true")).toBe("yes");
  });
});

describe("the audit filter", () => {
  it("accepts an empty form and refuses a backwards range beside the last day", () => {
    expect(AuditFilterSchema.safeParse({}).success).toBe(true);
    const backwards = AuditFilterSchema.safeParse({ from: "2026-03-02", to: "2026-03-01" });
    expect(backwards.success ? null : backwards.error.issues[0].path).toEqual(["to"]);
  });
});

describe("fieldLabel", () => {
  it("names the fields staff change in words, never as the stored key", () => {
    expect(fieldLabel("durationMinutes")).toBe("Length (minutes)");
    expect(fieldLabel("teacherId")).toBe("Teacher");
    expect(fieldLabel("startsAt")).toBe("Starts");
    expect(fieldLabel("publishAt")).toBe("Publish at");
  });

  it("reads any other field from its own name, part by part", () => {
    expect(fieldLabel("price.amountOff")).toBe("Price › Amount off");
    expect(fieldLabel("hostTeacherId")).toBe("Host teacher");
    expect(fieldLabel("title")).toBe("Title");
  });
});
