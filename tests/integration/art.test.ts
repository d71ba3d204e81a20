import { describe, expect, it } from "vitest";
import { answerStatus, routeArgs } from "../support/route-call";

/**
 * Issue 34, item 7: every picture of the illustration language comes from one cached route,
 * /art/{kind}/{seed}.svg; anything else there is a 404.
 */
const art = await import("~/routes/art.$kind.$file/route");

const get = (kind: string, file: string) => art.loader(routeArgs(new Request(`http://localhost:3000/art/${kind}/${file}`), { kind, file }));

describe("the picture route", () => {
  it("draws an item's scene as SVG, kept for a year (the drawing's version is in the address)", async () => {
    const answer = (await get("sleep", "evening-unwind.svg")) as Response;
    expect(answer.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(answer.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const svg = await answer.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="640" height="360"/);
    expect(Buffer.byteLength(svg)).toBeLessThan(4096);
    expect(await ((await get("portrait", "teacher-amara.svg")) as Response).text()).toMatch(/width="320" height="320"/);
  });

  it("answers 404 for an unknown kind, a seed it would not draw, or another file type", async () => {
    expect(await answerStatus(() => get("stripes", "a.svg"))).toBe(404);
    expect(await answerStatus(() => get("sleep", "..%2Fetc.svg"))).toBe(404);
    expect(await answerStatus(() => get("sleep", "a b.svg"))).toBe(404);
    expect(await answerStatus(() => get("sleep", "evening-unwind.png"))).toBe(404);
  });
});
