import { describe, expect, it } from "vitest";
import { SHARE_POPUP, popupFeatures } from "./share-popup.client";

describe("share popup", () => {
  it("is 626×436, checked every 500 ms", () => {
    expect(SHARE_POPUP).toEqual({ width: 626, height: 436, closedCheckMs: 500 });
  });

  it("centres itself on the current window", () => {
    expect(popupFeatures({ left: 0, top: 0, width: 1626, height: 1436 })).toMatch(/width=626,height=436,left=500,top=500/);
    expect(popupFeatures({ left: 100, top: 50, width: 1026, height: 836 })).toMatch(/left=300,top=250/);
  });
});
