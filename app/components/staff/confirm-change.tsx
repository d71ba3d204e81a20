import { Form, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { CONFIRM_FIELD, type Confirmation } from "~/lib/forms/confirm";

/**
 * The second question before a change that cannot be undone (issue 34; ~/lib/confirm.ts).
 * A route wraps its page in it and hands it the action's `confirmation`:
 *
 * - none: the page as it is;
 * - without JavaScript (the answer to a plain post): a confirmation page instead of the page, whose
 *   form posts the same fields again with `confirm=yes`, and a link back that changes nothing;
 * - with JavaScript: the page, and the same confirmation in a modal `<dialog>` over it, its safe
 *   button focused, Escape or "Keep" closing it.
 */
export function ConfirmChange({ confirmation, children }: { confirmation: Confirmation | null | undefined; children: ReactNode }) {
  const hydrated = useHydrated();
  if (!confirmation) return <>{children}</>;
  if (!hydrated) return <ConfirmPage confirmation={confirmation} />;
  return (
    <>
      {children}
      <ConfirmDialog confirmation={confirmation} />
    </>
  );
}

function ConfirmPage({ confirmation }: { confirmation: Confirmation }) {
  const location = useLocation();
  const headingId = useId();
  return (
    <section className="section confirm-change" aria-labelledby={headingId}>
      <div className="container container--narrow stack">
        <ConfirmBody confirmation={confirmation} headingId={headingId} heading="h1">
          <a className="button button--secondary" href={`${location.pathname}${location.search}`}>
            {confirmation.keepLabel}
          </a>
        </ConfirmBody>
      </div>
    </section>
  );
}

function ConfirmDialog({ confirmation }: { confirmation: Confirmation }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  // Each answer opens it again: the same button pressed twice asks twice. The safe choice takes the
  // focus (showModal would give it to the first button, the one that makes the change), so Enter on
  // a dialog opened by mistake changes nothing.
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    keep.current?.focus();
  }, [confirmation]);
  return (
    <dialog ref={dialog} className="confirm-dialog" aria-labelledby={headingId}>
      <ConfirmBody confirmation={confirmation} headingId={headingId} heading="h2">
        <button ref={keep} type="button" className="button button--secondary" onClick={() => dialog.current?.close()}>
          {confirmation.keepLabel}
        </button>
      </ConfirmBody>
    </dialog>
  );
}

function ConfirmBody({
  confirmation,
  headingId,
  heading,
  children,
}: {
  confirmation: Confirmation;
  headingId: string;
  heading: "h1" | "h2";
  children: ReactNode;
}) {
  const Heading = heading;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="confirm-change__body stack">
      <Heading id={headingId} className="confirm-change__heading">
        {confirmation.heading}
      </Heading>
      <ul className="confirm-change__facts">
        {confirmation.facts.map((fact) => (
          <li key={fact}>{fact}</li>
        ))}
      </ul>
      <div className="button-row">
        <Form method="post" className="confirm-change__form">
          {confirmation.fields.map(([name, value], index) => (
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name={CONFIRM_FIELD} value="yes" />
          <button type="submit" className="button button--danger" disabled={busy}>
            {confirmation.confirmLabel}
          </button>
        </Form>
        {children}
      </div>
    </div>
  );
}
