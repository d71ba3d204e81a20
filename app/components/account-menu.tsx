import { Form, useLocation } from "@remix-run/react";
import { Link } from "~/components/link";
import type { MemberSummary } from "~/models/identity/member";

/** The header's way in for visitors; it brings them back to the page they were on. */
export function SignInLink() {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const to = pathname.startsWith("/sign-in") || pathname === "/signed-out" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(here)}`;
  return (
    <Link className="site-header__sign-in" to={to} rel="nofollow">
      Sign in
    </Link>
  );
}

/**
 * The member's avatar and menu: a <details> disclosure, so it opens with a keyboard, a tap or no
 * JavaScript at all. Sign out is a form posting to /sign-out. The summary's name starts with exactly
 * what it shows (the initials unless a photo stands in for them, then the first name): a
 * voice-control user says what they see (WCAG 2.5.3, Label in Name).
 */
export function AccountMenu({ member }: { member: MemberSummary }) {
  const { pathname } = useLocation();
  const shown = member.firstName ?? "Account";
  const name = `${member.photoUrl ? "" : `${member.initials} `}${shown}${member.firstName ? ", account menu" : " menu"}`;
  return (
    <details className="account-menu" key={pathname}>
      <summary aria-label={name}>
        <span className="account-menu__avatar" style={{ backgroundColor: member.photoColor ?? undefined }} aria-hidden="true">
          {member.photoUrl ? <img src={member.photoUrl} alt="" width={36} height={36} decoding="async" /> : member.initials}
        </span>{" "}
        <span className="account-menu__name">{shown}</span>
      </summary>
      <div className="account-menu__panel">
        <ul className="account-menu__list">
          <li>
            <Link to="/my-classes">My classes</Link>
          </li>
          <li>
            <Link to="/practice">Practice</Link>
          </li>
          <li>
            <Link to="/settings">Settings</Link>
          </li>
          {member.isStaff ? (
            <li>
              <Link to="/staff">Back office</Link>
            </li>
          ) : null}
        </ul>
        <Form method="post" action="/sign-out" reloadDocument>
          <button type="submit" className="button button--quiet button--small">
            Sign out
          </button>
        </Form>
      </div>
    </details>
  );
}
