import { z } from "zod";
import type { SearchDocument } from "~/services/search/port";
import { getSearch } from "~/services/search/index.server";
import { LEVELS, MODALITIES, type OnDemandClass } from "./on-demand";
import { MODALITY_NAMES, getCatalogue, toCard, type Catalogue, type ClassCard } from "./on-demand.server";

/**
 * Class search (issue 10): the whole query lives in the URL (`/search?q=…&modality=…&teacher=…&level=…
 * &tag=…&min=…&max=…&page=…`), so a result page can be shared and works without JavaScript. Each
 * filter is checked on its own: a wrong one gets a sentence beside it and the rest of the search still
 * runs, with everything the person typed kept in the form.
 */

export const SEARCH_PER_PAGE = 12;
const MAX_TEXT = 200;
const MAX_TAGS = 10;

export interface SearchForm {
  q: string;
  modality: string;
  teacher: string;
  level: string;
  tags: string[];
  min: string;
  max: string;
}

type FieldErrors = Partial<Record<"modality" | "teacher" | "level" | "tag" | "min" | "max", string>>;

const minutes = z
  .string()
  .trim()
  .max(6, "Enter minutes as a number, like 10.")
  .regex(/^\d+(\.\d+)?$/, "Enter minutes as a number, like 10.")
  .transform(Number)
  .refine((value) => value <= 600, "That's longer than any class; try 600 or less.");

/** Reads what the URL asks for. Never throws: odd input becomes a message, not a 500. */
export function readSearchParams(params: URLSearchParams, catalogue: Pick<Catalogue, "teachers" | "tags">) {
  const text = (params.get("q") ?? "")
    .slice(0, MAX_TEXT * 5)
    .trim()
    .slice(0, MAX_TEXT);
  const form: SearchForm = {
    q: text,
    modality: (params.get("modality") ?? "").slice(0, 40),
    teacher: (params.get("teacher") ?? "").slice(0, 100),
    level: (params.get("level") ?? "").slice(0, 40),
    tags: params
      .getAll("tag")
      .slice(0, MAX_TAGS * 2)
      .map((tag) => tag.slice(0, 60)),
    min: (params.get("min") ?? "").slice(0, 20),
    max: (params.get("max") ?? "").slice(0, 20),
  };
  const errors: FieldErrors = {};
  const modality = form.modality && (MODALITIES as readonly string[]).includes(form.modality) ? form.modality : null;
  if (form.modality && !modality) errors.modality = "Choose one of the kinds listed.";
  const teacher = form.teacher ? (catalogue.teachers.find((t) => t.href === `/teachers/${form.teacher}`) ?? null) : null;
  if (form.teacher && !teacher) errors.teacher = "We don't have a teacher by that name in the library.";
  const level = form.level && (LEVELS as readonly string[]).includes(form.level) ? form.level : null;
  if (form.level && !level) errors.level = "Choose one of the levels listed.";
  const knownTags = form.tags.filter((tag) => catalogue.tags.some((t) => t.id === tag));
  if (knownTags.length !== form.tags.length) errors.tag = "Some of those tags aren't in the library, so they were left out.";
  let minSeconds: number | null = null;
  let maxSeconds: number | null = null;
  if (form.min) {
    const parsed = minutes.safeParse(form.min);
    if (parsed.success) minSeconds = Math.round(parsed.data * 60);
    else errors.min = parsed.error.issues[0]?.message;
  }
  if (form.max) {
    const parsed = minutes.safeParse(form.max);
    if (parsed.success) maxSeconds = Math.round(parsed.data * 60);
    else errors.max = parsed.error.issues[0]?.message;
  }
  if (minSeconds !== null && maxSeconds !== null && minSeconds > maxSeconds) {
    errors.max = "The longest should be at least the shortest.";
    maxSeconds = null;
  }
  const page = Math.min(1000, Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  return {
    form,
    errors,
    query: {
      text,
      modality,
      teacherId: teacher?.id ?? null,
      level,
      tags: [...new Set(knownTags)].slice(0, MAX_TAGS),
      minSeconds,
      maxSeconds,
      page,
      perPage: SEARCH_PER_PAGE,
    },
  };
}

export function toSearchDocument(item: OnDemandClass, catalogue: Pick<Catalogue, "teachers" | "tags">): SearchDocument {
  return {
    id: item.slug,
    title: item.title,
    teacherId: item.teacherId,
    teacherName: catalogue.teachers.find((t) => t.id === item.teacherId)?.name ?? "",
    modality: item.modality,
    level: item.level,
    durationSeconds: item.durationSeconds,
    tags: item.tags,
    tagLabels: item.tags.map((id) => catalogue.tags.find((t) => t.id === id)?.label ?? id),
    description: item.description,
    publishedAt: item.publishedAt,
  };
}

// The index holds what the catalogue held when it was built; a changed catalogue rebuilds it once.
let indexed: { signature: string; ready: Promise<void> } | null = null;

function signatureOf(catalogue: Catalogue): string {
  return JSON.stringify(
    catalogue.classes.map((c) => [c.slug, c.publishedAt, c.title, c.durationSeconds, c.tags, c.level, c.teacherId, c.description.length]),
  );
}

async function ensureIndexed(catalogue: Catalogue) {
  const signature = signatureOf(catalogue);
  if (indexed?.signature !== signature) {
    const ready = getSearch().replaceAll(catalogue.classes.map((item) => toSearchDocument(item, catalogue)));
    indexed = { signature, ready };
    ready.catch(() => {
      if (indexed?.ready === ready) indexed = null;
    });
  }
  await indexed.ready;
}

export async function searchPage(url: URL) {
  const catalogue = await getCatalogue();
  const { form, errors, query } = readSearchParams(url.searchParams, catalogue);
  let results: ClassCard[] = [];
  let total = 0;
  let pageCount = 0;
  let failed = false;
  try {
    await ensureIndexed(catalogue);
    const found = await getSearch().search(query);
    const bySlug = new Map(catalogue.classes.map((item) => [item.slug, item]));
    results = found.ids.flatMap((id) => {
      const item = bySlug.get(id);
      return item ? [toCard(item, catalogue)] : [];
    });
    total = found.total;
    pageCount = found.pageCount;
  } catch (error) {
    console.error(JSON.stringify({ level: "error", msg: "search failed", cause: error instanceof Error ? error.message : String(error) }));
    failed = true;
  }
  const hrefWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams();
    if (form.q) next.set("q", form.q);
    if (query.modality) next.set("modality", query.modality);
    if (query.teacherId) next.set("teacher", form.teacher);
    if (query.level) next.set("level", query.level);
    for (const tag of query.tags) next.append("tag", tag);
    if (query.minSeconds !== null) next.set("min", form.min);
    if (query.maxSeconds !== null) next.set("max", form.max);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const search = next.toString();
    return search ? `/search?${search}` : "/search";
  };
  const teacherName = catalogue.teachers.find((t) => t.id === query.teacherId)?.name;
  const length = lengthLabel(query.minSeconds, query.maxSeconds);
  const active = [
    query.modality
      ? { label: MODALITY_NAMES[query.modality as keyof typeof MODALITY_NAMES], href: hrefWith({ modality: null, page: null }) }
      : null,
    teacherName ? { label: teacherName, href: hrefWith({ teacher: null, page: null }) } : null,
    query.level ? { label: query.level, href: hrefWith({ level: null, page: null }) } : null,
    ...query.tags.map((tag) => {
      const rest = new URLSearchParams(hrefWith({ page: null }).split("?")[1] ?? "");
      const kept = rest.getAll("tag").filter((t) => t !== tag);
      rest.delete("tag");
      kept.forEach((t) => rest.append("tag", t));
      const search = rest.toString();
      return { label: catalogue.tags.find((t) => t.id === tag)?.label ?? tag, href: search ? `/search?${search}` : "/search" };
    }),
    length ? { label: length, href: hrefWith({ min: null, max: null, page: null }) } : null,
  ].filter((chip): chip is { label: string; href: string } => Boolean(chip));

  return {
    form,
    errors,
    results,
    total,
    page: query.page,
    pageCount,
    failed,
    searched: Boolean(form.q) || active.length > 0,
    active,
    previous: query.page > 1 && query.page <= pageCount + 1 ? hrefWith({ page: query.page - 1 > 1 ? String(query.page - 1) : null }) : null,
    next: query.page < pageCount ? hrefWith({ page: String(query.page + 1) }) : null,
    options: {
      modalities: MODALITIES.filter((m) => catalogue.classes.some((c) => c.modality === m)).map((value) => ({
        value,
        label: MODALITY_NAMES[value],
      })),
      teachers: catalogue.teachers
        .flatMap((t) =>
          t.href && catalogue.classes.some((c) => c.teacherId === t.id) ? [{ value: t.href.replace("/teachers/", ""), label: t.name }] : [],
        )
        .sort((a, b) => a.label.localeCompare(b.label)),
      levels: LEVELS.filter((level) => catalogue.classes.some((c) => c.level === level)),
      tags: catalogue.tags,
    },
  };
}

/** The active length filter in words, or null when the search has none. */
function lengthLabel(min: number | null, max: number | null): string | null {
  const m = (seconds: number) => `${Math.round((seconds / 60) * 10) / 10} min`;
  if (min !== null && max !== null) return `${m(min)} to ${m(max)}`;
  if (min !== null) return `${m(min)} or longer`;
  if (max !== null) return `Up to ${m(max)}`;
  return null;
}
