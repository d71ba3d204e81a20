import { Link } from "~/components/link";
import { EmptyState } from "~/components/empty-state";
import { OnDemandCard } from "~/components/on-demand-card";
import type { searchPage } from "~/models/on-demand/on-demand-search.server";

type SearchPage = Awaited<ReturnType<typeof searchPage>>;
type Page = Pick<SearchPage, "failed" | "results" | "total" | "pageCount" | "page" | "previous" | "next" | "searched" | "active">;

/** The results, or why there are none, and the way between pages. */
export function SearchResults({ page, searching }: { page: Page; searching: boolean }) {
  return (
    <section aria-labelledby="results-title" aria-busy={searching || undefined}>
      <h2 id="results-title" className="visually-hidden">
        Results
      </h2>
      <ResultList page={page} />
      {page.previous || page.next ? (
        <nav className="pager" aria-label="Result pages">
          {page.previous ? (
            <Link to={page.previous} rel="prev">
              Previous page
            </Link>
          ) : (
            <span />
          )}
          {page.next ? (
            <Link to={page.next} rel="next">
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

function ResultList({ page }: { page: Page }) {
  if (page.failed)
    return (
      <p className="notice notice--error" role="alert">
        Search isn't answering just now. Please try again in a moment, or <Link to="/on-demand">browse the library</Link>.
      </p>
    );
  if (page.results.length > 0)
    return (
      <>
        <p role="status">
          {page.total === 1 ? "1 class" : `${page.total} classes`}
          {page.pageCount > 1 ? `, page ${page.page} of ${page.pageCount}` : ""}
        </p>
        <ul className="od-grid">
          {page.results.map((item) => (
            <li key={item.slug}>
              <OnDemandCard item={item} />
            </li>
          ))}
        </ul>
      </>
    );
  if (page.total > 0)
    return (
      <EmptyState
        title="That's past the last page"
        message={`There are ${page.total} classes over ${page.pageCount} pages.`}
        action={
          page.previous ? (
            <Link className="button" to={page.previous}>
              Back a page
            </Link>
          ) : undefined
        }
      />
    );
  return (
    <EmptyState
      title={page.searched ? "No classes match that yet" : "Every class, one search away"}
      message={noResultsHint(page)}
      link={{ to: "/on-demand", label: "Browse on demand", quiet: true }}
    />
  );
}

function noResultsHint(page: Pick<Page, "searched" | "active">): string {
  if (!page.searched) return "Search by name, teacher, tag or feeling, or open the filters to browse by kind, length and level.";
  return page.active.length > 0
    ? "Try removing a filter above, or searching for a single word such as sleep, breath or focus."
    : "Try a single word such as sleep, breath or focus, or a teacher's first name.";
}
