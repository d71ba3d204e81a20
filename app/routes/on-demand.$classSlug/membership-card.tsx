import { Link } from "~/components/link";
import type { OnDemandClassPageModel } from "./page.server";

/** For anyone who may not play the class: what the membership brings, and the way to it (or to sign in). */
export function MembershipCard({ page }: { page: Pick<OnDemandClassPageModel, "access" | "subscribeHref" | "signInHref"> }) {
  const visitor = page.access === "visitor";
  return (
    <section className="auth-card stack" aria-labelledby="od-join-title">
      <h2 id="od-join-title">{visitor ? "Play this class with a membership" : "This class is part of the membership"}</h2>
      <p>Every on-demand class, every live class, and the series, with a free first week. Cancel any time.</p>
      <p className="button-row">
        <Link className="button" to={page.subscribeHref}>
          {visitor ? "Start your free week" : "See memberships"}
        </Link>
        {visitor ? (
          <Link className="button button--quiet" to={page.signInHref}>
            I'm already a member
          </Link>
        ) : null}
      </p>
    </section>
  );
}
