import MiniSearch, { type Query, type SearchOptions } from "minisearch";
import { matchesFilters, normalizeQuery, pageCount, type NormalizedQuery, type SearchDocument, type SearchPort, type SearchResult } from "./search-port";

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
  // One typo in four or five letters, two in longer words ("medtation", "breth", "exale").
  fuzzy: 0.2,
  maxFuzzy: 2,
};

interface Index {
  miniSearch: MiniSearch<SearchDocument>;
  byId: Map<string, SearchDocument>;
  /** Every document, newest first: the answer to a filter-only query. */
  newestFirst: SearchDocument[];
}

/** The in-process adapter; `replaceAll` builds 5,000 classes in well under a second. */
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
  const matches = query.text === "" ? index.newestFirst.filter((doc) => matchesFilters(doc, query)) : rank(index, query);
  const start = (query.page - 1) * query.perPage;
  return {
    ids: matches.slice(start, start + query.perPage).map((doc) => doc.id),
    total: matches.length,
    page: query.page,
    pageCount: pageCount(matches.length, query.perPage),
  };
}

/**
 * Every word must match (allowing typos, and a prefix for the last word); two neighbouring words may
 * also be one word ("breth work" finds breathwork). If nothing matches that way, any word will do.
 */
function rank(index: Index, query: NormalizedQuery): SearchDocument[] {
  const terms = tokenize(query.text).slice(0, MAX_TERMS);
  if (terms.length === 0) return [];
  const filter = (result: { id: unknown }) => {
    const doc = index.byId.get(result.id as string);
    return doc !== undefined && matchesFilters(doc, query);
  };
  const every: Query = { combineWith: "OR", queries: joinedAlternatives(terms).map((words) => ({ combineWith: "AND", queries: [words.join(" ")] })) };
  let results = index.miniSearch.search(every, { filter });
  if (results.length === 0) results = index.miniSearch.search(terms.join(" "), { combineWith: "OR", filter });
  const scored = results.map((result) => ({ doc: index.byId.get(result.id as string)!, score: result.score }));
  scored.sort((a, b) => b.score - a.score || newestFirst(a.doc, b.doc));
  return scored.map((entry) => entry.doc);
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
  return term.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();
}

/** Words split on spaces, punctuation and symbols; empty pieces dropped. */
function tokenize(text: string): string[] {
  return text.split(SPACE_OR_PUNCTUATION).filter((term) => term !== "");
}
