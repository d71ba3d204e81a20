import { SearchError, normalizeQuery, pageCount, type NormalizedQuery, type SearchDocument, type SearchPort } from "./port";

/**
 * Algolia (https://www.algolia.com/doc/rest-api/search/) behind the search port, through its REST API
 * with `fetch`: no SDK to ship. Searches use the search-only key on the DSN host; `replaceAll` uses the
 * write key. Algolia's own words never reach a page: failures become SearchError with a short message.
 */

export interface AlgoliaOptions {
  appId: string;
  searchKey: string;
  /** Without it `replaceAll` does nothing: the index is then kept by something else. */
  writeKey?: string | null;
  index?: string;
  /** Base URLs, for tests; default Algolia's own hosts for the app. */
  hosts?: { search: string; write: string };
  timeoutMs?: number;
  /** How often, and for how long, `replaceAll` asks whether its writes are live. */
  taskPollMs?: number;
  taskTimeoutMs?: number;
  /** The clock that stamps each rebuild's records (ms). */
  now?: () => number;
}

const BATCH_SIZE = 1_000;

/** Index settings: attribute order is Algolia's boost; newest first breaks ties and orders empty queries. */
export const ALGOLIA_SETTINGS = {
  searchableAttributes: ["title", "teacherName", "tagLabels", "unordered(description)", "modality"],
  attributesForFaceting: ["filterOnly(modality)", "filterOnly(teacherId)", "filterOnly(level)", "filterOnly(tags)"],
  customRanking: ["desc(publishedAt)"],
};

/** The Algolia adapter; `createAlgoliaSearch({ appId, searchKey, writeKey, index })`. */
export function createAlgoliaSearch(options: AlgoliaOptions): SearchPort {
  const index = encodeURIComponent(options.index ?? "onDemandClasses");
  const hosts = options.hosts ?? { search: `https://${options.appId}-dsn.algolia.net`, write: `https://${options.appId}.algolia.net` };
  let settingsSent = false;
  let warnedReadOnly = false;

  const call = async (method: "GET" | "POST" | "PUT", url: string, apiKey: string, body?: unknown): Promise<Record<string, unknown>> => {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { "X-Algolia-Application-Id": options.appId, "X-Algolia-API-Key": apiKey, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      });
    } catch {
      throw new SearchError("unavailable", "the search service did not answer");
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok)
      throw new SearchError(
        response.status >= 500 || response.status === 429 ? "unavailable" : "refused",
        `search service answered ${response.status}`,
      );
    if (json === null || typeof json !== "object") throw new SearchError("unavailable", "the search service sent no answer");
    return json as Record<string, unknown>;
  };

  const waitForTask = async (writeKey: string, taskId: unknown) => {
    if (typeof taskId !== "number" && typeof taskId !== "string")
      throw new SearchError("unavailable", "the search service sent no task id");
    const deadline = Date.now() + (options.taskTimeoutMs ?? 60_000);
    for (;;) {
      const task = await call("GET", `${hosts.write}/1/indexes/${index}/task/${encodeURIComponent(String(taskId))}`, writeKey);
      if (task.status === "published") return;
      if (Date.now() > deadline) throw new SearchError("unavailable", "the search service did not finish indexing in time");
      await new Promise((resolve) => setTimeout(resolve, options.taskPollMs ?? 250));
    }
  };

  return {
    name: "algolia",

    async search(raw) {
      const query = normalizeQuery(raw);
      // Algolia refuses an inverted range; nothing can match it anyway.
      if (query.minSeconds !== null && query.maxSeconds !== null && query.minSeconds > query.maxSeconds) {
        return { ids: [], total: 0, page: query.page, pageCount: 0 };
      }
      const answer = await call("POST", `${hosts.search}/1/indexes/${index}/query`, options.searchKey, {
        query: query.text,
        page: query.page - 1,
        hitsPerPage: query.perPage,
        filters: algoliaFilters(query),
        attributesToRetrieve: ["objectID"],
        attributesToHighlight: [],
      });
      if (!Array.isArray(answer.hits) || typeof answer.nbHits !== "number")
        throw new SearchError("unavailable", "the search service sent an unexpected answer");
      const total = answer.nbHits;
      return {
        ids: answer.hits.map((hit: { objectID?: unknown }) => String(hit?.objectID)),
        total,
        page: query.page,
        // Algolia caps how deep pages go (1,000 hits by default) and says so in nbPages.
        pageCount: typeof answer.nbPages === "number" ? answer.nbPages : pageCount(total, query.perPage),
      };
    },

    /**
     * Writes every document stamped with this rebuild's version, waits until Algolia has them live,
     * then deletes records of earlier versions: searches never meet an empty or half-filled index.
     */
    async replaceAll(docs) {
      const writeKey = options.writeKey;
      if (!writeKey) {
        if (!warnedReadOnly)
          console.warn("search: ALGOLIA_WRITE_KEY is not set, so the Algolia index is not rebuilt from the catalogue here");
        warnedReadOnly = true;
        return;
      }
      if (!settingsSent) {
        await call("PUT", `${hosts.write}/1/indexes/${index}/settings`, writeKey, ALGOLIA_SETTINGS);
        settingsSent = true;
      }
      const version = (options.now ?? Date.now)();
      const tasks: unknown[] = [];
      for (let start = 0; start < docs.length; start += BATCH_SIZE) {
        const requests = docs.slice(start, start + BATCH_SIZE).map((doc) => ({ action: "addObject", body: algoliaRecord(doc, version) }));
        const answer = await call("POST", `${hosts.write}/1/indexes/${index}/batch`, writeKey, { requests });
        tasks.push(answer.taskID);
      }
      for (const task of tasks) await waitForTask(writeKey, task);
      await call("POST", `${hosts.write}/1/indexes/${index}/deleteByQuery`, writeKey, { filters: `indexVersion < ${version}` });
    },
  };
}

/** The query's filters in Algolia's syntax, every string quoted: `modality:"breathwork" AND tags:"sleep"`. */
export function algoliaFilters(query: NormalizedQuery): string {
  const parts: string[] = [];
  if (query.modality !== null) parts.push(`modality:${quote(query.modality)}`);
  if (query.teacherId !== null) parts.push(`teacherId:${quote(query.teacherId)}`);
  if (query.level !== null) parts.push(`level:${quote(query.level)}`);
  for (const tag of query.tags) parts.push(`tags:${quote(tag)}`);
  if (query.minSeconds !== null && query.maxSeconds !== null) parts.push(`durationSeconds:${query.minSeconds} TO ${query.maxSeconds}`);
  else if (query.minSeconds !== null) parts.push(`durationSeconds >= ${query.minSeconds}`);
  else if (query.maxSeconds !== null) parts.push(`durationSeconds <= ${query.maxSeconds}`);
  return parts.join(" AND ");
}

function quote(value: string): string {
  return `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

function algoliaRecord(doc: SearchDocument, version: number) {
  return { ...doc, objectID: doc.id, indexVersion: version };
}
