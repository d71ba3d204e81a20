import { Form } from "@remix-run/react";
import type { CompanionsPage } from "~/models/engagement/companions.server";

/** The message for the person behind `key`, if the last refusal was about them. */
export type ErrorFor = (key: string) => string | null;

/** Invitations waiting for the member's answer, each still anonymous, with Accept and Decline. */
export function IncomingInvitations({
  incoming,
  errorFor,
  busyKey,
}: {
  incoming: CompanionsPage["incoming"];
  errorFor: ErrorFor;
  busyKey: string;
}) {
  return (
    <section aria-labelledby="incoming-title">
      <h2 id="incoming-title">Invitations for you</h2>
      <ul className="companions">
        {incoming.map((i) => (
          <li key={i.key} className="companions__item">
            <p>{capitalise(i.label)} would like to be practice companions. If you accept, you both see each other&apos;s first name.</p>
            <KeyError error={errorFor(i.key)} />
            <div className="button-row">
              <KeyButton intent="accept" companion={i.key} busy={busyKey === i.key} name={`Accept the invitation from ${i.label}`} primary>
                Accept
              </KeyButton>
              <KeyButton intent="decline" companion={i.key} busy={busyKey === i.key} name={`Decline the invitation from ${i.label}`}>
                Decline
              </KeyButton>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The member's companions: both said yes, so each is named. */
export function TogetherList({ together }: { together: CompanionsPage["companions"] }) {
  return (
    <section aria-labelledby="together-title">
      <h2 id="together-title">Your companions</h2>
      <ul className="companions">
        {together.map((c) => (
          <li key={c.key} className="companions__item">
            <strong>{c.name}</strong>, {c.label.replace(/^someone /, "")} ({c.shared} classes together)
          </li>
        ))}
      </ul>
    </section>
  );
}

/** People who practised with the member often, not (yet) companions: an Invite button, or the invitation sent. */
export function WaitingList({
  waiting,
  errorFor,
  busyKey,
}: {
  waiting: CompanionsPage["companions"];
  errorFor: ErrorFor;
  busyKey: string;
}) {
  return (
    <section aria-labelledby="often-title">
      <h2 id="often-title">Practised with you often</h2>
      <ul className="companions">
        {waiting.map((c) => (
          <li key={c.key} className="companions__item">
            <p>
              {capitalise(c.label)}: {c.shared} classes together.
            </p>
            <KeyError error={errorFor(c.key)} />
            {c.state === "invited" ? (
              <p className="companions__state">Invitation sent.</p>
            ) : (
              <KeyButton intent="invite" companion={c.key} busy={busyKey === c.key} name={`Invite ${c.label}`}>
                Invite
              </KeyButton>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Stepping off the list, or back on it: a plain form. */
export function VisibilityForm({ optedOut, busy }: { optedOut: boolean; busy: boolean }) {
  return (
    <section className="auth-card" aria-labelledby="visibility-title">
      <h2 id="visibility-title">Being counted</h2>
      <Form method="post">
        <input type="hidden" name="intent" value="visibility" />
        <input type="hidden" name="companionsOff" value={optedOut ? "" : "on"} />
        <p>
          {optedOut
            ? "Come back on the list: people you practise with often can count you, and invite you, again."
            : "Step off the list: nobody counts or sees you as a companion, and your invitations and companions end."}
        </p>
        <button className="button button--secondary" type="submit" disabled={busy}>
          {optedOut ? "Count me again" : "Leave me out"}
        </button>
      </Form>
    </section>
  );
}

/** One button that posts `intent` for the member behind the viewer's opaque key; its name starts with the word shown (WCAG 2.5.3). */
function KeyButton({
  intent,
  companion,
  busy,
  name,
  primary,
  children,
}: {
  intent: string;
  companion: string;
  busy: boolean;
  name: string;
  primary?: boolean;
  children: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="key" value={companion} />
      <button
        className={primary ? "button button--small" : "button button--secondary button--small"}
        type="submit"
        disabled={busy}
        aria-label={name}
      >
        {children}
      </button>
    </Form>
  );
}

/** A refusal, beside the person it was about. */
function KeyError({ error }: { error: string | null }) {
  return error ? (
    <p className="field__error" role="alert">
      {error}
    </p>
  ) : null;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
