import { Link } from "~/components/link";
import { sceneFor } from "~/lib/art/art-scene";
import { ArtImage } from "~/components/art-image";

export interface LearnSeriesViewData {
  slug: string;
  title: string;
  summary: string;
  lessons: Array<{
    slug: string;
    title: string;
    summary: string;
    durationMinutes: number;
    bodyHtml: string;
  }>;
}

/** A learn series page's markup, for the public page and the staff preview alike (issue 26). Bodies arrive sanitized. */
export function LearnSeriesView({ series }: { series: LearnSeriesViewData }) {
  return (
    <article>
      <header className="page-intro">
        <div className="container container--narrow">
          <p className="eyebrow">
            <Link to="/learn">Learn</Link> · {series.lessons.length} lessons
          </p>
          <h1>{series.title}</h1>
          <p>{series.summary}</p>
          <div className="page-art">
            <ArtImage kind={sceneFor(series.title, series.slug)} seed={series.slug} eager />
          </div>
          <nav aria-label="Lessons in this series">
            <ol className="lesson-index">
              {series.lessons.map((lesson) => (
                <li key={lesson.slug}>
                  <a href={`#${lesson.slug}`}>{lesson.title}</a> <span className="muted">· {lesson.durationMinutes} min</span>
                </li>
              ))}
            </ol>
          </nav>
        </div>
      </header>
      <div className="section section--flush-top">
        <div className="container container--narrow">
          <ol className="lesson-list">
            {series.lessons.map((lesson, index) => (
              <li key={lesson.slug} id={lesson.slug} className="lesson">
                <h2>
                  <span className="muted">Lesson {index + 1}. </span>
                  {lesson.title}
                </h2>
                {lesson.summary ? <p className="lede">{lesson.summary}</p> : null}
                <div className="prose" data-dynamic-content dangerouslySetInnerHTML={{ __html: lesson.bodyHtml }} />
              </li>
            ))}
          </ol>
        </div>
      </div>
    </article>
  );
}
