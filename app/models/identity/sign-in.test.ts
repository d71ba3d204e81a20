import { describe, expect, it } from "vitest";
import { EmailLinkFormSchema, OnboardingFormSchema, nextPath, parseForm } from "./sign-in";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};

describe("where sign-in returns to", () => {
  it.each([
    ["/teachers/amara", "/teachers/amara"],
    ["/blog?topic=sleep", "/blog?topic=sleep"],
    ["https://evil.example/", "/"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["/sign-in?next=/sign-in", "/"],
    ["/signed-out", "/"],
    ["/auth/email-link?oobCode=x", "/"],
    [null, "/"],
  ])("%j → %j", (raw, expected) => expect(nextPath(raw)).toBe(expected));
});

describe("onboarding names", () => {
  const parse = (fields: Record<string, string>) => parseForm(OnboardingFormSchema, form(fields), ["firstName", "lastName", "email"]);

  it("accepts names from many scripts, with accents, hyphens and apostrophes, and trims them", () => {
    for (const [first, last] of [
      ["  Zoë ", "O'Connor-Smith"],
      ["Nguyễn", "Thị Minh"],
      ["محمد", "علي"],
      ["李", "小龙"],
      ["Αλέξανδρος", "Παπαδόπουλος"],
    ]) {
      const result = parse({ firstName: first, lastName: last, email: "" });
      expect(result.ok, `${first} ${last}`).toBe(true);
      if (result.ok) expect(result.data.firstName).toBe(first.trim());
    }
  });

  it.each([
    ["", /enter your first name/],
    ["   ", /enter your first name/],
    ["x".repeat(61), /under 60/],
    ["<script>alert(1)</script>", /letters, spaces/],
    ["Ada\u0000", /can't store/],
    ["Ada\u202eevil", /direction marks/],
    ["🧘", /at least one letter/],
    ["1234", /at least one letter/],
  ])("refuses the first name %j with a message, keeping the other fields", (firstName, message) => {
    const result = parse({ firstName, lastName: "Okafor", email: "ada@example.com" });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.firstName).toMatch(message);
      expect(result.errors.lastName).toBeUndefined();
      expect(result.values).toMatchObject({ lastName: "Okafor", email: "ada@example.com" });
    }
  });

  it("treats the e-mail as optional but checks it when given", () => {
    expect(parse({ firstName: "Ada", lastName: "Okafor", email: "" }).ok).toBe(true);
    const bad = parse({ firstName: "Ada", lastName: "Okafor", email: "ada@" });
    expect(bad.ok).toBe(false);
  });

  it("cuts what it echoes back to 1,000 characters", () => {
    const result = parse({ firstName: "x".repeat(10_000), lastName: "", email: "" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.values.firstName).toHaveLength(1000);
  });
});

describe("the e-mail link form", () => {
  it("trims and accepts an address, refuses junk", () => {
    expect(parseForm(EmailLinkFormSchema, form({ email: "  a@example.com " }), ["email"])).toEqual({
      ok: true,
      data: { email: "a@example.com" },
    });
    expect(parseForm(EmailLinkFormSchema, form({ email: "a@@b" }), ["email"]).ok).toBe(false);
  });
});
