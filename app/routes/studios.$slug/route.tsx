import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { JsonLd } from "~/components/json-ld";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { inPersonEventJsonLd, pageMeta, studioPlaceJsonLd } from "~/lib/seo";
import { formatMoney } from "~/models/studios/studio";
import { getStudioBySlug, studioSchedule } from "~/models/studios/studio.server";
import { getEnv } from "~/lib/env.server";
import { pageCaching } from "~/lib/cache-control";
import { ArtImage } from "~/components/art-image";
import { StudioSchedule } from "./studio-schedule";

/**
 * Issue 12: one studio. Where it is and how to get there (a plain map link, no embed), its rooms, and
 * the next two weeks of in-person classes on the studio's own clock, its zone named, with seats left.
 * Public and cacheable: nothing personal is on it; booking happens on each class's page.
 */
export const handle = defineHandle({ query: [], name: "studio", layout: "main", theme: "light" });

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) =>
  page
    ? pageMeta({
        title: page.name,
        description: page.tagline || `Classes in person at ${page.name}.`,
        path: `/studios/${page.slug}`,
        matches,
      })
    : [{ title: "Studio not found · Stillhour" }];

export async function loader({ params }: LoaderFunctionArgs) {
  const studio = await getStudioBySlug(params.slug ?? "");
  if (!studio) throw notFound();
  const now = new Date();
  const schedule = await studioSchedule(studio, now);
  const siteUrl = getEnv().PUBLIC_SITE_URL;
  const path = `/studios/${studio.slug}`;
  const place = studioPlaceJsonLd({
    siteUrl,
    path,
    name: studio.name,
    description: studio.tagline,
    address: studio.address,
    mapUrl: studio.mapUrl,
  });
  const price = (studio.dropIn.amount / 100).toFixed(2);
  const events = schedule.days.flatMap((day) =>
    day.classes.map((c) =>
      inPersonEventJsonLd({
        siteUrl,
        path: c.href,
        title: c.title,
        description: c.description || c.title,
        startsAt: c.startsAt,
        endsAt: c.endsAt,
        cancelled: c.cancelled,
        place,
        offer: { price, currency: studio.dropIn.currency.toUpperCase(), available: c.seatsLeft > 0 },
      }),
    ),
  );
  return data(
    {
      slug: studio.slug,
      name: studio.name,
      tagline: studio.tagline,
      address: studio.address,
      openingNotes: studio.openingNotes,
      directions: studio.directions,
      mapUrl: studio.mapUrl,
      rooms: studio.rooms.map((r) => `${r.name} (${r.capacity} places)`),
      dropIn: formatMoney(studio.dropIn.amount, studio.dropIn.currency),
      memberships: studio.memberships.map((m) => ({
        id: m.id,
        name: m.name,
        description: m.description,
        price: formatMoney(m.amount, m.currency),
      })),
      schedule,
      jsonLd: [place, ...events],
    },
    { headers: pageCaching(false) },
  );
}

export default function StudioRoute() {
  const page = useLoaderData<typeof loader>();
  return (
    <article className="section" aria-labelledby="studio-title">
      <JsonLd data={page.jsonLd} />
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">
            <Link to="/studios">Studios</Link>
          </p>
          <h1 id="studio-title">{page.name}</h1>
          <p>{page.tagline}</p>
        </header>
        <div className="page-art">
          <ArtImage kind="studio" seed={page.slug} eager />
        </div>

        <section className="studio-facts stack" aria-labelledby="visit-title">
          <h2 id="visit-title">Visiting</h2>
          <address className="studio-address">
            {page.address.streetAddress}
            <br />
            {[page.address.addressLocality, page.address.addressRegion, page.address.postalCode].filter(Boolean).join(" ")}
          </address>
          <p>
            <a href={page.mapUrl} rel="noopener noreferrer" target="_blank">
              Open in a map (OpenStreetMap)
            </a>
          </p>
          {page.directions ? <p>{page.directions}</p> : null}
          {page.openingNotes ? <p>{page.openingNotes}</p> : null}
          <p className="muted">Rooms: {page.rooms.join(", ")}.</p>
        </section>

        <section className="stack" aria-labelledby="prices-title">
          <h2 id="prices-title">Ways to come</h2>
          <ul className="studio-prices">
            <li>
              <strong>Drop-in:</strong> {page.dropIn} for one class.
            </li>
            {page.memberships.map((m) => (
              <li key={m.id}>
                <strong>{m.name}:</strong> {m.price}. {m.description} <Link to={`/studios/${page.slug}/membership`}>Join the studio</Link>
              </li>
            ))}
          </ul>
        </section>

        <StudioSchedule schedule={page.schedule} />
      </div>
    </article>
  );
}
