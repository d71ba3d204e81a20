import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { ClassFacts } from "~/components/class-facts";
import { JsonLd } from "~/components/json-ld";
import { PageNotices } from "~/components/page-notices";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { studioClassAction, studioClassPage } from "./page.server";
import { BookingSection } from "./booking-section";
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
  return studioClassAction(request, context, params.slug ?? "", params.classId ?? "");
}

export default function StudioClassRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const c = page.liveClass;
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

        <PageNotices error={actionData?.errors.form} notice={page.notice} />

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

        <BookingSection booking={page.booking} studio={page.studio} lateCancel={page.lateCancel} busy={busy} />

        <p>
          <Link to={`/studios/${page.studio.slug}`}>Back to {page.studio.name}</Link>
        </p>
      </div>
    </article>
  );
}
