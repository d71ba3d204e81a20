import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ClassFacts } from "~/components/class-facts";
import { JsonLd } from "~/components/json-ld";
import { PageNotices } from "~/components/page-notices";
import { classPage, classAction } from "./page.server";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { pageCaching } from "~/lib/cache-control";
import { ArtImage } from "~/components/art-image";
import { sceneFor } from "~/lib/art/art-scene";
import { defineActionLimits } from "~/lib/action-limits";
import { BOOKING_LIMIT } from "~/models/classes/booking.server";

/**
 * Issue 9: one live class. Its time in the visitor's zone, its teacher, what to have ready, seats
 * left and its state; booking, the waitlist and joining for members, each a plain form.
 */
export const handle = defineHandle({ name: "class", layout: "main", theme: "light", localTimes: true });

export const meta: MetaFunction<typeof loader> = ({ data: page }) =>
  page
    ? [
        { title: `${page.title} · Live class · Stillhour` },
        {
          name: "description",
          content:
            page.description || `A live ${page.modalityLabel.toLowerCase()} class with ${page.teacher?.name ?? "a Stillhour teacher"}.`,
        },
      ]
    : [{ title: "Class not found · Stillhour" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await classPage(request, context, params.classId ?? "");
  if (!page) throw notFound();
  // One address per class (issue 34): the id also finds it, but answers with a 301 to the slug's address.
  if (page.path !== `/classes/${params.classId}`) throw redirect(`${page.path}${new URL(request.url).search}`, 301);
  const headers = new Headers(pageCaching(page.personal));
  return data(page, { headers });
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  book: { does: ["mail", "write"], limits: [BOOKING_LIMIT] },
});

export async function action({ request, params, context }: ActionFunctionArgs) {
  const result = await classAction(request, context, params.classId ?? "");
  if (result.redirect) return redirect(result.redirect);
  return data({ error: result.error }, { status: result.status });
}

export default function ClassRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  return (
    <article className="section" aria-labelledby="class-title">
      <JsonLd data={page.jsonLd} />
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">
            Live {page.modalityLabel.toLowerCase()}
            {page.state === "live" ? <span className="badge badge--live">Live now</span> : null}
          </p>
          <h1 id="class-title">{page.title}</h1>
          <p className="class-page__when">
            <time dateTime={page.startsAt}>{page.when}</time> · {page.durationMinutes} minutes
            <br />
            <span className="schedule__zone">
              {page.zoneLabel}. <Link to={`/preferences/time-zone?next=${encodeURIComponent(page.path)}`}>Change time zone</Link>
            </span>
          </p>
        </header>
        <div className="page-art">
          <ArtImage kind={sceneFor(page.modalityLabel)} seed={page.id} eager />
        </div>

        <PageNotices error={actionData?.error} notice={page.notice} />
        {page.stateNote ? (
          <p className="notice" role="note">
            {page.stateNote}
          </p>
        ) : null}

        <ClassFacts
          facts={[
            ["Teacher", page.teacher?.href ? <Link to={page.teacher.href}>{page.teacher.name}</Link> : (page.teacher?.name ?? null)],
            ["Level", page.level],
            ["Have ready", page.whatToHaveReady],
            [
              "Seats",
              page.seatsLeft === null ? null : page.seatsLeft === 0 ? "Full: new bookings join the waitlist" : `${page.seatsLeft} left`,
            ],
          ]}
        />

        {page.description ? <p>{page.description}</p> : null}

        <section className="auth-card stack" aria-labelledby="booking-title">
          <h2 id="booking-title">Your place</h2>
          {page.booking.kind === "closed" ? <p>{page.booking.sentence}</p> : null}
          {page.booking.kind === "visitor" ? (
            <>
              <p>{page.booking.sentence}</p>
              <p className="button-row">
                <Link className="button" to={page.booking.href}>
                  {page.booking.label}
                </Link>
                {page.booking.packs ? (
                  <Link className="button button--secondary" to={page.booking.packs}>
                    Buy a class pack
                  </Link>
                ) : null}
              </p>
            </>
          ) : null}
          {page.booking.kind === "member" ? (
            <>
              <p>{page.booking.sentence}</p>
              {page.booking.join ? (
                <Form method="post" action={`/classes/${page.id}/join`}>
                  <button className="button" type="submit" disabled={busy === "join"}>
                    Join the class
                  </button>
                </Form>
              ) : page.booking.joinOpensAt ? (
                <p className="muted">Joining opens at {page.booking.joinOpensAt}, ten minutes before the start.</p>
              ) : null}
              {page.booking.actions.map((action) => (
                <Form method="post" key={action.intent}>
                  <input type="hidden" name="intent" value={action.intent} />
                  <button
                    className={action.primary ? "button" : "button button--secondary"}
                    type="submit"
                    disabled={busy === action.intent}
                  >
                    {busy === action.intent ? action.pending : action.label}
                  </button>
                </Form>
              ))}
            </>
          ) : null}
        </section>

        <section aria-labelledby="calendar-title" className="stack">
          <h2 id="calendar-title">Add it to your calendar</h2>
          <ul className="button-row calendar-links">
            <li>
              <a className="button button--secondary" href={page.calendar.ics} download>
                Download invite (.ics)
              </a>
            </li>
            <li>
              <a className="button button--quiet" href={page.calendar.google} rel="noopener noreferrer" target="_blank">
                Add to Google Calendar
              </a>
            </li>
            <li>
              <a className="button button--quiet" href={page.calendar.outlook} rel="noopener noreferrer" target="_blank">
                Add to Outlook
              </a>
            </li>
          </ul>
        </section>

        <p>
          <Link to="/classes">Back to the schedule</Link>
        </p>
      </div>
    </article>
  );
}
