import { Form, Link, useNavigation } from "@remix-run/react";
import type { MembershipNotice, MembershipSummary } from "~/models/membership-summary";

/**
 * Settings' membership section (issue 8): what the member has, what happens next, the card, and the
 * ways to change it. Every button is a plain form posting to /settings/membership.
 */
export function MembershipPanel({ summary, notice }: { summary: MembershipSummary | null; notice: MembershipNotice | null }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === "/settings/membership" ? String(navigation.formData?.get("intent") ?? "") : "";
  return (
    <section className="auth-card stack" id="membership" aria-labelledby="membership-title">
      <h2 id="membership-title">Your membership</h2>
      {notice ? (
        <p className={`notice notice--${notice.tone}`} role={notice.tone === "error" ? "alert" : "status"}>
          {notice.text}
        </p>
      ) : null}
      {!summary || summary.status === "ended" ? (
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
