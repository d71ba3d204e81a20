import { formatDate } from "./article-card";
import { EmptyState } from "~/components/empty-state";

export interface PressCoverageItem {
  id: string;
  outlet: string;
  title: string;
  publishedAt: string;
  url: string;
  excerpt: string;
}

/** The coverage list of /press, drawn the same for the public page and the staff preview (issue 26). */
export function PressCoverage({ articles }: { articles: PressCoverageItem[] }) {
  return (
    <>
      {articles.length > 0 ? (
        <ul className="press-list">
          {articles.map((article) => (
            <li key={article.id}>
              <p className="card__meta">
                {article.outlet} · <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
              </p>
              <h3>
                <a href={article.url} rel="noopener noreferrer" target="_blank">
                  {article.title}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </h3>
              {article.excerpt ? <p className="muted">{article.excerpt}</p> : null}
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title="Quiet for now" message="No coverage to show yet. Our press team is happy to talk." />
      )}
    </>
  );
}
