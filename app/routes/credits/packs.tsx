import { Form, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import type { CreditsPage as Page } from "./page.server";

/** What the member holds: the balance, and each pack with what is left and until when. */
export function HeldCredits({ balance, held }: { balance: number; held: Page["held"] }) {
  return (
    <section className="auth-card stack" aria-labelledby="held-title">
      <h2 id="held-title">Your credits: {balance}</h2>
      {held.length > 0 ? (
        <ul>
          {held.map((pack, index) => (
            <li key={index}>
              {pack.name}: {pack.left} left, until {pack.until}
            </li>
          ))}
        </ul>
      ) : (
        <p>No credits yet. Choose a pack below.</p>
      )}
    </section>
  );
}

/** The packs on sale, each its own plain form (or the way to sign in first). */
export function PackList({ page }: { page: Pick<Page, "packs" | "signedIn" | "intentId" | "next"> }) {
  const navigation = useNavigation();
  const pendingPack = navigation.state !== "idle" && navigation.formMethod === "POST" ? String(navigation.formData?.get("pack") ?? "") : "";
  if (page.packs.length === 0) return <p className="empty-note">Class packs aren't on sale just now.</p>;
  return (
    <ul className="credit-packs">
      {page.packs.map((pack, index) => (
        <li key={pack.id} className="credit-packs__item">
          <h2 className="credit-packs__name">{pack.name}</h2>
          <p>
            {pack.credits} classes for {pack.price}, to use within {pack.validDays} days. {pack.description}
          </p>
          {page.signedIn ? (
            <Form method="post">
              <input type="hidden" name="pack" value={pack.id} />
              <input type="hidden" name="intentId" value={`${page.intentId}-${index}`} />
              {page.next ? <input type="hidden" name="next" value={page.next} /> : null}
              <button className="button" type="submit" disabled={pendingPack === pack.id}>
                {pendingPack === pack.id ? "Opening the payment page…" : `Buy ${pack.name.toLowerCase()}`}
              </button>
            </Form>
          ) : (
            <Link
              className="button"
              to={`/sign-in?next=${encodeURIComponent(`/credits${page.next ? `?next=${encodeURIComponent(page.next)}` : ""}`)}`}
            >
              Sign in to buy
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
