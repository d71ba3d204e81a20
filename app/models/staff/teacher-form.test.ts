import { describe, expect, it } from "vitest";
import { BIO_LIMIT } from "~/components/staff/staff-teacher-form";
import { parseFields } from "~/lib/forms/submission";
import { BIO_MAX, EMPTY_TEACHER_FORM, OwnProfileSchema, isInstagramUrl, slugFromName } from "./teacher-form";

describe("the teacher forms", () => {
  it("takes only https links on instagram.com", () => {
    expect(isInstagramUrl("https://instagram.com/amara")).toBe(true);
    expect(isInstagramUrl("https://www.instagram.com/amara")).toBe(true);
    for (const bad of [
      "http://instagram.com/amara",
      "javascript:alert(1)//instagram.com",
      "https://instagram.com.evil.example/",
      "https://user@instagram.com/",
      "https://notinstagram.com/x",
    ])
      expect(isInstagramUrl(bad), bad).toBe(false);
  });

  it("makes addresses from names and keeps the bio's limit in step with the form's", () => {
    expect(slugFromName("Amara", "Eze-Holloway")).toBe("amara-eze-holloway");
    expect(slugFromName("Zoë", "O'Brien")).toBe("zoe-o-brien");
    expect(BIO_LIMIT).toBe(BIO_MAX);
  });

  it("gives one message per field and normalises the bio's line breaks", () => {
    const read = parseFields(OwnProfileSchema, { ...EMPTY_TEACHER_FORM, bio: "One.\r\n\r\n\r\n\r\nTwo.", instagramUrl: "" });
    expect(read).toMatchObject({ ok: true, value: { bio: "One.\n\nTwo.", instagramUrl: "" } });
    const bad = parseFields(OwnProfileSchema, { ...EMPTY_TEACHER_FORM, bio: "a\u0007", instagramUrl: "ftp://instagram.com" });
    expect(bad.ok ? null : Object.keys(bad.errors).sort()).toEqual(["bio", "instagramUrl"]);
  });
});
