import { Form } from "@remix-run/react";
import { Link } from "~/components/link";
import type { StudioClassPageModel } from "./page.server";

type Booking = StudioClassPageModel["booking"];
type Studio = StudioClassPageModel["studio"];

/** "Your place": closed, a visitor's way to sign in, the member's ticket, or the ways to pay for a place. */
export function BookingSection({
  booking,
  studio,
  lateCancel,
  busy,
}: {
  booking: Booking;
  studio: Studio;
  lateCancel: string;
  busy: boolean;
}) {
  return (
    <section className="auth-card stack" aria-labelledby="booking-title">
      <h2 id="booking-title">Your place</h2>
      {booking.kind === "closed" ? <p>{booking.sentence}</p> : null}
      {booking.kind === "visitor" ? (
        <>
          <p>Sign in to book. You'll sign the studio's waiver once, then choose how to pay.</p>
          <p>
            <Link className="button" to={booking.href}>
              Sign in to book
            </Link>
          </p>
        </>
      ) : null}
      {booking.kind === "ticket" ? <TicketPlace ticket={booking} lateCancel={lateCancel} busy={busy} /> : null}
      {booking.kind === "choose" ? <ChoosePlace choice={booking} studio={studio} lateCancel={lateCancel} busy={busy} /> : null}
    </section>
  );
}

function TicketPlace({ ticket, lateCancel, busy }: { ticket: Extract<Booking, { kind: "ticket" }>; lateCancel: string; busy: boolean }) {
  return (
    <>
      <p>
        <strong>{ticket.label}.</strong> {ticket.sentence}
      </p>
      <p>
        <Link className="button button--secondary" to={ticket.ticketHref}>
          See my ticket and check-in code
        </Link>
      </p>
      {ticket.canCancel ? (
        <Form method="post" className="stack">
          <input type="hidden" name="intent" value="cancel" />
          <p className={ticket.cancelLate ? "notice notice--error" : "studio-muted"}>
            {ticket.cancelLate
              ? "Cancelling now is late: the studio keeps your drop-in or credit. Your place goes to the next person in line."
              : lateCancel}
          </p>
          <button className="button button--secondary desk-button" type="submit" disabled={busy}>
            {cancelLabel(ticket)}
          </button>
        </Form>
      ) : null}
    </>
  );
}

function cancelLabel(ticket: { label: string; cancelLate: boolean }): string {
  if (ticket.label === "On the waitlist") return "Leave the waitlist";
  return ticket.cancelLate ? "Cancel anyway (late)" : "Cancel my booking";
}

function ChoosePlace({
  choice,
  studio,
  lateCancel,
  busy,
}: {
  choice: Extract<Booking, { kind: "choose" }>;
  studio: Studio;
  lateCancel: string;
  busy: boolean;
}) {
  return (
    <>
      {!choice.waiverSigned ? (
        <p>
          <strong>First, the waiver.</strong> {studio.name} asks everyone to read and sign its waiver before their first class (and again
          when it changes). Choose how to pay below and we'll take you to it; your booking carries on straight after.{" "}
          <Link to={choice.waiverHref}>Read the waiver</Link>
        </p>
      ) : null}
      <p className="notice" role="note">
        {choice.full ? "This class is full: booking puts you on the waitlist, and you're booked automatically if a place frees up. " : ""}
        {lateCancel}
      </p>
      {choice.options.map((option) => (
        <Form method="post" key={option.value} className="stack">
          <input type="hidden" name="intent" value="book" />
          <input type="hidden" name="pay" value={option.value} />
          <button
            className={option.resumed || choice.options.length === 1 ? "button desk-button" : "button button--secondary desk-button"}
            type="submit"
            disabled={busy}
          >
            {choice.waiverSigned ? option.label : `${option.label} (sign the waiver first)`}
          </button>
          <p className="studio-muted">{option.hint}</p>
        </Form>
      ))}
      <BuyDropIn choice={choice} busy={busy} />
      {choice.creditsNote ? (
        <p className="studio-muted">
          {choice.creditsNote} <Link to="/credits">See the class packs</Link>
        </p>
      ) : null}
      <p className="studio-muted">
        Coming often? <Link to={`/studios/${studio.slug}/membership`}>Join the studio</Link> and book every class without paying each time.
      </p>
    </>
  );
}

function BuyDropIn({ choice, busy }: { choice: Extract<Booking, { kind: "choose" }>; busy: boolean }) {
  return (
    <Form method="post" className="stack">
      <input type="hidden" name="intent" value="buy" />
      <input type="hidden" name="intentId" value={choice.buy.intentId} />
      <button
        className={choice.options.length === 0 || choice.buy.resumed ? "button desk-button" : "button button--secondary desk-button"}
        type="submit"
        disabled={busy}
      >
        {choice.waiverSigned ? `Buy a drop-in (${choice.buy.price})` : `Buy a drop-in (${choice.buy.price}, sign the waiver first)`}
      </button>
      <p className="studio-muted">
        Paid securely on the next page.{choice.full ? " If no place frees up, the drop-in stays yours for another class here." : ""}
      </p>
    </Form>
  );
}
