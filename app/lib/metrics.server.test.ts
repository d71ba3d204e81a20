import { describe, expect, it } from "vitest";
import { hasMetricsToken } from "./metrics.server";

describe("the metrics token", () => {
  const token = "t".repeat(40);
  it("is accepted only as a bearer token, exactly", () => {
    expect(hasMetricsToken(`Bearer ${token}`, token)).toBe(true);
    expect(hasMetricsToken(`bearer ${token}`, token)).toBe(true);
    expect(hasMetricsToken(undefined, token)).toBe(false);
    expect(hasMetricsToken(token, token)).toBe(false);
    expect(hasMetricsToken(`Bearer ${token}x`, token)).toBe(false);
    expect(hasMetricsToken(`Bearer ${token.slice(1)}`, token)).toBe(false);
    expect(hasMetricsToken(`Basic ${token}`, token)).toBe(false);
  });
});
