import { describe, expect, it } from "vitest";
import { articleNeighbours } from "./content";

const list = [
  { titleSlug: "d", title: "D", category: "Sleep", publishedAt: "2026-04-01" },
  { titleSlug: "c", title: "C", category: "Breath", publishedAt: "2026-03-01" },
  { titleSlug: "b", title: "B", category: "Sleep", publishedAt: "2026-02-01" },
  { titleSlug: "a", title: "A", category: "Calm", publishedAt: "2026-01-01" },
];

describe("articleNeighbours", () => {
  it("gives the older article as previous and the newer as next", () => {
    const { previous, next } = articleNeighbours(list, "c");
    expect(previous?.titleSlug).toBe("b");
    expect(next?.titleSlug).toBe("d");
  });

  it("has no next for the newest and no previous for the oldest", () => {
    expect(articleNeighbours(list, "d").next).toBeNull();
    expect(articleNeighbours(list, "a").previous).toBeNull();
  });

  it("puts same-category articles first in related, never the article itself", () => {
    const { related } = articleNeighbours(list, "b");
    expect(related.map((a) => a.titleSlug)).toEqual(["d", "c", "a"]);
  });

  it("is empty for an unknown slug", () => {
    expect(articleNeighbours(list, "zz")).toEqual({ previous: null, next: null, related: [] });
  });
});
