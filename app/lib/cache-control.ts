/**
 * The Cache-Control values pages answer with (ADR 005, ADR 009). A public page may be kept by shared
 * caches and the server's page cache for `sharedSeconds` while browsers always ask again; anything
 * personal is never stored anywhere.
 */
export const PERSONAL = "private, no-store";

export function publicPage(sharedSeconds = 60): string {
  return `public, max-age=0, s-maxage=${sharedSeconds}`;
}

/** The header for a page that is the same for every visitor unless `personal` says it is someone's own. */
export function pageCaching(personal: boolean, sharedSeconds = 60): { "Cache-Control": string } {
  return { "Cache-Control": personal ? PERSONAL : publicPage(sharedSeconds) };
}
