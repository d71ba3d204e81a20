import { Link, NavLink } from "~/components/link";
import type { ReactNode } from "react";

export interface StaffNavItem {
  href: string;
  label: string;
}

/**
 * The back office's own quiet shell (design brief): the wordmark, where you are, your account, and
 * a list of the staff pages your roles open. No public navigation and no call to join: the people
 * here are at work. The root leaves the site's shell out for routes whose handle says `shell: "staff"`.
 */
export function StaffShell({ nav, name, children }: { nav: StaffNavItem[]; name: string | null; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="staff-header">
        <div className="staff-header__inner">
          {/* Its own wordmark: importing the site's would split the site shell out of every page's first load. */}
          <Link className="wordmark" to="/" aria-label="Stillhour, home">
            <svg className="wordmark__mark" width="22" height="22" viewBox="0 0 22 22" aria-hidden="true" focusable="false">
              <circle cx="11" cy="11" r="10" fill="none" stroke="currentColor" strokeWidth="1.5" />
              <circle cx="11" cy="11" r="5" fill="currentColor" />
            </svg>
            <span aria-hidden="true">Stillhour</span>
          </Link>
          <span className="staff-header__place">Back office</span>
          <Link className="staff-header__link staff-header__site" to="/">
            View the site
          </Link>
          {/* Plain links, not the site's account menu: sharing it would split it out of every page's first load. */}
          {name ? <span className="staff-header__who">{name}</span> : null}
          <Link className="staff-header__link" to={name ? "/sign-out" : "/sign-in"}>
            {name ? "Sign out" : "Sign in"}
          </Link>
        </div>
      </header>
      <div className="staff-frame">
        {nav.length > 0 ? (
          <nav className="staff-nav" aria-label="Staff pages">
            <ul className="staff-nav__list">
              {nav.map((item) => (
                <li key={item.href}>
                  <NavLink className="staff-nav__link" to={item.href} end={item.href === "/staff"} prefetch="intent">
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <main id="main" className="staff-main" tabIndex={-1}>
          {children}
        </main>
      </div>
      <footer className="staff-footer">
        <p>Stillhour back office. What you change here is recorded in the audit log.</p>
      </footer>
    </>
  );
}
