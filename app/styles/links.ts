import type { LinkDescriptor } from "@remix-run/node";
import frauncesRegular from "@fontsource/fraunces/files/fraunces-latin-400-normal.woff2";
import interRegular from "@fontsource/inter/files/inter-latin-400-normal.woff2";
import interSemiBold from "@fontsource/inter/files/inter-latin-600-normal.woff2";
import stylesHref from "~/styles/app.css";

/**
 * The site's stylesheet and the three font files on the critical path (the display serif, the body
 * sans, and its semibold for buttons and labels: preloaded, it is there within `optional`'s short
 * window on the first view, so labels are not set in a fallback bold).
 * The compiler's file loader fingerprints both the CSS and the woff2 files into public/build;
 * app.css refers to the same font files, so the preloads and the @font-face rules share one URL.
 */
export const styleLinks: LinkDescriptor[] = [
  { rel: "preload", href: frauncesRegular, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: interRegular, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: interSemiBold, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: stylesHref },
];
