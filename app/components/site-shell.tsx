import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { Link, NavLink } from "~/components/link";
import type { ReactNode } from "react";
import type { MemberSummary, SalesCall } from "~/models/identity/member";
import type { RouteHandle } from "~/lib/route-handle";
import { AccountMenu, SignInLink } from "./account-menu";
import { useLanderData } from "~/components/landers/lander-data";

const NAV_LINKS = [
  { to: "/classes", label: "Classes" },
  { to: "/on-demand", label: "On demand" },
  { to: "/teachers", label: "Teachers" },
  { to: "/blog", label: "Blog" },
  { to: "/about", label: "About" },
  { to: "/faq", label: "FAQ" },
  { to: "/press", label: "Press" },
] as const;

// The standard offer (ADR 056): /subscribe without a code gives exactly the week this promises.
const DEFAULT_CTA = { label: "Start your free week", href: "/subscribe" };

/** The part of the root loader's data this reads (the root sits above components on the ladder). */
type RootData = { member: Pick<MemberSummary, "call"> | null };

/**
 * Which call to action this page shows its reader (issue 34, `salesCallFor`). A visitor's page is the
 * shared, cached one, so it always carries the offer; the root loader reads a signed-in person's
 * summary only for their own private page (ADR 009), so nothing personal reaches a shared page.
 */
export function useSalesCall(): SalesCall {
  const root = useRouteLoaderData("root") as RootData | undefined;
  return root?.member?.call ?? "offer";
}

/** A member's own way on, where a visitor would be offered the membership. */
const MEMBER_CALL = { label: "Your classes", href: "/my-classes" } as const;

/**
 * The call to action for this person, in the header, the phone menu and on the page: the offer (a
 * lander's own) for someone who can take it, "Your classes" for a member, nothing for staff or someone
 * whose plan has ended. A visitor's page is the shared one; a member is known only on their own page.
 */
function callFor(call: SalesCall = "offer", offer: { label: string; href: string }): { label: string; href: string } | null {
  return call === "offer" ? offer : call === "member" ? MEMBER_CALL : null;
}

/**
 * The page's offer button for someone who can take it, "Your classes" for a member, nothing for
 * anyone else (staff, or someone whose plan has ended).
 */
export function OfferButton(offer: { label: string; href: string }) {
  const target = callFor(useSalesCall(), offer);
  return target ? (
    <Link className="button" to={target.href}>
      {target.label}
    </Link>
  ) : null;
}

/** Skip link, header, main landmark and footer around every page. */
export function SiteShell({
  handle,
  member,
  banner,
  children,
}: {
  handle: RouteHandle;
  member: MemberSummary | null;
  banner?: ReactNode;
  children: ReactNode;
}) {
  const lander = handle.layout === "lander";
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {lander ? <LanderHeader handle={handle} member={member} /> : <SiteHeader handle={handle} member={member} />}
      <main id="main" tabIndex={-1}>
        {banner}
        {children}
      </main>
      {handle.footer === "compact" ? <CompactFooter /> : <SiteFooter />}
    </>
  );
}

export function Wordmark() {
  return (
    <Link className="wordmark" to="/" aria-label="Stillhour, home">
      <svg className="wordmark__mark" width="22" height="22" viewBox="0 0 22 22" aria-hidden="true" focusable="false">
        <circle cx="11" cy="11" r="10" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <circle cx="11" cy="11" r="5" fill="currentColor" />
      </svg>
      <span aria-hidden="true">Stillhour</span>
    </Link>
  );
}

/** "Sign in" for visitors, the member's avatar and menu for members. */
function Account({ member }: { member: MemberSummary | null }) {
  return member ? <AccountMenu member={member} /> : <SignInLink />;
}

function SiteHeader({ handle, member }: { handle: RouteHandle; member: MemberSummary | null }) {
  const location = useLocation();
  const logoOnly = handle.headerVariant === "logo-only";
  const cta = callFor(member?.call, DEFAULT_CTA);
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Wordmark />
        {logoOnly ? null : (
          <>
            <nav className="site-nav" aria-label="Main">
              <ul className="site-nav__list">
                {NAV_LINKS.map((link) => (
                  <li key={link.to}>
                    <NavLink className="site-nav__link" to={link.to} prefetch="intent">
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            {cta ? (
              <Link className="button button--small site-header__cta" to={cta.href}>
                {cta.label}
              </Link>
            ) : null}
            <Account member={member} />
            {/* Keyed by path so the sheet closes after a client-side navigation. */}
            <MenuSheet key={location.pathname} cta={cta} />
          </>
        )}
      </div>
    </header>
  );
}

/** The phone menu: a <details> disclosure, so it opens and closes with or without JavaScript. */
function MenuSheet({ cta }: { cta: { label: string; href: string } | null }) {
  return (
    <details className="menu-sheet">
      <summary>
        <svg className="menu-sheet__icon" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
          <rect y="3" width="18" height="1.75" rx="0.9" fill="currentColor" />
          <rect className="bar-mid" y="8.1" width="18" height="1.75" rx="0.9" fill="currentColor" />
          <rect y="13.2" width="18" height="1.75" rx="0.9" fill="currentColor" />
        </svg>
        Menu
      </summary>
      <div className="menu-sheet__panel">
        <nav aria-label="Menu">
          <ul className="menu-sheet__list">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to}>{link.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {cta ? (
          <Link className="button" to={cta.href}>
            {cta.label}
          </Link>
        ) : null}
      </div>
    </details>
  );
}

/** Landers get a lighter header: the wordmark and one call to action (the page's own, when it has one). */
function LanderHeader({ handle, member }: { handle: RouteHandle; member: MemberSummary | null }) {
  const location = useLocation();
  const data = useLanderData();
  const cta = callFor(member?.call, data ? { label: data.page.cta.label, href: data.page.ctaHref } : DEFAULT_CTA);
  return (
    <header className="site-header site-header--lander">
      <div className="container site-header__inner">
        <Wordmark />
        {handle.headerVariant === "logo-only" ? null : (
          <>
            {cta ? (
              <Link className="button button--small site-header__cta" to={cta.href}>
                {cta.label}
              </Link>
            ) : null}
            <Account member={member} />
          </>
        )}
        {/* A menu-only lander (/jetblue/flyfi) swaps its call to action for the menu once scrolled. */}
        {handle.menuOnly !== "never" && handle.headerVariant !== "logo-only" ? <MenuSheet key={location.pathname} cta={cta} /> : null}
      </div>
    </header>
  );
}

const FOOTER_GROUPS = [
  {
    title: "Stillhour",
    links: [
      { to: "/about", label: "About" },
      { to: "/careers", label: "Careers" },
      { to: "/press", label: "Press" },
      { to: "/faq", label: "FAQ" },
    ],
  },
  {
    title: "Practice",
    links: [
      { to: "/classes", label: "Live classes" },
      { to: "/studios", label: "Studios" },
      { to: "/on-demand", label: "On demand" },
      { to: "/teachers", label: "Teachers" },
      { to: "/blog", label: "Blog" },
      { to: "/learn", label: "Learn" },
      { to: "/mental-detox-ebook", label: "Mental detox e-book" },
      { to: "/recommend", label: "Recommend a friend" },
      { to: "/gift", label: "Give a gift" },
    ],
  },
  {
    title: "The small print",
    links: [
      { to: "/privacy", label: "Privacy" },
      { to: "/privacy/choices", label: "Your privacy choices" },
      { to: "/terms", label: "Terms" },
    ],
  },
] as const;

function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="site-footer__grid">
          <div className="site-footer__about">
            <Wordmark />
            <p>Live and on-demand classes in meditation, mindfulness and breathwork. Come as you are.</p>
            <StoreBadges />
          </div>
          {FOOTER_GROUPS.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h2>{group.title}</h2>
              <ul className="site-footer__links">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="site-footer__legal">
          <p>© 2026 Stillhour (a fictional company)</p>
          <p>Breathe in. Breathe out. That counts.</p>
        </div>
      </div>
    </footer>
  );
}

/** A lander's footer: one quiet line, but every place a newcomer may want to look next. */
const LEFT_OUT_OF_COMPACT_FOOTER = ["/careers", "/press", "/mental-detox-ebook"];

function CompactFooter() {
  return (
    <footer className="site-footer site-footer--compact">
      <div className="container">
        <div className="site-footer__legal">
          <p>© 2026 Stillhour (a fictional company)</p>
          <nav aria-label="Footer">
            <ul>
              {FOOTER_GROUPS.flatMap((group): ReadonlyArray<{ to: string; label: string }> => group.links)
                .filter((link) => !LEFT_OUT_OF_COMPACT_FOOTER.includes(link.to))
                .map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}

export function StoreBadges() {
  return (
    <div className="store-badges">
      <a className="store-badge" href="https://apps.apple.com/" rel="noopener" target="_blank">
        <small>Download on the</small>
        <strong>App Store</strong>
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      <a className="store-badge" href="https://play.google.com/" rel="noopener" target="_blank">
        <small>Get it on</small>
        <strong>Google Play</strong>
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </div>
  );
}
