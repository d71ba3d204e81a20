import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { EmptyState } from "~/components/empty-state";
import { defineHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";
import { listStudios } from "~/models/studios/studio.server";
import { zoneLabel } from "~/models/identity/time-zone";
import { pageCaching } from "~/lib/cache-control";
import { ArtImage } from "~/components/art-image";

/** Issue 12: the studios, each with its address and its own clock, linking to its schedule. */
export const handle = defineHandle({ query: [], name: "studios", layout: "main", theme: "light" });

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Studios",
    description: "Practise in person: our studios, where they are, and how to get there.",
    path: "/studios",
    matches,
  });

export async function loader(_: LoaderFunctionArgs) {
  const now = new Date();
  const studios = await listStudios();
  return data(
    {
      studios: studios.map((s) => ({
        slug: s.slug,
        name: s.name,
        tagline: s.tagline,
        address: [s.address.streetAddress, s.address.addressLocality, s.address.postalCode].filter(Boolean).join(", "),
        zone: zoneLabel(s.timeZone, now),
      })),
    },
    { headers: pageCaching(false) },
  );
}

export default function StudiosRoute() {
  const page = useLoaderData<typeof loader>();
  return (
    <section className="section" aria-labelledby="studios-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">In person</p>
          <h1 id="studios-title">Studios</h1>
          <p>The same teachers and the same gentle pace, in a room together. Book a drop-in or join a studio for the month.</p>
        </header>
        {page.studios.length === 0 ? (
          <EmptyState
            title="No studios yet"
            message="Live classes online are open every day."
            link={{ to: "/classes", label: "See live classes", quiet: true }}
          />
        ) : (
          <ul className="studio-list">
            {page.studios.map((s) => (
              <li key={s.slug} className="studio-card">
                <ArtImage kind="studio" seed={s.slug} className="studio-card__art" />
                <h2 className="studio-card__title">
                  <Link to={`/studios/${s.slug}`}>{s.name}</Link>
                </h2>
                <p>{s.tagline}</p>
                <p className="studio-card__facts">
                  {s.address} · Times in {s.zone}
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
