import { Form } from "@remix-run/react";
import { Link } from "~/components/link";
import type { ClassPageModel } from "./page.server";

type Booking = ClassPageModel["booking"];

/** "Your place": a closed class's sentence, a visitor's way to membership, or a member's join and booking forms. */
export function BookingSection({ classId, booking, busy }: { classId: string; booking: Booking; busy: string }) {
  return (
    <section className="auth-card stack" aria-labelledby="booking-title">
      <h2 id="booking-title">Your place</h2>
      {booking.kind === "closed" ? <p>{booking.sentence}</p> : null}
      {booking.kind === "visitor" ? <VisitorPlace booking={booking} /> : null}
      {booking.kind === "member" ? <MemberPlace classId={classId} booking={booking} busy={busy} /> : null}
    </section>
  );
}

function VisitorPlace({ booking }: { booking: Extract<Booking, { kind: "visitor" }> }) {
  return (
    <>
      <p>{booking.sentence}</p>
      <p className="button-row">
        <Link className="button" to={booking.href}>
          {booking.label}
        </Link>
        {booking.packs ? (
          <Link className="button button--secondary" to={booking.packs}>
            Buy a class pack
          </Link>
        ) : null}
      </p>
    </>
  );
}

function MemberPlace({ classId, booking, busy }: { classId: string; booking: Extract<Booking, { kind: "member" }>; busy: string }) {
  return (
    <>
      <p>{booking.sentence}</p>
      {booking.join ? (
        <Form method="post" action={`/classes/${classId}/join`}>
          <button className="button" type="submit" disabled={busy === "join"}>
            Join the class
          </button>
        </Form>
      ) : booking.joinOpensAt ? (
        <p className="muted">Joining opens at {booking.joinOpensAt}, ten minutes before the start.</p>
      ) : null}
      {booking.actions.map((action) => (
        <Form method="post" key={action.intent}>
          <input type="hidden" name="intent" value={action.intent} />
          <button className={action.primary ? "button" : "button button--secondary"} type="submit" disabled={busy === action.intent}>
            {busy === action.intent ? action.pending : action.label}
          </button>
        </Form>
      ))}
    </>
  );
}
