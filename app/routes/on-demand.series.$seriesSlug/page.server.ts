import type { OnDemandClass } from "~/models/on-demand/on-demand";
import { MODALITY_NAMES, getCatalogue, toCard } from "~/models/on-demand/on-demand.server";
import { resumePosition } from "~/models/on-demand/watch-history";
import { isFavorite, listWatchHistory } from "~/models/on-demand/watch-history.server";
import { accessOf, favoriteNotice, signedInUid } from "~/server/on-demand.server";
import { getViewerState } from "~/server/viewer.server";

/** A series (issue 10): its lessons in order, each one's state for the person, and where to carry on. */
export async function seriesPage(request: Request, context: object, slug: string) {
  const catalogue = await getCatalogue();
  const series = catalogue.series.find((s) => s.slug === slug);
  if (!series) return null;
  const state = await getViewerState(request, context);
  const uid = signedInUid(state);
  const [history, favorite] = uid ? await Promise.all([listWatchHistory(uid), isFavorite(uid, "series", series.slug)]) : [[], false];
  const records = new Map(history.map((record) => [record.classSlug, record]));
  const lessons = series.lessons
    .map((lessonSlug) => catalogue.classes.find((c) => c.slug === lessonSlug))
    .filter((item): item is OnDemandClass => Boolean(item))
    .map((item, index) => {
      const record = records.get(item.slug) ?? null;
      return {
        ...toCard(item, catalogue, record),
        number: index + 1,
        description: item.description,
        status: record?.completed ? ("done" as const) : record && resumePosition(record) > 0 ? ("started" as const) : ("new" as const),
      };
    });
  // The next lesson is the first not yet finished, whenever the member comes back: nothing resets.
  const next = lessons.find((lesson) => lesson.status !== "done") ?? null;
  const done = lessons.filter((lesson) => lesson.status === "done").length;
  return {
    slug: series.slug,
    title: series.title,
    description: series.description,
    teacherName: catalogue.teachers.find((t) => t.id === series.teacherId)?.name ?? "A Stillhour teacher",
    modality: MODALITY_NAMES[series.modality],
    lessons,
    done,
    next: uid && done > 0 && next ? { href: next.href, title: next.title, number: next.number, resuming: next.status === "started" } : null,
    access: accessOf(state),
    favorite,
    canFavorite: Boolean(uid),
    notice: favoriteNotice(new URL(request.url)),
    personal: Boolean(uid),
  };
}
