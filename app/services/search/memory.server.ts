import MiniSearch, { type Query, type SearchOptions } from "minisearch";
import {
  matchesFilters,
  normalizeQuery,
  pageCount,
  type NormalizedQuery,
  type SearchDocument,
  type SearchPort,
  type SearchResult,
} from "./port";

/**
 * The default search: a MiniSearch index in this process (docs/decisions/019-search.md). Rebuilt
 * whole from the catalogue by `replaceAll`; the new index replaces the old in one assignment, so a
 * search running meanwhile sees one or the other, never half of each.
 */

const FIELDS = ["title", "teacherName", "tagLabels", "description", "modality"] as const;
const BOOST: Record<(typeof FIELDS)[number], number> = { title: 3, teacherName: 2, tagLabels: 1.5, description: 1, modality: 1 };
/** A typed query needs no more words than this; the rest of a pasted paragraph is ignored. */
const MAX_TERMS = 12;
/** Longer queries are not tried with neighbouring words joined. */
const MAX_JOINED_TERMS = 5;
const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}\p{S}]+/u;

const SEARCH_OPTIONS: SearchOptions = {
  boost: BOOST,
  // "exh" while typing finds "exhale"; earlier words are finished words.
  prefix: (_term, index, terms) => index === terms.length - 1,
  // One typo in words of three to seven letters ("breth", "exale"), two from eight ("medtation");
  // never more, which also keeps a 200-letter nonsense word cheap.
  fuzzy: 0.2,
  maxFuzzy: 2,
};

interface Index {
  miniSearch: MiniSearch<SearchDocument>;
  byId: Map<string, SearchDocument>;
  /** Every document, newest first: the answer to a filter-only query. */
  newestFirst: SearchDocument[];
}

/** The in-process adapter; `replaceAll` indexes 5,000 classes in a few hundred milliseconds (bench/search.js). */
export function createMemorySearch(): SearchPort {
  let index = buildIndex([]);

  return {
    name: "memory",
    async replaceAll(docs) {
      index = buildIndex(docs);
    },
    async search(raw) {
      return searchIndex(index, normalizeQuery(raw));
    },
  };
}

function buildIndex(docs: SearchDocument[]): Index {
  // One document per id (a repeated id would make MiniSearch throw): the last one given wins.
  const byId = new Map<string, SearchDocument>();
  for (const doc of docs) byId.set(doc.id, doc);
  const unique = [...byId.values()];
  const miniSearch = new MiniSearch<SearchDocument>({
    idField: "id",
    fields: [...FIELDS],
    storeFields: [],
    extractField: (doc, field) => {
      const value: unknown = doc[field as keyof SearchDocument];
      return Array.isArray(value) ? value.join(" ") : (value as string);
    },
    tokenize,
    processTerm,
    searchOptions: SEARCH_OPTIONS,
  });
  miniSearch.addAll(unique);
  return { miniSearch, byId, newestFirst: unique.sort(newestFirst) };
}

function searchIndex(index: Index, query: NormalizedQuery): SearchResult {
  const start = (query.page - 1) * query.perPage;
  const end = start + query.perPage;
  let ids: string[];
  let total: number;
  if (query.text === "") {
    const matches = hasFilters(query) ? index.newestFirst.filter((doc) => matchesFilters(doc, query)) : index.newestFirst;
    ids = matches.slice(start, end).map((doc) => doc.id);
    total = matches.length;
  } else {
    const ranked = rank(index, query, end);
    ids = ranked.ids.slice(start, end);
    total = ranked.total;
  }
  return { ids, total, page: query.page, pageCount: pageCount(total, query.perPage) };
}

/**
 * Every word must match (allowing typos, and a prefix for the last word); two neighbouring words may
 * also be one word ("breth work" finds breathwork). If nothing matches that way, any word will do.
 * Answers the ids of the best `upTo` matches in order, and how many matched.
 */
function rank(index: Index, query: NormalizedQuery, upTo: number): { ids: string[]; total: number } {
  const terms = tokenize(query.text).slice(0, MAX_TERMS);
  if (terms.length === 0) return { ids: [], total: 0 };
  const filter = hasFilters(query)
    ? (result: { id: unknown }) => {
        const doc = index.byId.get(result.id as string);
        return doc !== undefined && matchesFilters(doc, query);
      }
    : undefined;
  const every: Query = {
    combineWith: "OR",
    queries: joinedAlternatives(terms).map((words) => ({ combineWith: "AND", queries: [words.join(" ")] })),
  };
  let results = index.miniSearch.search(every, { filter });
  if (results.length === 0) results = index.miniSearch.search(terms.join(" "), { combineWith: "OR", filter });
  // MiniSearch answers best score first. Equal scores go newest first, which only matters up to the
  // last page asked for (and the run of equal scores that crosses it): thousands of matches for a
  // two-letter prefix need no full second sort.
  let cut = Math.min(upTo, results.length);
  while (cut > 0 && cut < results.length && results[cut].score === results[cut - 1].score) cut++;
  // Every result is a document the index was built from; one it somehow lacked is left out.
  const head = results.slice(0, cut).flatMap((result) => {
    const doc = index.byId.get(result.id as string);
    return doc ? [{ doc, score: result.score }] : [];
  });
  head.sort((a, b) => b.score - a.score || newestFirst(a.doc, b.doc));
  return { ids: head.map((entry) => entry.doc.id), total: results.length };
}

function hasFilters(query: NormalizedQuery): boolean {
  return (
    query.modality !== null ||
    query.teacherId !== null ||
    query.level !== null ||
    query.tags.length > 0 ||
    query.minSeconds !== null ||
    query.maxSeconds !== null
  );
}

/** The words as typed, then with each neighbouring pair run together; short queries only, as each is a search. */
function joinedAlternatives(terms: string[]): string[][] {
  const alternatives = [terms];
  if (terms.length > MAX_JOINED_TERMS) return alternatives;
  for (let i = 0; i + 1 < terms.length; i++) alternatives.push([...terms.slice(0, i), terms[i] + terms[i + 1], ...terms.slice(i + 2)]);
  return alternatives;
}

function newestFirst(a: SearchDocument, b: SearchDocument): number {
  return b.publishedAt - a.publishedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Lower case without accents, in the index and in queries alike: "prāṇāyāma" finds "Pranayama". */
function processTerm(term: string): string {
  return term
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** Words split on spaces, punctuation and symbols; empty pieces dropped. */
function tokenize(text: string): string[] {
  return text.split(SPACE_OR_PUNCTUATION).filter((term) => term !== "");
}
