/*
 * Its own module (issue 25): the header's avatar needs only this, and importing it from user.ts
 * brought that module's frozen default record into every page's first load.
 */

/** Up to two letters for the header's avatar. */
export function initialsOf(firstName: string | null, lastName: string | null, fallback = "You"): string {
  const letters = [firstName, lastName]
    .map((name) => (name ?? "").trim())
    .filter(Boolean)
    .map((name) => Array.from(name)[0].toLocaleUpperCase("en"));
  return letters.length > 0 ? letters.join("") : fallback;
}
