import { Link } from "~/components/link";
import type { ReactNode } from "react";

/**
 * What a list shows when it has nothing yet: a calm mark, a title, a sentence, and the one place to
 * go next (`link`, a button-styled link, `quiet` for the secondary style; `action` for anything else).
 */
export function EmptyState({
  title,
  message,
  link,
  action,
}: {
  title: string;
  message: string;
  link?: { to: string; label: string; quiet?: boolean };
  action?: ReactNode;
}) {
  return (
    <div className="empty-state">
      <svg width="48" height="48" viewBox="0 0 48 48" aria-hidden="true">
        <circle cx="24" cy="24" r="20" fill="none" stroke="currentColor" strokeOpacity="0.35" strokeWidth="2" />
        <circle cx="24" cy="24" r="8" fill="currentColor" fillOpacity="0.25" />
      </svg>
      <h2>{title}</h2>
      <p>{message}</p>
      {link ? (
        <Link className={link.quiet ? "button button--secondary" : "button"} to={link.to}>
          {link.label}
        </Link>
      ) : null}
      {action}
    </div>
  );
}
