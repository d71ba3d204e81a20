import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * The frame every back-office page shares (issue 26): a way back to the staff home, the page's
 * heading and a sentence on what it is for, and a status line for what the last post did.
 */
export function StaffPage({ id, title, intro, notice, children }: { id: string; title: string; intro: ReactNode; notice?: string | null; children: ReactNode }) {
  return (
    <section className="section staff-page" aria-labelledby={id}>
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">
            <Link to="/staff">Staff</Link>
          </p>
          <h1 id={id}>{title}</h1>
          <p>{intro}</p>
        </header>
        {notice ? (
          <p className="notice notice--success" role="status">
            {notice}
          </p>
        ) : null}
        {children}
      </div>
    </section>
  );
}
