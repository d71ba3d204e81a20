import { mix } from "./colour";

/**
 * §7 image service rules: which URLs it answers, how its palette is asked for, answered, cached and
 * read. The image routes (teacher portraits, member photos) answer palettes with the same two helpers.
 */

/** Local seeded images and the configured image CDN count as the image service. */
export const IMAGE_SERVICE_PREFIXES = ["/images/", "https://images.stillhour.example/"] as const;

export function isImageServiceUrl(src: string, prefixes: readonly string[] = IMAGE_SERVICE_PREFIXES): boolean {
  return prefixes.some((prefix) => src.startsWith(prefix));
}

/** The palette request for an image: the same URL with palette=json and colors=1. */
export function paletteUrl(src: string): string {
  const url = new URL(src, "https://placeholder.invalid");
  url.searchParams.set("palette", "json");
  url.searchParams.set("colors", "1");
  return src.startsWith("/") ? `${url.pathname}${url.search}` : url.toString();
}

/** Palettes are cached per image, whatever query (size, crop) the URL carries. */
export function paletteCacheKey(src: string): string {
  const queryStart = src.search(/[?#]/);
  return queryStart === -1 ? src : src.slice(0, queryStart);
}

/** §7: the placeholder colour from a palette, trying muted, then vibrant_light, vibrant, muted_dark. */
export function placeholderColor(palette: unknown): string | null {
  const colors = (palette as { dominant_colors?: Record<string, { hex?: unknown } | undefined> } | null)?.dominant_colors;
  if (!colors || typeof colors !== "object") return null;
  for (const name of ["muted", "vibrant_light", "vibrant", "muted_dark"]) {
    const hex = colors[name]?.hex;
    if (typeof hex === "string" && /^#[0-9a-fA-F]{6}$/.test(hex)) return hex;
  }
  return null;
}

/** Whether an image request asks for the palette JSON instead of the image (`palette=json`; `colors` is accepted and ignored). */
export function isPaletteRequest(url: URL): boolean {
  return url.searchParams.get("palette") === "json";
}

/** The palette JSON shape of the image service (§7) for an image whose dominant colour is known. */
export function imagePalette(color: string) {
  return {
    dominant_colors: {
      muted: { hex: color },
      vibrant_light: { hex: mix(color, "#ffffff", 0.4) },
      vibrant: { hex: color },
      muted_dark: { hex: mix(color, "#12141b", 0.4) },
    },
  };
}

/** The image service's answer to a palette request, cached like the image it describes. */
export function paletteResponse(color: string, cacheControl: string): Response {
  return Response.json(imagePalette(color), { headers: { "Cache-Control": cacheControl } });
}
