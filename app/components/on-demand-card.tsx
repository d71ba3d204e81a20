import { Link } from "@remix-run/react";
import type { OnDemandCardData } from "~/features/on-demand/on-demand";

/** A class in a shelf or a list: poster (its size set, so nothing shifts), title, teacher, length. */
export function OnDemandCard({ item, headingLevel = 3 }: { item: OnDemandCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="od-card">
      <img
        className="od-card__poster"
        src={item.poster.src}
        width={item.poster.width}
        height={item.poster.height}
        alt=""
        loading="lazy"
        decoding="async"
        style={{ backgroundColor: item.posterColor }}
      />
      {item.progress !== null ? (
        <div className="od-card__progress" role="img" aria-label={`${Math.round(item.progress * 100)} % watched`}>
          <span style={{ width: `${Math.max(4, Math.round(item.progress * 100))}%` }} />
        </div>
      ) : null}
      <Heading className="od-card__title">
        <Link to={item.href} prefetch="intent">
          {item.title}
        </Link>
      </Heading>
      <p className="od-card__meta">
        {item.teacherName} · {item.duration} · {item.level}
      </p>
    </article>
  );
}

/** A titled row of cards; scrolls sideways on a phone, wraps on a wide screen. */
export function Shelf({ id, title, items }: { id: string; title: string; items: OnDemandCardData[] }) {
  return (
    <section className="od-shelf" aria-labelledby={`shelf-${id}`} data-track-view={`shelf-${id}`}>
      <h2 id={`shelf-${id}`} className="od-shelf__title">
        {title}
      </h2>
      <ul className="od-shelf__list">
        {items.map((item) => (
          <li key={item.slug}>
            <OnDemandCard item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}
