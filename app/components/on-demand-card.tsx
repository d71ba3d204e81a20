import { Link } from "~/components/link";
import type { OnDemandCardData } from "~/models/on-demand/on-demand";

/**
 * A class in a shelf or a list: poster (its size set, so nothing shifts), title, teacher, length.
 * Posters load lazily, except the first few on the page (`eager`): they are on the first screen, the
 * first is often its largest picture, and a lazy one waits for layout before it is even asked for.
 */
export function OnDemandCard({ item, headingLevel = 3, eager = false }: { item: OnDemandCardData; headingLevel?: 2 | 3; eager?: boolean }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="od-card">
      <img
        className="od-card__poster"
        src={item.poster.src}
        width={item.poster.width}
        height={item.poster.height}
        alt=""
        loading={eager ? "eager" : "lazy"}
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
export function Shelf({ id, title, items, eagerCount = 0 }: { id: string; title: string; items: OnDemandCardData[]; eagerCount?: number }) {
  return (
    <section className="od-shelf" aria-labelledby={`shelf-${id}`} data-track-view={`shelf-${id}`}>
      <h2 id={`shelf-${id}`} className="od-shelf__title">
        {title}
      </h2>
      <ul className="od-shelf__list">
        {items.map((item, index) => (
          <li key={item.slug}>
            <OnDemandCard item={item} eager={index < eagerCount} />
          </li>
        ))}
      </ul>
    </section>
  );
}
