import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * When the browser's sign-in starts (ADR 028), in Node: `window` is a plain EventTarget without
 * requestIdleCallback (so an idle moment is the module's 200 ms fallback), `document.readyState` is
 * set by each test, and the time-zone report is replaced at its module boundary.
 */

const zone = vi.hoisted(() => ({ syncTimeZone: vi.fn(async (_changed: () => void) => {}) }));
vi.mock("./time-zone.client", () => zone);

const { scheduleSignIn, VISITOR_START_DELAY_MS } = await import("./sign-in-start.client");

const IDLE_FALLBACK_MS = 200;
let target: EventTarget;

function fire(type: string) {
  target.dispatchEvent(new Event(type));
}

beforeEach(() => {
  vi.useFakeTimers();
  target = new EventTarget();
  vi.stubGlobal("window", target);
  vi.stubGlobal("document", { readyState: "loading" });
  vi.stubGlobal("navigator", { userActivation: { hasBeenActive: false } });
  zone.syncTimeZone.mockReset();
  zone.syncTimeZone.mockImplementation(async () => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("scheduleSignIn", () => {
  it("waits for a reading visitor until the delay after load has passed", () => {
    const start = vi.fn();
    scheduleSignIn({ eager: false, start, onTimeZoneChanged: () => {} });
    vi.advanceTimersByTime(60_000);
    expect(start).not.toHaveBeenCalled(); // the page has not loaded yet
    fire("load");
    vi.advanceTimersByTime(VISITOR_START_DELAY_MS + IDLE_FALLBACK_MS - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it.each(["pointerdown", "keydown", "focusin", "touchstart"])("starts at a visitor's first %s, and only once", (type) => {
    const start = vi.fn();
    scheduleSignIn({ eager: false, start, onTimeZoneChanged: () => {} });
    fire("load");
    vi.advanceTimersByTime(500);
    fire(type);
    expect(start).toHaveBeenCalledTimes(1);
    fire("pointerdown");
    fire("keydown");
    vi.advanceTimersByTime(VISITOR_START_DELAY_MS * 2);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("starts a member's page (or the sign-in pages) in the first idle moment after load, not at a touch", () => {
    const start = vi.fn();
    scheduleSignIn({ eager: true, start, onTimeZoneChanged: () => {} });
    fire("pointerdown");
    expect(start).not.toHaveBeenCalled();
    fire("load");
    vi.advanceTimersByTime(IDLE_FALLBACK_MS);
    expect(start).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(VISITOR_START_DELAY_MS * 2);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("starts at once when the visitor tapped or typed before this module arrived", () => {
    vi.stubGlobal("navigator", { userActivation: { hasBeenActive: true } });
    const start = vi.fn();
    scheduleSignIn({ eager: false, start, onTimeZoneChanged: () => {} });
    expect(start).toHaveBeenCalledTimes(1);
    fire("load");
    fire("pointerdown");
    vi.advanceTimersByTime(VISITOR_START_DELAY_MS * 2);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("on a page that has already loaded, counts the delay from now", () => {
    vi.stubGlobal("document", { readyState: "complete" });
    const start = vi.fn();
    scheduleSignIn({ eager: false, start, onTimeZoneChanged: () => {} });
    vi.advanceTimersByTime(VISITOR_START_DELAY_MS + IDLE_FALLBACK_MS);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("reports the time zone in the first idle moment after load, whoever is reading, without waiting for sign-in", () => {
    for (const eager of [false, true]) {
      zone.syncTimeZone.mockClear();
      target = new EventTarget();
      vi.stubGlobal("window", target);
      const onTimeZoneChanged = vi.fn();
      scheduleSignIn({ eager, start: () => {}, onTimeZoneChanged });
      vi.advanceTimersByTime(1_000);
      expect(zone.syncTimeZone).not.toHaveBeenCalled();
      fire("load");
      vi.advanceTimersByTime(IDLE_FALLBACK_MS);
      expect(zone.syncTimeZone).toHaveBeenCalledTimes(1);
      zone.syncTimeZone.mock.calls[0][0]();
      expect(onTimeZoneChanged).toHaveBeenCalledTimes(1);
    }
  });
});
