/**
 * The on-demand library's search (issue 10; docs/decisions/019-search.md). One port, two adapters: an
 * in-process MiniSearch index (the default) and Algolia. The port has its own document shape, so the
 * services layer needs nothing from app/models: the caller turns catalogue records into documents.
 */

/** One class as the index sees it: the words people search for and the values they filter on. */
export interface SearchDocument {
  id: string;
  title: string;
  teacherId: string;
  teacherName: string;
  modality: string;
  level: string;
  durationSeconds: number;
  /** Tag ids, for filters. */
  tags: string[];
  /** The same tags as people read them, for text search. */
  tagLabels: string[];
  description: string;
  /** Unix milliseconds or seconds, as long as every document uses the same: only the order counts. */
  publishedAt: number;
}

/**
 * What someone asked for. Filters combine with AND; `tags` means the class has every one of them;
 * the duration range is inclusive and either side may be left open. Empty text lists the matching
 * classes newest first.
 */
export interface SearchQuery {
  text: string;
  modality?: string | null;
  teacherId?: string | null;
  level?: string | null;
  tags?: string[];
  minSeconds?: number | null;
  maxSeconds?: number | null;
  /** 1-based. */
  page: number;
  perPage: number;
}

/** One page of ids, best first. A page past the end has no ids but the same total and page count. */
export interface SearchResult {
  ids: string[];
  total: number;
  page: number;
  /** 0 when nothing matched. */
  pageCount: number;
}

export interface SearchPort {
  readonly name: "memory" | "algolia";
  /** Makes the index hold exactly these documents (the whole catalogue). */
  replaceAll(docs: SearchDocument[]): Promise<void>;
  search(query: SearchQuery): Promise<SearchResult>;
}

/** The search service failed; its own words go to logs, never to a page. */
export class SearchError extends Error {
  constructor(
    public readonly code: "unavailable" | "refused",
    message: string,
  ) {
    super(message);
    this.name = "SearchError";
  }
}

/** Longer text is cut before use: nobody types more, and a pasted essay must stay cheap. */
export const MAX_QUERY_LENGTH = 200;
export const MAX_PER_PAGE = 100;
/** Durations beyond this (a week) are clamped: no class is that long and huge numbers would print as 1e+21. */
const MAX_SECONDS = 7 * 24 * 3600;

/** A query with its text trimmed and cut, blank filters dropped, numbers made safe. */
export interface NormalizedQuery {
  text: string;
  modality: string | null;
  teacherId: string | null;
  level: string | null;
  tags: string[];
  minSeconds: number | null;
  maxSeconds: number | null;
  page: number;
  perPage: number;
}

/** Cleans whatever a form or a URL handed over, so both adapters see the same query. */
export function normalizeQuery(query: SearchQuery): NormalizedQuery {
  const text = typeof query.text === "string" ? query.text.trim().slice(0, MAX_QUERY_LENGTH).trim() : "";
  return {
    text,
    modality: blankToNull(query.modality),
    teacherId: blankToNull(query.teacherId),
    level: blankToNull(query.level),
    tags: [...new Set((query.tags ?? []).filter((tag): tag is string => typeof tag === "string" && tag !== ""))],
    // Durations are whole seconds, so rounding the bounds inwards keeps the range inclusive.
    minSeconds: finiteOrNull(query.minSeconds, Math.ceil),
    maxSeconds: finiteOrNull(query.maxSeconds, Math.floor),
    page: clampInt(query.page, 1, Number.MAX_SAFE_INTEGER, 1),
    perPage: clampInt(query.perPage, 1, MAX_PER_PAGE, 20),
  };
}

/** Whether a document passes every filter of the query (text aside). */
export function matchesFilters(doc: SearchDocument, query: NormalizedQuery): boolean {
  if (query.modality !== null && doc.modality !== query.modality) return false;
  if (query.teacherId !== null && doc.teacherId !== query.teacherId) return false;
  if (query.level !== null && doc.level !== query.level) return false;
  if (query.minSeconds !== null && doc.durationSeconds < query.minSeconds) return false;
  if (query.maxSeconds !== null && doc.durationSeconds > query.maxSeconds) return false;
  for (const tag of query.tags) if (!doc.tags.includes(tag)) return false;
  return true;
}

/** How many pages `total` results fill; 0 when there are none. */
export function pageCount(total: number, perPage: number): number {
  return total > 0 ? Math.ceil(total / perPage) : 0;
}

function blankToNull(value: string | null | undefined): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

function finiteOrNull(value: number | null | undefined, round: (n: number) => number): number | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  return Math.min(MAX_SECONDS, Math.max(0, round(value)));
}

function clampInt(value: number, min: number, max: number, fallback: number): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.floor(value)));
}
