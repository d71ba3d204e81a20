import { isImageServiceUrl, paletteCacheKey, paletteUrl, placeholderColor } from "~/lib/art/palette";

const palettes = new Map<string, Promise<string | null>>();

/**
 * §7: the placeholder colour of an image-service URL, fetched once per image (query ignored).
 * Anything else, and every failure, resolves to null: a missing placeholder is not an error.
 */
export function loadPlaceholderColor(src: string): Promise<string | null> {
  if (!isImageServiceUrl(src)) return Promise.resolve(null);
  const key = paletteCacheKey(src);
  let pending = palettes.get(key);
  if (!pending) {
    pending = fetch(paletteUrl(src), { credentials: "omit" })
      .then((response) => (response.ok ? response.json() : null))
      .then((palette) => placeholderColor(palette))
      .catch(() => null);
    palettes.set(key, pending);
  }
  return pending;
}
