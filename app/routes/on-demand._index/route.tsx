import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { Shelf } from "~/components/on-demand-card";
import { hubPage } from "./page.server";
import { HubIntro, ModalityToggle } from "./hub-intro";
import { FeaturedShelf, SeriesShelf } from "./hub-shelves";
import { getVisitor } from "~/server/visitor.server";
import { getQuotes } from "~/models/content/content.server";
import { dailyQuote } from "~/models/content/content";
import { QuoteCard } from "~/components/quote-card";
import { defineHandle } from "~/lib/route-handle";
import { pageCaching } from "~/lib/cache-control";

/** Issue 10: the on-demand hub. A modality toggle of plain links, featured classes, shelves, series. */
export const handle = defineHandle({ name: "on-demand", layout: "main", theme: "light", localTimes: true });

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: `${page?.modalityLabel ? `${page.modalityLabel} · ` : ""}On demand · Stillhour` },
  {
    name: "description",
    content: "Guided meditation, breathwork and mindfulness classes to play whenever you like, with captions and a transcript.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [page, quotes, visitor] = await Promise.all([hubPage(request, context), getQuotes(), getVisitor(request)]);
  const quote = dailyQuote(quotes, Date.now(), visitor.timeZone?.zone);
  return data({ ...page, quote: quote ? { text: quote.text, name: quote.name } : null }, { headers: pageCaching(page.personal) });
}

/** Posters on a phone's first screen (one row of cards; two on a wide one). */
const FIRST_SCREEN_POSTERS = 2;

export default function OnDemandHub() {
  const page = useLoaderData<typeof loader>();
  const empty = page.shelves.length === 0 && page.featured.length === 0 && page.latest.length === 0;
  return (
    <div className="section on-demand">
      <div className="container stack">
        <HubIntro page={page} />

        <ModalityToggle page={page} />

        {/* The first row on screen loads its posters at once: continue watching when there is any, else the featured classes. */}
        {page.continueWatching.length > 0 ? (
          <Shelf id="continue" title="Continue watching" items={page.continueWatching} eagerCount={FIRST_SCREEN_POSTERS} />
        ) : null}

        <FeaturedShelf featured={page.featured} eagerCount={page.continueWatching.length === 0 ? FIRST_SCREEN_POSTERS : 0} />

        {page.shelves.map((shelf) => (
          <Shelf key={shelf.id} id={shelf.id} title={shelf.title} items={shelf.classes} />
        ))}

        <SeriesShelf series={page.series} />

        {page.latest.length > 0 ? <Shelf id="latest" title="Newest" items={page.latest} /> : null}

        {empty ? (
          <EmptyState
            title={page.modalityLabel ? `No ${page.modalityLabel.toLowerCase()} classes yet` : "The library is being filled"}
            message="New classes arrive every week. In the meantime, the live schedule has something most days."
            link={{ to: page.modality ? "/on-demand" : "/classes", label: page.modality ? "See every kind of class" : "See live classes" }}
          />
        ) : null}

        {/* The quote of the day closes the hub: the first screen is for the classes (issue 25). */}
        {page.quote ? <QuoteCard text={page.quote.text} name={page.quote.name} daily /> : null}
      </div>
    </div>
  );
}
