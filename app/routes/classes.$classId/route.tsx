import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { ClassFacts } from "~/components/class-facts";
import { JsonLd } from "~/components/json-ld";
import { PageNotices } from "~/components/page-notices";
import { classPage, classAction } from "./page.server";
import { BookingSection } from "./booking-section";
import { CalendarSection } from "./calendar-section";
import { ClassIntro } from "./class-intro";
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
  return classAction(request, context, params.classId ?? "");
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
        <ClassIntro page={page} />
        <div className="page-art">
          <ArtImage kind={sceneFor(page.modalityLabel)} seed={page.id} eager />
        </div>

        <PageNotices error={actionData?.errors.form} notice={page.notice} />
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

        <BookingSection classId={page.id} booking={page.booking} busy={busy} />
        <CalendarSection calendar={page.calendar} />

        <p>
          <Link to="/classes">Back to the schedule</Link>
        </p>
      </div>
    </article>
  );
}
