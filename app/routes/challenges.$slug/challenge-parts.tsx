import { Form } from "@remix-run/react";
import { Link } from "~/components/link";

const people = (n: number) => (n === 1 ? "1 member has" : `${n} members have`);

/** When the challenge runs, its tiers, how many joined this month and who teaches it. */
export function ChallengeFacts({
  month,
  tiersLabel,
  joined,
  teachers,
}: {
  month: string;
  tiersLabel: string;
  joined: number;
  teachers: { name: string; href: string }[];
}) {
  return (
    <dl className="challenge-facts">
      <div>
        <dt>When</dt>
        <dd>{month}, every day of it on your own calendar</dd>
      </div>
      <div>
        <dt>The tiers</dt>
        <dd>{tiersLabel}</dd>
      </div>
      <div>
        <dt>Joined this month</dt>
        <dd>{people(joined)} joined</dd>
      </div>
      {teachers.length > 0 ? (
        <div>
          <dt>Teachers</dt>
          <dd>
            {teachers.map((t, i) => (
              <span key={t.href}>
                {i > 0 ? ", " : ""}
                <Link to={t.href}>{t.name}</Link>
              </span>
            ))}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

export interface MyRound {
  month: string;
  progress: string;
  done: boolean;
  reached: string[];
}

/** The member's round this month with a way to leave it, else the way to join, else a note that it is resting. */
export function RoundCard({
  mine,
  running,
  membersOnly,
  personal,
  busy,
}: {
  mine: MyRound | null;
  running: boolean;
  membersOnly: boolean;
  personal: boolean;
  busy: boolean;
}) {
  return (
    <section className="auth-card stack" aria-labelledby="round-title">
      <h2 id="round-title">{mine ? "Your month" : "Join"}</h2>
      <RoundBody mine={mine} running={running} membersOnly={membersOnly} personal={personal} busy={busy} />
    </section>
  );
}

function RoundBody({ mine, running, membersOnly, personal, busy }: Parameters<typeof RoundCard>[0]) {
  if (mine) return <MyMonth mine={mine} busy={busy} />;
  if (!running) return <p>This challenge is not running this month.</p>;
  return (
    <>
      <p>
        {membersOnly ? "This challenge is part of the membership. " : ""}
        {personal ? "" : "You'll be asked to sign in first, then brought back here. "}
        Classes you've already taken this month count from the start.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="join" />
        <button className="button" type="submit" disabled={busy}>
          {busy ? "Joining…" : "Join the challenge"}
        </button>
      </Form>
    </>
  );
}

function MyMonth({ mine, busy }: { mine: MyRound; busy: boolean }) {
  return (
    <>
      <p className="challenge-progress">
        <strong>{mine.progress}</strong> classes {mine.done ? "— every tier reached this month." : "toward your next tier."}
      </p>
      {mine.reached.length > 0 ? (
        <ul className="practice-milestones" aria-label="Tiers reached">
          {mine.reached.map((title) => (
            <li key={title}>
              <span className="practice-milestones__title">{title}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="leave" />
        <input type="hidden" name="month" value={mine.month} />
        <button className="button button--secondary" type="submit" disabled={busy}>
          Leave this month's round
        </button>
      </Form>
    </>
  );
}

/** The member's earlier rounds of this challenge, left ones marked. */
export function RoundHistory({ history }: { history: { month: string; progress: string; left: boolean }[] }) {
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">Your earlier rounds</h2>
      <ul>
        {history.map((h) => (
          <li key={h.month + h.progress}>
            {h.month}: {h.progress}
            {h.left ? " (left)" : ""}
          </li>
        ))}
      </ul>
    </section>
  );
}
