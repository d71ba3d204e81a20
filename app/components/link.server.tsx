import { Link as RemixLink, NavLink as RemixNavLink, useLocation, type LinkProps, type NavLinkProps } from "@remix-run/react";
import { forwardRef } from "react";

// The server's side of ~/components/link (ADR 062). Anything but a plain path of this site (an object,
// a relative or outside address, a class or children given as a function) is drawn by Remix's own
// component here too.

/** `to` as the `href` Remix draws for it, when that is `to` itself: a path of this site, written out. */
export function plainHref(to: LinkProps["to"]): string | null {
  return typeof to === "string" && PLAIN_PATH.test(to) ? to : null;
}

// From the root, not protocol-relative; a query and a fragment only if each has something in it
// (Remix drops a lone "?" or "#"); no characters the router would encode or reads specially.
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@/]*(?:\?[^#\s]+)?(?:#\S+)?$/;

const ServerLinkImpl = forwardRef<HTMLAnchorElement, LinkProps>(function ServerLink(props, ref) {
  const href = plainHref(props.to);
  if (href === null) return <RemixLink {...props} ref={ref} />;
  return drawAnchor(props, href);
});
ServerLinkImpl.displayName = "Link";
export const ServerLink = ServerLinkImpl as unknown as typeof RemixLink;

const ServerNavLinkImpl = forwardRef<HTMLAnchorElement, NavLinkProps>(function ServerNavLink(props, ref) {
  const location = useLocation();
  const href = plainHref(props.to);
  const plain =
    href !== null && typeof props.className !== "function" && typeof props.style !== "function" && typeof props.children !== "function";
  if (!plain) return <RemixNavLink {...props} ref={ref} />;
  const { caseSensitive = false, end = false, className = "", style, "aria-current": ariaCurrent = "page", ...linkProps } = props;
  const active = isActive(location.pathname, href.split(/[?#]/, 1)[0], caseSensitive, end);
  return drawAnchor(linkProps as LinkProps, href, {
    "aria-current": active ? ariaCurrent : undefined,
    className: [className as string, active ? "active" : null].filter(Boolean).join(" "),
    style: style as React.CSSProperties | undefined,
  });
});
ServerNavLinkImpl.displayName = "NavLink";
export const ServerNavLink = ServerNavLinkImpl as unknown as typeof RemixNavLink;

/**
 * The anchor Remix draws for a plain path, inside the fragment it draws (so an id made by `useId`
 * below the link is the same in both). A NavLink's own attributes (`own`) come, as in Remix's markup,
 * between `data-discover` and `href`.
 */
function drawAnchor(
  props: LinkProps,
  href: string,
  own?: Pick<React.AnchorHTMLAttributes<HTMLAnchorElement>, "aria-current" | "className" | "style">,
) {
  const { rest, discover, target, children } = anchorOf(props);
  return (
    <>
      <a {...rest} data-discover={discover} {...own} href={href} target={target}>
        {children}
      </a>
      {null}
    </>
  );
}

/**
 * What of a link's props reaches its anchor, in Remix's order: its own and React Router's props
 * taken off (`rest`), then `data-discover` as Remix sets it, and the target React Router puts last.
 */
function anchorOf(props: LinkProps) {
  const {
    to: _to,
    prefetch: _prefetch,
    discover = "render",
    onClick: _onClick,
    relative: _relative,
    reloadDocument,
    replace: _replace,
    state: _state,
    target,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    children,
    ...rest
  } = props;
  return { rest, discover: discover === "render" && !reloadDocument ? "true" : undefined, target, children };
}

/** React Router's rule for a NavLink's "active": the same path, or (unless `end`) a path under it. */
function isActive(locationPathname: string, toPathname: string, caseSensitive: boolean, end: boolean): boolean {
  const here = caseSensitive ? locationPathname : locationPathname.toLowerCase();
  const there = caseSensitive ? toPathname : toPathname.toLowerCase();
  const endSlash = there !== "/" && there.endsWith("/") ? there.length - 1 : there.length;
  return here === there || (!end && here.startsWith(there) && here.charAt(endSlash) === "/");
}
