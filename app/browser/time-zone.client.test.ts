import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { syncTimeZone } from "./time-zone.client";

/**
 * The browser's time-zone report, in Node: `fetch` answers as /api/time-zone does when the zone
 * changed (204, `X-Time-Zone-Changed: 1`), `sessionStorage` is a Map, and `window.__remixRouter` is
 * the router state a test sets.
 */

beforeEach(() => {
  const stored = new Map<string, string>();
  vi.stubGlobal("sessionStorage", {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(null, { status: 204, headers: { "X-Time-Zone-Changed": "1" } })),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe("syncTimeZone", () => {
  it.each([
    ["the router is idle, no form answer on screen", { navigation: { state: "idle" }, actionData: null }, 1],
    ["a navigation is under way", { navigation: { state: "loading" }, actionData: null }, 0],
    ["a form's answer is on screen", { navigation: { state: "idle" }, actionData: { "routes/mental-detox-ebook": { errors: {} } } }, 0],
  ])("a new zone reloads the page's data when %s: %i time(s)", async (_, state, calls) => {
    vi.stubGlobal("window", { __remixRouter: { state } });
    const onTimeZoneChanged = vi.fn();
    await syncTimeZone(onTimeZoneChanged);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onTimeZoneChanged).toHaveBeenCalledTimes(calls);
  });

  const idle = { navigation: { state: "idle" }, actionData: null };
  const text = (value: string, defaultValue = "") => ({ type: "text", value, defaultValue });
  const box = (checked: boolean, defaultChecked = false) => ({ type: "checkbox", checked, defaultChecked });
  const select = (selected: boolean[]) => ({
    type: "select-one",
    options: selected.map((on, i) => ({ selected: on, defaultSelected: i === 0 })),
  });

  it.each([
    ["a form as the page drew it", [text("Noor", "Noor"), box(true, true), select([true, false]), { type: "hidden", value: "x" }], 1],
    ["a name typed", [text("Noor"), box(false)], 0],
    ["a box ticked", [text(""), box(true)], 0],
    ["another option chosen", [select([false, true])], 0],
    ["a file attached", [{ type: "file", files: [{}] }], 0],
    ["a message typed in a text area", [{ type: "textarea", value: "For you", defaultValue: "" }], 0],
  ])("a new zone reloads an idle page's data with %s: %i time(s)", async (_, controls, calls) => {
    vi.stubGlobal("window", { __remixRouter: { state: idle } });
    vi.stubGlobal("document", { forms: [{ elements: [] }, { elements: controls }] });
    const onTimeZoneChanged = vi.fn();
    await syncTimeZone(onTimeZoneChanged);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onTimeZoneChanged).toHaveBeenCalledTimes(calls);
  });

  it("reports a zone once per tab, and a page without a router takes the change at once", async () => {
    vi.stubGlobal("window", {});
    const onTimeZoneChanged = vi.fn();
    await syncTimeZone(onTimeZoneChanged);
    await syncTimeZone(onTimeZoneChanged);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onTimeZoneChanged).toHaveBeenCalledTimes(1);
  });
});
