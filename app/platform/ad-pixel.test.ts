import { describe, expect, it } from "vitest";
import { pathIsTracked, pathMatchesPattern, pixelEventName, shouldReportPageView } from "./ad-pixel";

describe("ad pixel page views (§2)", () => {
  it("reports every path by default", () => {
    expect(pathIsTracked(undefined, "/anything")).toBe(true);
    expect(pathIsTracked([], "/")).toBe(true);
    expect(pathIsTracked(["*"], "/blog/a")).toBe(true);
  });

  it("matches configured glob patterns against the whole path", () => {
    expect(pathMatchesPattern("/subscribe*", "/subscribe")).toBe(true);
    expect(pathMatchesPattern("/subscribe*", "/subscribe/welcome")).toBe(true);
    expect(pathMatchesPattern("/subscribe*", "/settings/subscribe")).toBe(false);
    expect(pathMatchesPattern("/", "/")).toBe(true);
    expect(pathMatchesPattern("/", "/about")).toBe(false);
    expect(pathMatchesPattern("/blog/*/share", "/blog/a-b/share")).toBe(true);
    expect(pathMatchesPattern("/a*b*c", "/abc")).toBe(true);
    expect(pathMatchesPattern("/a*b*c", "/ac")).toBe(false);
    expect(pathMatchesPattern("/ab*ab", "/ab")).toBe(false);
    expect(pathIsTracked(["/subscribe*", "/"], "/teachers")).toBe(false);
  });

  it("stays fast on a hostile pattern and path", () => {
    const started = performance.now();
    pathMatchesPattern(`/${"*a".repeat(100)}b`, `/${"a".repeat(5000)}`);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it("skips same-path and hash-only navigations, reports the first page and new paths", () => {
    expect(shouldReportPageView(null, "/")).toBe(true);
    expect(shouldReportPageView("/", "/about")).toBe(true);
    expect(shouldReportPageView("/about", "/about#team")).toBe(false);
    expect(shouldReportPageView("/search?q=a", "/search?q=b")).toBe(false);
    expect(shouldReportPageView("/about", "/about")).toBe(false);
    expect(shouldReportPageView("/", "/teachers", ["/subscribe*"])).toBe(false);
  });

  it("maps our event names to the pixel's through adMaps only", () => {
    const events = { Subscribe_Completed: "Subscribe" };
    expect(pixelEventName(events, "Subscribe_Completed")).toBe("Subscribe");
    expect(pixelEventName(events, "toString")).toBeNull();
    expect(pixelEventName(undefined, "Subscribe_Completed")).toBeNull();
  });
});
