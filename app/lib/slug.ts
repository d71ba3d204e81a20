/**
 * A page address from a title (issue 34): "Breathing at Your Desk!" gives "breathing-at-your-desk".
 * Accents fall away, anything else between words becomes one hyphen, and it is cut at a word's end
 * within `max` characters. Empty when the title has no letters or digits. Pure and browser-safe.
 */
export function addressFromTitle(title: string, max = 80): string {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (words.length <= max) return words;
  const cut = words.slice(0, max + 1);
  const end = cut.lastIndexOf("-");
  return (end > 0 ? cut.slice(0, end) : words.slice(0, max)).replace(/-+$/, "");
}
