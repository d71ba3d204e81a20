import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { FieldError, FormField, fieldIds } from "~/components/form-field";
import { OnDemandCard } from "~/components/on-demand-card";
import { searchPage } from "~/models/on-demand/on-demand-search.server";
import { defineHandle } from "~/lib/route-handle";
import { pageCaching } from "~/lib/cache-control";

/**
 * Issue 10: search the on-demand library. A GET form, so the address holds the whole query: it can be
 * shared, bookmarked, and used without JavaScript. Typos are forgiven by the search service.
 */
export const handle = defineHandle({ name: "search", layout: "main", theme: "light" });

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: page?.form.q ? `“${page.form.q.slice(0, 60)}” · Search · Stillhour` : "Search classes · Stillhour" },
  {
    name: "description",
    content: "Search Stillhour's on-demand meditation, breathwork and mindfulness classes by name, teacher, length, level and tag.",
  },
  { name: "robots", content: "noindex, follow" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const page = await searchPage(new URL(request.url));
  return data(page, { headers: pageCaching(false) });
}

function Select({
  name,
  label,
  value,
  options,
  error,
}: {
  name: string;
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  error?: string;
}) {
  const ids = fieldIds(name, undefined, error);
  return (
    <div className="field">
      <label htmlFor={ids.id}>{label}</label>
      <select id={ids.id} name={name} defaultValue={value} aria-describedby={ids.describedBy} aria-invalid={error ? true : undefined}>
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={ids.errorId} error={error} />
    </div>
  );
}

export default function SearchRoute() {
  const page = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/search";
  const { form, errors, options } = page;
  return (
    <div className="section">
      <div className="container stack">
        <header className="page-intro">
          <p className="eyebrow">On demand</p>
          <h1>Search classes</h1>
        </header>

        <Form method="get" action="/search" className="search-form" role="search" aria-label="Classes">
          <FormField
            name="q"
            label="Search for"
            type="search"
            defaultValue={form.q}
            maxLength={200}
            placeholder="Sleep, box breathing, a teacher's name…"
            autoComplete="off"
          />
          <details className="search-filters" open={page.active.length > 0 || Object.keys(errors).length > 0 ? true : undefined}>
            <summary>Filters</summary>
            <div className="search-filters__grid">
              <Select name="modality" label="Kind" value={form.modality} options={options.modalities} error={errors.modality} />
              <Select name="teacher" label="Teacher" value={form.teacher} options={options.teachers} error={errors.teacher} />
              <Select
                name="level"
                label="Level"
                value={form.level}
                options={options.levels.map((level) => ({ value: level, label: level }))}
                error={errors.level}
              />
              <FormField
                name="min"
                label="Shortest (minutes)"
                inputMode="decimal"
                defaultValue={form.min}
                error={errors.min}
                maxLength={6}
              />
              <FormField
                name="max"
                label="Longest (minutes)"
                inputMode="decimal"
                defaultValue={form.max}
                error={errors.max}
                maxLength={6}
              />
              <fieldset className="search-filters__tags" aria-describedby={errors.tag ? "field-tag-error" : undefined}>
                <legend>Tags</legend>
                <ul>
                  {options.tags.map((tag) => (
                    <li key={tag.id}>
                      <label>
                        <input type="checkbox" name="tag" value={tag.id} defaultChecked={form.tags.includes(tag.id)} /> {tag.label}
                      </label>
                    </li>
                  ))}
                </ul>
                <FieldError id="field-tag-error" error={errors.tag} />
              </fieldset>
            </div>
          </details>
          <p>
            <button type="submit" className="button">
              {searching ? "Searching…" : "Search"}
            </button>
          </p>
        </Form>

        {page.active.length > 0 ? (
          <ul className="tag-list" aria-label="Filters in use">
            {page.active.map((chip) => (
              <li key={chip.href}>
                <Link className="tag" to={chip.href} aria-label={`Remove filter: ${chip.label}`}>
                  {chip.label} ×
                </Link>
              </li>
            ))}
          </ul>
        ) : null}

        <section aria-labelledby="results-title" aria-busy={searching || undefined}>
          <h2 id="results-title" className="visually-hidden">
            Results
          </h2>
          {page.failed ? (
            <p className="notice notice--error" role="alert">
              Search isn't answering just now. Please try again in a moment, or <Link to="/on-demand">browse the library</Link>.
            </p>
          ) : page.results.length > 0 ? (
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
          ) : page.total > 0 ? (
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
          ) : (
            <EmptyState
              title={page.searched ? "No classes match that yet" : "Every class, one search away"}
              message={
                page.searched
                  ? page.active.length > 0
                    ? "Try removing a filter above, or searching for a single word such as sleep, breath or focus."
                    : "Try a single word such as sleep, breath or focus, or a teacher's first name."
                  : "Search by name, teacher, tag or feeling, or open the filters to browse by kind, length and level."
              }
              link={{ to: "/on-demand", label: "Browse on demand", quiet: true }}
            />
          )}
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
      </div>
    </div>
  );
}
