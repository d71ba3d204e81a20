/** §7 image rules: which URLs the image service answers, and how its palette is asked for and cached. */

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
