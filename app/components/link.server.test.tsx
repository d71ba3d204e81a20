import { Link as RemixLink, NavLink as RemixNavLink } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { Link, NavLink } from "./link";
import { ServerLink, ServerNavLink, plainHref } from "./link.server";

const at = (location: string, node: ReactNode) => renderToString(<StaticRouter location={location}>{node}</StaticRouter>);

/** An id from `useId` inside the link: it differs if the tree above it is not the shape Remix's is. */
function Labelled() {
  const id = useId();
  return <span id={id}>label</span>;
}

describe("the site's links on the server", () => {
  it("are the server versions in Node, where no document exists", () => {
    expect(Link).not.toBe(RemixLink);
    expect(NavLink).not.toBe(RemixNavLink);
  });

  const links: Array<[string, Record<string, unknown>]> = [
    ["/", {}],
    ["/classes", { className: "card__link", prefetch: "intent" }],
    ["/classes?teacher=teacher-amara&time=morning", { "aria-label": "Morning classes", preventScrollReset: true }],
    ["/on-demand/settle-in#start", { rel: "nofollow", target: "_blank" }],
    ["/subscribe?plan=annual&next=%2Fclasses", { replace: true, state: { from: "x" } }],
    ["/blog/a-quiet-morning", { reloadDocument: true }],
    ["/teachers/amara", { discover: "none", id: "teacher" }],
    ["/classes/", { className: "button button--small", "aria-current": "page" }],
  ];

  it.each(links)("draws Link to %s as Remix's Link does", (to, props) => {
    const ours = at(
      "/classes",
      <ServerLink to={to} {...props}>
        Go <Labelled />
      </ServerLink>,
    );
    const remix = at(
      "/classes",
      <RemixLink to={to} {...props}>
        Go <Labelled />
      </RemixLink>,
    );
    expect(ours).toBe(remix);
    expect(ours).toContain(`href="${to.replace(/&/g, "&amp;")}"`);
  });

  const navLinks: Array<[string, string, Record<string, unknown>]> = [
    ["/classes", "/classes", { className: "site-nav__link", prefetch: "intent" }],
    ["/classes/tide-2026-11-28", "/classes", { className: "site-nav__link" }],
    ["/classes/tide-2026-11-28", "/classes", { className: "site-nav__link", end: true }],
    ["/Classes", "/classes", {}],
    ["/Classes", "/classes", { caseSensitive: true }],
    ["/staff", "/staff", { end: true, "aria-current": "true" }],
    ["/staffing", "/staff", {}],
    ["/", "/", { end: true }],
    ["/about", "/", {}],
    ["/classes", "/classes/", {}],
  ];

  it.each(navLinks)("at %s draws NavLink to %s as Remix's NavLink does", (location, to, props) => {
    const ours = at(
      location,
      <ServerNavLink to={to} {...props}>
        Classes <Labelled />
      </ServerNavLink>,
    );
    const remix = at(
      location,
      <RemixNavLink to={to} {...props}>
        Classes <Labelled />
      </RemixNavLink>,
    );
    expect(ours).toBe(remix);
  });

  it("hands anything but a plain path to Remix's own link, which draws it", () => {
    for (const to of ["https://example.com/x", "//example.com/x", "classes", "../up", "/a?", "/a#", "/with space", "/caf\u00e9"]) {
      expect(plainHref(to)).toBeNull();
      expect(at("/", <ServerLink to={to}>x</ServerLink>)).toBe(at("/", <RemixLink to={to}>x</RemixLink>));
    }
    const object = { pathname: "/classes", search: "?time=evening" };
    expect(at("/", <ServerLink to={object}>x</ServerLink>)).toBe(at("/", <RemixLink to={object}>x</RemixLink>));
    const fn = ({ isActive }: { isActive: boolean }) => (isActive ? "on" : "off");
    expect(
      at(
        "/classes",
        <ServerNavLink to="/classes" className={fn}>
          x
        </ServerNavLink>,
      ),
    ).toBe(
      at(
        "/classes",
        <RemixNavLink to="/classes" className={fn}>
          x
        </RemixNavLink>,
      ),
    );
  });
});
