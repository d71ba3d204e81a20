import { getEnv } from "~/lib/env.server";
import { createAlgoliaSearch } from "./algolia.server";
import { createMemorySearch } from "./memory.server";
import type { SearchPort } from "./port";

/** The one place that picks the on-demand search: Algolia when ALGOLIA_APP_ID and ALGOLIA_SEARCH_KEY are set, else the in-process index. */
let search: SearchPort | undefined;

export function getSearch(): SearchPort {
  if (search) return search;
  const env = getEnv();
  search =
    env.ALGOLIA_APP_ID && env.ALGOLIA_SEARCH_KEY
      ? createAlgoliaSearch({
          appId: env.ALGOLIA_APP_ID,
          searchKey: env.ALGOLIA_SEARCH_KEY,
          writeKey: env.ALGOLIA_WRITE_KEY,
          index: env.ALGOLIA_INDEX,
        })
      : createMemorySearch();
  return search;
}

export function setSearchForTests(next: SearchPort | undefined) {
  search = next;
}
