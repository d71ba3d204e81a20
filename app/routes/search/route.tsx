import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { SearchForm } from "./search-form";
import { SearchResults } from "./search-results";
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

export default function SearchRoute() {
  const page = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/search";
  return (
    <div className="section">
      <div className="container stack">
        <header className="page-intro">
          <p className="eyebrow">On demand</p>
          <h1>Search classes</h1>
        </header>

        <SearchForm page={page} searching={searching} />

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

        <SearchResults page={page} searching={searching} />
      </div>
    </div>
  );
}
