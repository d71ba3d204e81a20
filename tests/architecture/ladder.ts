/**
 * The ladder of app/ (ADR 029), bottom to top: a file may import files on its own rung or below.
 * Inside models/ each domain is a rung of its own, so a feature reaches only the domains below it.
 */
export const LADDER = [
  "lib",
  "services",
  "platform",
  "models/identity",
  "models/content",
  "models/billing",
  "models/wallet",
  "models/classes",
  "models/on-demand",
  "models/studios",
  "models/engagement",
  "models/checkout",
  // Staff records name people too (the roster, notes, the audit log), so privacy stands above staff.
  "models/staff",
  "models/privacy",
  "demo",
  "browser",
  "components",
  "server",
  "routes",
  "app",
] as const;

export type Rung = (typeof LADDER)[number];

/** The rung of a file of app/, or null when the file stands on none. */
export function layerOf(file: string): Rung | null {
  if (!file.startsWith("app/")) return null;
  const rest = file.slice(4);
  if (!rest.includes("/")) return "app"; // root.tsx, entry.server.tsx, entry.client.tsx
  const [top, second] = rest.split("/");
  if (top === "styles") return "lib"; // stylesheet links only
  const name = (top === "models" ? `models/${second}` : top) as Rung;
  return (LADDER as readonly string[]).includes(name) ? name : null;
}

/** Whether `from` may import `to` by the ladder (rungs, plus the rules a rung keeps for itself). */
export function mayImport(from: string, to: string): boolean {
  const a = layerOf(from);
  const b = layerOf(to);
  if (a === null || b === null) return false;
  // Components are presentational: lib, browser runtimes, other components, and the pure rules and
  // types of the features (never their store queries).
  if (a === "components") {
    if (b === "models/staff" || b === "demo" || b === "server" || b === "routes" || b === "app") return false;
    if (b.startsWith("models/") || b === "platform") return !/\.server\.tsx?$/.test(to);
    if (b === "services") return !/\.server\.tsx?$/.test(to);
  }
  // Browser runtimes run in the page: nothing server-side below them either.
  if (a === "browser" && /\.server\.tsx?$/.test(to)) return false;
  return LADDER.indexOf(b) <= LADDER.indexOf(a);
}
