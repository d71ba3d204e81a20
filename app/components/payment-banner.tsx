import { Link } from "~/components/link";

/**
 * Issue 8: while a renewal has failed (past due) the membership stays open, and every page says so
 * calmly with the way to fix it. It cannot be dismissed: it goes away when the card works.
 */
export function PaymentBanner() {
  return (
    <aside className="news-banner news-banner--payment" aria-label="Membership payment">
      <div className="container news-banner__inner">
        <p>
          Your last membership payment didn't go through. Your classes stay open while you{" "}
          <Link to="/settings#membership">update your card</Link>.
        </p>
      </div>
    </aside>
  );
}
