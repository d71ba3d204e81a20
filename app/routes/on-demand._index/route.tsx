import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { FilterDisclosure } from "~/components/filter-disclosure";
import { OnDemandCard, Shelf } from "~/components/on-demand-card";
import { hubPage } from "./page.server";
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
        <header className="page-intro">
          <p className="eyebrow">On demand</p>
          <h1>Classes for whenever you have a moment</h1>
          <p>Short sits, steadying breath and gentle wind-downs, each with captions and a transcript.</p>
          <p>
            <Link to="/search">Search the library</Link>
            {page.personal ? (
              <>
                {" · "}
                <Link to="/on-demand/favorites">Favourites</Link>
                {" · "}
                <Link to="/on-demand/history">History</Link>
              </>
            ) : null}
          </p>
          {page.access !== "member" ? (
            <p className="od-offer" role="note">
              {page.access === "visitor" ? "Every class here is part of the membership. " : "Your account doesn't have a membership yet. "}
              <Link to="/subscribe?next=%2Fon-demand">{page.access === "visitor" ? "Start with a free week" : "See memberships"}</Link>.
            </p>
          ) : null}
        </header>

        <FilterDisclosure label="Kind of class" chosen={page.modalityLabel ? [page.modalityLabel] : []}>
          <nav aria-label="Kind of class" className="od-toggle">
            <ul className="category-nav">
              {page.toggle.map((option) => (
                <li key={option.label}>
                  <Link to={option.href} aria-current={option.value === page.modality ? "page" : undefined} preventScrollReset>
                    {option.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </FilterDisclosure>

        {/* The first row on screen loads its posters at once: continue watching when there is any, else the featured classes. */}
        {page.continueWatching.length > 0 ? (
          <Shelf id="continue" title="Continue watching" items={page.continueWatching} eagerCount={FIRST_SCREEN_POSTERS} />
        ) : null}

        {page.featured.length > 0 ? (
          <section aria-labelledby="featured-title" className="od-featured" data-track-view="on-demand-featured">
            <h2 id="featured-title" className="od-shelf__title">
              Featured
            </h2>
            <ul className="od-featured__list">
              {page.featured.map((item, index) => (
                <li key={item.slug} className="od-featured__item">
                  <OnDemandCard item={item} eager={page.continueWatching.length === 0 && index < FIRST_SCREEN_POSTERS} />
                  <p>{item.description}</p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {page.shelves.map((shelf) => (
          <Shelf key={shelf.id} id={shelf.id} title={shelf.title} items={shelf.classes} />
        ))}

        {page.series.length > 0 ? (
          <section aria-labelledby="series-title" className="od-shelf">
            <h2 id="series-title" className="od-shelf__title">
              Series
            </h2>
            <ul className="od-shelf__list">
              {page.series.map((series) => (
                <li key={series.slug}>
                  <article className="od-card">
                    {series.poster ? (
                      <img
                        className="od-card__poster"
                        src={series.poster.src}
                        width={series.poster.width}
                        height={series.poster.height}
                        alt=""
                        loading="lazy"
                        decoding="async"
                        style={{ backgroundColor: series.posterColor }}
                      />
                    ) : null}
                    <h3 className="od-card__title">
                      <Link to={series.href}>{series.title}</Link>
                    </h3>
                    <p className="od-card__meta">
                      {series.teacherName} · {series.lessonCount} lessons{series.done > 0 ? ` · ${series.done} done` : ""}
                    </p>
                  </article>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

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
