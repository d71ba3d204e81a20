import { describe, expect, it } from "vitest";
import { createLogPathMasker } from "./log-path";

const mask = createLogPathMasker([
  "",
  "about",
  "gift",
  "gift/receipt/:giftId",
  "demo/checkout/:sessionId",
  ":token",
  "*",
  "classes/:classId",
]);

describe("paths as the logs keep them", () => {
  it("masks gift codes keeping their shape, and other tokens whole", () => {
    expect(mask("/7KQ2M8XPV4HRZT6C")).toBe("/7KQ2-••••-••••-ZT6C");
    expect(mask("/7kq2-m8xp-v4hr-zt6c")).toBe("/7KQ2-••••-••••-ZT6C");
    expect(mask("/iris-abcdef")).toBe("/[token]");
    expect(mask("/sl_Q8f3Kd92")).toBe("/[token]");
    expect(mask("/demo/checkout/cs_demo_8f2kq")).toBe("/demo/checkout/[token]");
    expect(mask("/gift/receipt/pur_0123456789abcdef01234567")).toBe("/gift/receipt/[token]");
  });

  it("keeps the site's pages and word-like mistypes as they are", () => {
    for (const path of ["/", "/about", "/gift", "/classes/cls_123", "/no-such-page", "/no/such/page"]) expect(mask(path)).toBe(path);
  });
});
