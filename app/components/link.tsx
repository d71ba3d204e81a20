import { Link as RemixLink, NavLink as RemixNavLink } from "@remix-run/react";
import { ServerLink, ServerNavLink } from "./link.server";

/**
 * The site's links (ADR 062). In the browser these are Remix's own `Link` and `NavLink`, unchanged
 * (the browser's build gets an empty module for `link.server`). On the server, a link to a plain
 * path of this site is drawn straight as the anchor Remix would draw: the same attributes in the
 * same order, inside the same fragment (so ids made by `useId` below it match on hydration). Remix's
 * link resolves its path three times on the server, each time writing the route matches to JSON and
 * reading them back, for an `href` that is the path it was given; a member's schedule has about
 * ninety links, and they were a fifth of what a view allocated (issue 38).
 */
export const Link: typeof RemixLink = ServerLink ?? RemixLink;
export const NavLink: typeof RemixNavLink = ServerNavLink ?? RemixNavLink;
