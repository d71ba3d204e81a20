import { describe, expect, it } from "vitest";
import { LEGITIMATE_PATHS, REDIRECT_PAYLOADS, isSameSitePath } from "../../tests/fixtures/redirect-payloads";
import { decideNavigation, inAppDestination, isDangerousUrl, safeRedirectPath, scrollDecision } from "./navigation";

const ORIGIN = "https://stillhour.example";

describe("dangerous protocols", () => {
  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\u0000javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "DATA:text/html;base64,PHNjcmlwdD4=",
    "vbscript:msgbox(1)",
    "VbScRiPt:msgbox(1)",
    "java%73cript:alert(1)",
  ])("refuses %j", (href) => {
    expect(isDangerousUrl(href)).toBe(true);
    expect(decideNavigation(href, ORIGIN, { external: true }).kind).toBe("refused");
  });

  it.each(["/teachers", "https://example.com", "mailto:hello@example.com", "#top"])("allows %j", (href) => {
    expect(isDangerousUrl(href)).toBe(false);
  });
});

describe("decideNavigation", () => {
  it("keeps same-site links in the app", () => {
    expect(decideNavigation("/blog?page=2#top", ORIGIN)).toEqual({ kind: "internal", to: "/blog?page=2#top" });
    expect(decideNavigation(`${ORIGIN}/faq`, ORIGIN)).toEqual({ kind: "internal", to: "/faq" });
  });

  it("refuses an external address unless explicitly flagged", () => {
    expect(decideNavigation("https://elsewhere.example/", ORIGIN)).toEqual({ kind: "refused", reason: "external-without-flag" });
    expect(decideNavigation("//elsewhere.example/", ORIGIN).kind).toBe("refused");
    expect(decideNavigation("https://elsewhere.example/", ORIGIN, { external: true })).toEqual({
      kind: "external",
      href: "https://elsewhere.example/",
    });
  });
});

describe("safeRedirectPath", () => {
  it.each(["/", "/teachers", "/blog/a-slug?signup=1#x"])("accepts the same-site path %j", (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%2Fevil.example",
    "/%2fevil.example",
    "%2F%2Fevil.example",
    "/%5Cevil.example",
    "/%252F%252Fevil.example",
    "https://evil.example",
    "javascript:alert(1)",
    " //evil.example",
    "/\t/evil.example",
    "",
    null,
    42,
    "teachers",
  ])("falls back to / for %j", (target) => {
    expect(safeRedirectPath(target)).toBe("/");
  });
});

describe("safeRedirectPath against the open-redirect corpus (issue 23)", () => {
  it("holds at least 50 known payloads", () => {
    expect(REDIRECT_PAYLOADS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(REDIRECT_PAYLOADS)("keeps %j on this site", (payload) => {
    const path = safeRedirectPath(payload);
    expect(isSameSitePath(path), `${JSON.stringify(payload)} became ${JSON.stringify(path)}`).toBe(true);
  });

  it.each(["/.//evil.example", "/..//evil.example", "/%2e//evil.example"])(
    "answers / for the dot segment %j, not //evil.example",
    (payload) => {
      expect(safeRedirectPath(payload)).toBe("/");
    },
  );

  it.each(LEGITIMATE_PATHS)("keeps the same-site path %j as it is", (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it("answers the fallback given, never the payload's parse", () => {
    expect(safeRedirectPath("/./\\evil.example", "/classes")).toBe("/classes");
    expect(safeRedirectPath("/%2e//evil.example", "")).toBe("");
  });
});

describe("links inside dynamic content", () => {
  const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
  const link = (href: string, target: string | null = null) => ({ href, target, download: false });
  const location = { origin: ORIGIN, pathname: "/blog/first", search: "" };

  it("handles a same-site link in the app", () => {
    expect(inAppDestination(click, link("/teachers"), location)).toBe("/teachers");
    expect(inAppDestination(click, link("second"), location)).toBe("/blog/second");
  });

  it("skips links with a scheme, new tabs, modifier keys, other buttons and the current path", () => {
    expect(inAppDestination(click, link("https://stillhour.example/teachers"), location)).toBeNull();
    expect(inAppDestination(click, link("mailto:a@b.c"), location)).toBeNull();
    expect(inAppDestination(click, link("//elsewhere.example/x"), location)).toBeNull();
    expect(inAppDestination(click, link("/teachers", "_blank"), location)).toBeNull();
    expect(inAppDestination({ ...click, metaKey: true }, link("/teachers"), location)).toBeNull();
    expect(inAppDestination({ ...click, ctrlKey: true }, link("/teachers"), location)).toBeNull();
    expect(inAppDestination({ ...click, shiftKey: true }, link("/teachers"), location)).toBeNull();
    expect(inAppDestination({ ...click, button: 1 }, link("/teachers"), location)).toBeNull();
    expect(inAppDestination(click, link("/blog/first"), location)).toBeNull();
    expect(inAppDestination(click, link("#section"), location)).toBeNull();
  });
});

describe("scroll rule", () => {
  const page = (pathname: string, search = "", hash = "") => ({ pathname, search, hash });

  it("scrolls to the top between different pages and to a hash target when there is one", () => {
    expect(scrollDecision(page("/a"), page("/b"), { keepOnSignup: false })).toEqual({ kind: "top" });
    expect(scrollDecision(page("/a"), page("/b", "", "#faq-3"), { keepOnSignup: false })).toEqual({ kind: "hash", id: "faq-3" });
  });

  it("keeps the position on an article when signup is on the new or the previous route", () => {
    expect(scrollDecision(page("/blog/a"), page("/blog/b", "?signup=1"), { keepOnSignup: true })).toEqual({ kind: "keep" });
    expect(scrollDecision(page("/blog/a", "?signup=1"), page("/blog/b"), { keepOnSignup: true })).toEqual({ kind: "keep" });
    expect(scrollDecision(page("/blog/a"), page("/blog/b"), { keepOnSignup: true })).toEqual({ kind: "top" });
  });
});
