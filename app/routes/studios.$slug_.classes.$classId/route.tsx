import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ClassFacts } from "~/components/class-facts";
import { JsonLd } from "~/components/json-ld";
import { PageNotices } from "~/components/page-notices";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { studioClassAction, studioClassPage } from "./page.server";
import { pageCaching } from "~/lib/cache-control";
import { ArtImage } from "~/components/art-image";
import { defineActionLimits } from "~/lib/action-limits";
import { BOOKING_LIMIT } from "~/models/classes/booking.server";
import { CHECKOUT_LIMIT } from "~/models/billing/membership.server";

/**
 * Issue 12: one in-person class. Its time on the studio's clock (zone named), room, teacher and
 * seats; for members the booking, which stops at the studio's waiver when it isn't signed yet and
 * says what a late cancellation costs before anything is confirmed. Every step is a plain form.
 */
export const handle = defineHandle({ name: "studio-class", layout: "main", theme: "light" });

export const meta: MetaFunction<typeof loader> = ({ data: page }) =>
  page
    ? [
        { title: `${page.liveClass.title} · ${page.studio.name} · Stillhour` },
        { name: "description", content: page.liveClass.description || `An in-person class at ${page.studio.name}.` },
      ]
    : [{ title: "Class not found · Stillhour" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await studioClassPage(request, context, params.slug ?? "", params.classId ?? "");
  if (!page) throw notFound();
  return data(page, { headers: pageCaching(page.personal, 30) });
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  book: { does: ["mail", "charge", "write"], limits: [BOOKING_LIMIT, CHECKOUT_LIMIT] },
});

export async function action({ request, params, context }: ActionFunctionArgs) {
  const result = await studioClassAction(request, context, params.slug ?? "", params.classId ?? "");
  if (result.redirect) return redirect(result.redirect, result.status);
  return data({ error: result.error }, { status: result.status });
}

export default function StudioClassRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const c = page.liveClass;
  const b = page.booking;
  return (
    <article className="section" aria-labelledby="class-title">
      <JsonLd data={page.jsonLd} />
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">
            In person at <Link to={`/studios/${page.studio.slug}`}>{page.studio.name}</Link>
          </p>
          <h1 id="class-title">{c.title}</h1>
          <p className="class-page__when">
            <time dateTime={c.startsAt}>{c.when}</time> · {c.durationMinutes} minutes
          </p>
        </header>
        <div className="page-art">
          <ArtImage kind="studio" seed={c.id} eager />
        </div>

        <PageNotices error={actionData?.error} notice={page.notice} />

        <ClassFacts
          facts={[
            ["Where", `${c.room}, ${page.studio.address}`],
            ["Teacher", c.teacher ? <Link to={c.teacher.href}>{c.teacher.name}</Link> : null],
            ["Bring", c.whatToHaveReady],
            [
              "Places",
              c.seatsLeft === null
                ? null
                : c.seatsLeft === 0
                  ? "Full: new bookings join the waitlist"
                  : `${c.seatsLeft} of ${c.capacity} left`,
            ],
          ]}
        />
        {c.description ? <p>{c.description}</p> : null}

        <section className="auth-card stack" aria-labelledby="booking-title">
          <h2 id="booking-title">Your place</h2>
          {b.kind === "closed" ? <p>{b.sentence}</p> : null}
          {b.kind === "visitor" ? (
            <>
              <p>Sign in to book. You'll sign the studio's waiver once, then choose how to pay.</p>
              <p>
                <Link className="button" to={b.href}>
                  Sign in to book
                </Link>
              </p>
            </>
          ) : null}
          {b.kind === "ticket" ? (
            <>
              <p>
                <strong>{b.label}.</strong> {b.sentence}
              </p>
              <p>
                <Link className="button button--secondary" to={b.ticketHref}>
                  See my ticket and check-in code
                </Link>
              </p>
              {b.canCancel ? (
                <Form method="post" className="stack">
                  <input type="hidden" name="intent" value="cancel" />
                  <p className={b.cancelLate ? "notice notice--error" : "studio-muted"}>
                    {b.cancelLate
                      ? "Cancelling now is late: the studio keeps your drop-in or credit. Your place goes to the next person in line."
                      : page.lateCancel}
                  </p>
                  <button className="button button--secondary desk-button" type="submit" disabled={busy}>
                    {b.label === "On the waitlist" ? "Leave the waitlist" : b.cancelLate ? "Cancel anyway (late)" : "Cancel my booking"}
                  </button>
                </Form>
              ) : null}
            </>
          ) : null}
          {b.kind === "choose" ? (
            <>
              {!b.waiverSigned ? (
                <p>
                  <strong>First, the waiver.</strong> {page.studio.name} asks everyone to read and sign its waiver before their first class
                  (and again when it changes). Choose how to pay below and we'll take you to it; your booking carries on straight after.{" "}
                  <Link to={b.waiverHref}>Read the waiver</Link>
                </p>
              ) : null}
              <p className="notice" role="note">
                {b.full
                  ? "This class is full: booking puts you on the waitlist, and you're booked automatically if a place frees up. "
                  : ""}
                {page.lateCancel}
              </p>
              {b.options.map((option) => (
                <Form method="post" key={option.value} className="stack">
                  <input type="hidden" name="intent" value="book" />
                  <input type="hidden" name="pay" value={option.value} />
                  <button
                    className={option.resumed || b.options.length === 1 ? "button desk-button" : "button button--secondary desk-button"}
                    type="submit"
                    disabled={busy}
                  >
                    {b.waiverSigned ? option.label : `${option.label} (sign the waiver first)`}
                  </button>
                  <p className="studio-muted">{option.hint}</p>
                </Form>
              ))}
              <Form method="post" className="stack">
                <input type="hidden" name="intent" value="buy" />
                <input type="hidden" name="intentId" value={b.buy.intentId} />
                <button
                  className={b.options.length === 0 || b.buy.resumed ? "button desk-button" : "button button--secondary desk-button"}
                  type="submit"
                  disabled={busy}
                >
                  {b.waiverSigned ? `Buy a drop-in (${b.buy.price})` : `Buy a drop-in (${b.buy.price}, sign the waiver first)`}
                </button>
                <p className="studio-muted">
                  Paid securely on the next page.{b.full ? " If no place frees up, the drop-in stays yours for another class here." : ""}
                </p>
              </Form>
              {b.creditsNote ? (
                <p className="studio-muted">
                  {b.creditsNote} <Link to="/credits">See the class packs</Link>
                </p>
              ) : null}
              <p className="studio-muted">
                Coming often? <Link to={`/studios/${page.studio.slug}/membership`}>Join the studio</Link> and book every class without
                paying each time.
              </p>
            </>
          ) : null}
        </section>

        <p>
          <Link to={`/studios/${page.studio.slug}`}>Back to {page.studio.name}</Link>
        </p>
      </div>
    </article>
  );
}
