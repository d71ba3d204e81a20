import type { LinkDescriptor } from "@remix-run/node";
import frauncesRegular from "@fontsource/fraunces/files/fraunces-latin-400-normal.woff2";
import interRegular from "@fontsource/inter/files/inter-latin-400-normal.woff2";
import stylesHref from "~/styles/app.css";

/**
 * The site's stylesheet and the two fonts on the critical path (display serif and body sans).
 * The compiler's file loader fingerprints both the CSS and the woff2 files into public/build;
 * app.css refers to the same font files, so the preloads and the @font-face rules share one URL.
 */
export const styleLinks: LinkDescriptor[] = [
  { rel: "preload", href: frauncesRegular, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: interRegular, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: stylesHref },
];
