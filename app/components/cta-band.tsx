import { Link } from "~/components/link";
import { useSalesCall } from "./site-shell";

/** A closing band that invites someone to the membership: shown only to people who can take it (issue 34). */

export function CtaBand({
  title,
  body,
  // The standard offer's week (ADR 056): /subscribe without a code gives exactly that.
  cta = { label: "Start your free week", href: "/subscribe" },
  secondary,
}: {
  title: string;
  body?: string;
  cta?: { label: string; href: string };
  secondary?: { label: string; href: string };
}) {
  if (useSalesCall() !== "offer") return null;
  return (
    <section className="section" aria-labelledby="cta-band-title">
      <div className="container">
        <div className="cta-band">
          <h2 id="cta-band-title">{title}</h2>
          {body ? <p>{body}</p> : null}
          <div className="button-row">
            <Link className="button" to={cta.href}>
              {cta.label}
            </Link>
            {secondary ? (
              <Link className="button button--secondary" to={secondary.href}>
                {secondary.label}
              </Link>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
