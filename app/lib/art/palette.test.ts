import { describe, expect, it } from "vitest";
import {
  imagePalette,
  isImageServiceUrl,
  isPaletteRequest,
  paletteCacheKey,
  paletteResponse,
  paletteUrl,
  placeholderColor,
} from "./palette";

describe("image palette rules (§7)", () => {
  it("asks only the image service", () => {
    expect(isImageServiceUrl("/images/teachers/a.svg")).toBe(true);
    expect(isImageServiceUrl("https://images.stillhour.example/x.jpg?w=400")).toBe(true);
    expect(isImageServiceUrl("https://elsewhere.example/x.jpg")).toBe(false);
    expect(isImageServiceUrl("/build/logo.svg")).toBe(false);
  });

  it("adds palette=json and colors=1, keeping the image's own query", () => {
    expect(paletteUrl("/images/teachers/a.svg")).toBe("/images/teachers/a.svg?palette=json&colors=1");
    const remote = new URL(paletteUrl("https://images.stillhour.example/x.jpg?w=400"));
    expect(remote.searchParams.get("w")).toBe("400");
    expect(remote.searchParams.get("palette")).toBe("json");
    expect(remote.searchParams.get("colors")).toBe("1");
  });

  it("caches per URL without its query", () => {
    expect(paletteCacheKey("https://images.stillhour.example/x.jpg?w=400")).toBe("https://images.stillhour.example/x.jpg");
    expect(paletteCacheKey("/images/a.svg")).toBe("/images/a.svg");
  });

  it("takes muted, then vibrant_light, vibrant and muted_dark", () => {
    expect(placeholderColor({ dominant_colors: { muted: { hex: "#111111" }, vibrant: { hex: "#222222" } } })).toBe("#111111");
    expect(placeholderColor({ dominant_colors: { vibrant_light: { hex: "#333333" }, vibrant: { hex: "#222222" } } })).toBe("#333333");
    expect(placeholderColor({ dominant_colors: { vibrant: { hex: "#222222" }, muted_dark: { hex: "#444444" } } })).toBe("#222222");
    expect(placeholderColor({ dominant_colors: { muted_dark: { hex: "#444444" } } })).toBe("#444444");
    expect(placeholderColor({ dominant_colors: { muted: { hex: "red" } } })).toBeNull();
    expect(placeholderColor(null)).toBeNull();
    expect(placeholderColor("nonsense")).toBeNull();
    expect(placeholderColor(imagePalette("#c9775b"))).toBe("#c9775b");
  });

  it("knows a palette request and answers it with the image's own cache policy", async () => {
    expect(isPaletteRequest(new URL(paletteUrl("https://images.stillhour.example/a.webp")))).toBe(true);
    expect(isPaletteRequest(new URL("https://images.stillhour.example/a.webp?palette=png"))).toBe(false);
    const answer = paletteResponse("#335577", "private, max-age=60");
    expect(answer.headers.get("Cache-Control")).toBe("private, max-age=60");
    expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(placeholderColor(await answer.json())).toBe("#335577");
  });
});
