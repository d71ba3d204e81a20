import { describe, expect, it } from "vitest";
import { LearnFormSchema, PressFormSchema, learnFormValues, lessonSlugs, nextPublishState, readForm } from "./editorial-form";

/** The press and learn forms' pure rules (issue 26; ADR 053). */
describe("the press and learn forms", () => {
  it("moves states only where a button applies", () => {
    expect(nextPublishState("save", "draft")).toBe("draft");
    expect(nextPublishState("publish", "unpublished")).toBe("published");
    expect(nextPublishState("unpublish", "published")).toBe("unpublished");
    expect(nextPublishState("unpublish", "draft")).toBeNull();
    expect(nextPublishState("schedule", "draft")).toBe("scheduled");
    expect(nextPublishState("schedule", "published")).toBeNull();
    expect(nextPublishState("unpublish", "scheduled")).toBe("draft");
  });

  it("reads a time to publish as UTC (or the given offset), only to schedule, and only if still ahead", () => {
    const now = new Date("2030-05-01T08:00:00Z");
    const press = {
      intent: "schedule",
      outlet: "The Ledger",
      title: "Quiet",
      url: "https://example.com/q",
      publishedAt: "2030-04-30",
      excerpt: "",
    };
    expect(readForm(PressFormSchema, { ...press, publishAt: "2030-05-01T09:00" }, now)).toMatchObject({
      ok: true,
      publishAt: new Date("2030-05-01T09:00:00Z"),
    });
    // On the editor's own clock: 11:00 in Berlin's summer is 09:00 UTC, 14:30 in Kolkata too.
    expect(readForm(PressFormSchema, { ...press, publishAt: "2030-05-01T11:00" }, now, "Europe/Berlin")).toMatchObject({
      ok: true,
      publishAt: new Date("2030-05-01T09:00:00Z"),
    });
    expect(readForm(PressFormSchema, { ...press, publishAt: "2030-05-01T14:30" }, now, "Asia/Kolkata")).toMatchObject({
      ok: true,
      publishAt: new Date("2030-05-01T09:00:00Z"),
    });
    expect(readForm(PressFormSchema, { ...press, publishAt: "2030-05-01T07:59" }, now)).toEqual({
      ok: false,
      errors: { publishAt: "Please choose a time that is still ahead." },
    });
    expect(readForm(PressFormSchema, { ...press, publishAt: "tomorrow" }, now)).toMatchObject({
      ok: false,
      errors: { publishAt: expect.stringMatching(/such as 2030-05-01 09:00/) },
    });
    expect(readForm(PressFormSchema, { ...press, intent: "save", publishAt: "tomorrow" }, now)).toMatchObject({
      ok: true,
      publishAt: null,
    });
  });

  it("reads lesson rows, dropping the empty spare and the removed ones, and numbers errors by row", () => {
    const form = new FormData();
    for (const [title, minutes, body] of [
      ["Breath", "3", "<p>In.</p>"],
      ["Gone", "4", "<p>x</p>"],
      ["", "", ""],
      ["Out", "0", ""],
    ]) {
      form.append("lessonTitle", title);
      form.append("lessonMinutes", minutes);
      form.append("lessonSummary", "");
      form.append("lessonBody", body);
    }
    form.append("lessonRemove", "1");
    for (const [k, v] of Object.entries({ intent: "save", title: "T", slug: "Sleep-Basics", summary: "S", color: "#d2a24c", order: "x" }))
      form.append(k, v);
    const values = learnFormValues(form);
    expect(values.lessons.map((l) => l.title)).toEqual(["Breath", "Out"]);
    const read = readForm(LearnFormSchema, values);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.errors).toEqual({
      order: "Please give the place as a number.",
      "lessons.1.durationMinutes": "A lesson takes at least a minute.",
      "lessons.1.bodyHtml": "Please write each lesson.",
    });
  });

  it("accepts only https links and real days for press items", () => {
    const base = { intent: "publish", outlet: "O", title: "T", url: "https://example.com/a", publishedAt: "2026-02-03", excerpt: "" };
    expect(readForm(PressFormSchema, base).ok).toBe(true);
    expect(readForm(PressFormSchema, { ...base, url: "http://example.com/a" })).toMatchObject({
      ok: false,
      errors: { url: "Please give a secure link, starting with https://." },
    });
    expect(readForm(PressFormSchema, { ...base, publishedAt: "2026-02-30" })).toMatchObject({
      ok: false,
      errors: { publishedAt: "Please give the day it ran, such as 2026-05-01." },
    });
  });

  it("gives lessons unique anchors from their titles", () => {
    expect(lessonSlugs(["Rest, then begin", "Rest, then begin", "¿?"])).toEqual(["rest-then-begin", "rest-then-begin-2", "lesson"]);
  });
});
