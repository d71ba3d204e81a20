/** The §2 route table as the browser should see it: path, layout and theme. */
export interface ExpectedRoute {
  path: string;
  layout: "main" | "lander";
  theme: "light" | "dark";
  header?: "fixed" | "static";
  menuOnly?: "always" | "scrolled" | "never";
}

const LANDERS = [
  "beats",
  "becoming-magnetic",
  "challenge",
  "cycle-syncing",
  "emotional-intelligence-training",
  "sleep",
  "dear-mama",
  "focused-mind",
  "global",
  "good-grief",
  "heart-and-heartbreak",
  "mental-detox",
  "nervous-system-reset",
  "oura",
  "stress-cleanse",
];

const PARTNERS = [
  "beekeepersnaturals",
  "canopy",
  "cymbiotika",
  "dagnedover",
  "deux",
  "flamingoestate",
  "flex",
  "formulafig",
  "founderscard",
  "higherdose",
  "juna",
  "lonelyghost",
  "mudwtr",
  "necessaire",
  "ritual",
  "stakt",
  "themayfairgroup",
];

export const STATIC_ROUTES: ExpectedRoute[] = [
  { path: "/", layout: "lander", theme: "dark", header: "fixed" },
  { path: "/about", layout: "main", theme: "dark", header: "fixed" },
  { path: "/blog", layout: "main", theme: "dark" },
  { path: "/teachers", layout: "main", theme: "dark" },
  { path: "/careers", layout: "main", theme: "dark" },
  { path: "/faq", layout: "main", theme: "light", header: "fixed", menuOnly: "scrolled" },
  { path: "/press", layout: "main", theme: "dark", header: "fixed", menuOnly: "scrolled" },
  { path: "/privacy", layout: "main", theme: "dark" },
  { path: "/terms", layout: "main", theme: "dark" },
  { path: "/recommend", layout: "main", theme: "dark" },
  { path: "/mental-detox-ebook", layout: "main", theme: "dark" },
  ...LANDERS.map((slug) => ({ path: `/${slug}`, layout: "lander" as const, theme: "dark" as const, header: "fixed" as const })),
  { path: "/jetblue/flyfi", layout: "lander", theme: "dark", header: "fixed", menuOnly: "scrolled" },
  ...PARTNERS.map((slug) => ({ path: `/${slug}`, layout: "lander" as const, theme: "light" as const })),
];
