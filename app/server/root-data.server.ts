/**
 * Everything the root loader reads, through one module (issue 25, docs/decisions/043). The browser
 * build swaps each `.server` module a route imports for an empty stand-in, and a stand-in that two
 * routes import becomes a shared chunk of its own: the root's imports were five extra requests
 * (112 B each) before any page could hydrate. Imported only by app/root.tsx, this one stand-in stays
 * inside the root's own chunk.
 */
// `data` too: a route's own import of @remix-run/node is another shared empty stand-in in the browser.
export { data } from "@remix-run/node";
export { getEnv } from "~/lib/env.server";
export { getNewsBanner } from "~/models/content/content.server";
export { getMarketingConfig } from "~/platform/platform-config.server";
export { analyticsConfigFor } from "~/platform/analytics-id.server";
export { getVisitor } from "./visitor.server";
export { getMemberSummary, publicIdentityConfig } from "./member.server";
