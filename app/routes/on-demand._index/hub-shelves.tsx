import { Link } from "~/components/link";
import { OnDemandCard } from "~/components/on-demand-card";
import type { HubPageModel } from "./page.server";

/** The featured classes with their descriptions; the first `eagerCount` posters load at once. */
export function FeaturedShelf({ featured, eagerCount }: { featured: HubPageModel["featured"]; eagerCount: number }) {
  if (featured.length === 0) return null;
  return (
    <section aria-labelledby="featured-title" className="od-featured" data-track-view="on-demand-featured">
      <h2 id="featured-title" className="od-shelf__title">
        Featured
      </h2>
      <ul className="od-featured__list">
        {featured.map((item, index) => (
          <li key={item.slug} className="od-featured__item">
            <OnDemandCard item={item} eager={index < eagerCount} />
            <p>{item.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The series, each with its teacher, its length and how many lessons the person has done. */
export function SeriesShelf({ series }: { series: HubPageModel["series"] }) {
  if (series.length === 0) return null;
  return (
    <section aria-labelledby="series-title" className="od-shelf">
      <h2 id="series-title" className="od-shelf__title">
        Series
      </h2>
      <ul className="od-shelf__list">
        {series.map((one) => (
          <li key={one.slug}>
            <article className="od-card">
              {one.poster ? (
                <img
                  className="od-card__poster"
                  src={one.poster.src}
                  width={one.poster.width}
                  height={one.poster.height}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  style={{ backgroundColor: one.posterColor }}
                />
              ) : null}
              <h3 className="od-card__title">
                <Link to={one.href}>{one.title}</Link>
              </h3>
              <p className="od-card__meta">
                {one.teacherName} · {one.lessonCount} lessons{one.done > 0 ? ` · ${one.done} done` : ""}
              </p>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
