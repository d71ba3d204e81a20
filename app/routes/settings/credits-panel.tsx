import { Link } from "~/components/link";
import type { CreditsView } from "~/models/wallet/credit-pack";

/**
 * Settings' class credits (issue 11): the balance and each pack's credits left with its expiry date,
 * or an empty state that points to where packs are bought.
 */
export function CreditsPanel({ credits }: { credits: CreditsView }) {
  return (
    <section className="auth-card stack" id="credits" aria-labelledby="credits-title">
      <h2 id="credits-title">Class credits</h2>
      {credits.packs.length === 0 ? (
        <>
          <p>
            {credits.everHad ? "You have no credits left to spend." : "No class packs yet."} A pack lets you book live classes that take
            credits, without a membership.
          </p>
          <p>
            <Link className="button button--secondary" to="/credits">
              See class packs
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="credits-balance">
            You have <strong>{credits.balance}</strong> to spend. The pack that expires first is used first.
          </p>
          <ul className="credit-packs" aria-label="Your class packs">
            {credits.packs.map((pack) => (
              <li key={pack.id} className="credit-packs__item">
                <span className="credit-packs__name">{pack.name}</span>
                <span>{pack.left}</span>
                <span className="muted">
                  Expires <time dateTime={pack.expiresAt}>{pack.expires}</time>
                </span>
              </li>
            ))}
          </ul>
          <p>
            <Link to="/credits">Buy another pack</Link>
          </p>
        </>
      )}
    </section>
  );
}
