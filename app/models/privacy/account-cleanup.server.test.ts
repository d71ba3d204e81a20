import { describe, expect, it } from "vitest";
import { isIdle } from "./account-cleanup.server";

describe("when an anonymous account counts as idle", () => {
  const cutoff = Date.parse("2026-10-23T00:00:00Z");

  it("goes by the last activity, and by creation only when there was none", () => {
    expect(isIdle({ createdAt: cutoff - 90 * 86_400_000, lastActiveAt: cutoff + 1 }, cutoff)).toBe(false);
    expect(isIdle({ createdAt: cutoff - 90 * 86_400_000, lastActiveAt: cutoff - 1 }, cutoff)).toBe(true);
    expect(isIdle({ createdAt: cutoff - 1, lastActiveAt: null }, cutoff)).toBe(true);
    expect(isIdle({ createdAt: cutoff, lastActiveAt: null }, cutoff)).toBe(false);
  });

  it("keeps an account whose dates the provider lost (some old anonymous accounts have none)", () => {
    expect(isIdle({ createdAt: Number.NaN, lastActiveAt: null }, cutoff)).toBe(false);
  });
});
