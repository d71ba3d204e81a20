import { Form, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { CopyField } from "~/components/copy-field";
import type { MembershipNotice, MembershipSummary } from "~/models/billing/membership-summary";

/**
 * Settings' membership section (issue 8): what the member has, what happens next, the card, and the
 * ways to change it. Every button is a plain form posting to /settings/membership.
 */
export function MembershipPanel({
  summary,
  notice,
  giftedUntil = null,
  demoClock = false,
}: {
  summary: MembershipSummary | null;
  notice: MembershipNotice | null;
  giftedUntil?: string | null;
  demoClock?: boolean;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" && navigation.formAction === "/settings/membership" ? String(navigation.formData?.get("intent") ?? "") : "";
  return (
    <section className="auth-card stack" id="membership" aria-labelledby="membership-title">
      <h2 id="membership-title">Your membership</h2>
      {notice ? (
        <p className={`notice notice--${notice.tone}`} role={notice.tone === "error" ? "alert" : "status"}>
          {notice.text}
        </p>
      ) : null}
      {giftedUntil && (!summary || summary.status === "ended" || summary.status === "ending") ? (
        <p data-testid="gifted-until">Your gifted membership runs until {giftedUntil}. No card needed, and nothing renews.</p>
      ) : null}
      {giftedUntil && (!summary || summary.status === "ended") ? null : !summary || summary.status === "ended" ? (
        <>
          <p>{summary ? summary.headline : "No membership yet."} Live classes and the full library come with one.</p>
          <p>
            <Link className="button button--secondary" to="/subscribe">
              See memberships
            </Link>
          </p>
        </>
      ) : (
        <>
          <p>{summary.headline}</p>
          <dl className="membership-facts">
            {summary.nextCharge ? (
              <>
                <dt>Next payment</dt>
                <dd>{summary.nextCharge}</dd>
              </>
            ) : null}
            {summary.discount ? (
              <>
                <dt>Discount</dt>
                <dd>{summary.discount}</dd>
              </>
            ) : null}
            <dt>Card</dt>
            <dd>{summary.card ?? "No card on file"}</dd>
          </dl>
          <div className="button-row">
            <Form method="post" action="/settings/membership">
              <input type="hidden" name="intent" value="card" />
              <button className="button button--secondary" type="submit" disabled={pending === "card"}>
                {pending === "card" ? "Opening…" : "Update card"}
              </button>
            </Form>
            {demoClock && summary.status !== "ending" ? (
              <Form method="post" action="/settings/membership">
                <input type="hidden" name="intent" value="demo-next-payment" />
                <button className="button button--quiet" type="submit" disabled={pending === "demo-next-payment"}>
                  Demo: take the next payment now
                </button>
              </Form>
            ) : null}
            {summary.status === "ending" ? (
              <Form method="post" action="/settings/membership">
                <input type="hidden" name="intent" value="resume" />
                <button className="button" type="submit" disabled={pending === "resume"}>
                  {pending === "resume" ? "Resuming…" : "Resume membership"}
                </button>
              </Form>
            ) : (
              <Link className="button button--quiet" to="/settings/membership/cancel">
                Cancel membership
              </Link>
            )}
          </div>
        </>
      )}
    </section>
  );
}

/** Settings' gifts section (issue 11): the gifts the member gave, each with its receipt. */
export function GiftsPanel({ gifts }: { gifts: { bought: Array<{ id: string; typeName: string; stateLabel: string; to: string }> } }) {
  return (
    <section className="auth-card stack" id="gifts" aria-labelledby="gifts-title">
      <h2 id="gifts-title">Gifts</h2>
      {gifts.bought.length === 0 ? (
        <p>You haven't given a gift yet.</p>
      ) : (
        <ul>
          {gifts.bought.map((gift) => (
            <li key={gift.id}>
              <Link to={`/gift/receipt/${gift.id}`}>{gift.typeName}</Link> for {gift.to}: {gift.stateLabel.toLowerCase()}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/gift">Give a gift</Link> · <Link to="/redeem">Redeem a gift code</Link>
      </p>
    </section>
  );
}

const REFERRAL_STATES = {
  joined: "joined; your free month comes with their first payment",
  rewarded: "paid their first month; your free month is added",
} as const;

/** Settings' invitations (issue 11): the member's link, who joined through it, and who invited them. */
export function ReferralPanel({
  referrals,
}: {
  referrals: { link: string; invited: Array<{ firstName: string; state: "joined" | "rewarded" }>; invitedBy: string | null };
}) {
  return (
    <section className="auth-card stack" id="referrals" aria-labelledby="referrals-title">
      <h2 id="referrals-title">Invite a friend</h2>
      <p>Friends who join through your link get a 30-day free trial. When their first payment goes through, you get a month free.</p>
      <CopyField id="referral-link" label="Your invitation link" value={referrals.link} />
      {referrals.invited.length > 0 ? (
        <ul data-testid="referrals-invited">
          {referrals.invited.map((friend, index) => (
            <li key={index}>
              {friend.firstName} {REFERRAL_STATES[friend.state]}
            </li>
          ))}
        </ul>
      ) : (
        <p>No one has joined through your link yet.</p>
      )}
      {referrals.invitedBy ? <p data-testid="referral-invited-by">You joined through {referrals.invitedBy}'s invitation.</p> : null}
    </section>
  );
}
