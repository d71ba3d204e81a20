import { MODALITY_NAMES, getCatalogue, isModality, seriesCard, toCard } from "~/models/on-demand/on-demand.server";
import type { OnDemandClass } from "~/models/on-demand/on-demand";
import { continueWatching } from "~/models/on-demand/watch-history";
import { listWatchHistory } from "~/models/on-demand/watch-history.server";
import { accessOf, signedInUid } from "~/server/on-demand.server";
import { getViewerState } from "~/server/viewer.server";

/** The on-demand hub (issue 10): featured classes, the member's unfinished ones, shelves, series and the latest, by modality. */
export async function hubPage(request: Request, context: object) {
  const url = new URL(request.url);
  const wanted = url.searchParams.get("modality");
  const modality = isModality(wanted) ? wanted : null;
  const [catalogue, state] = await Promise.all([getCatalogue(), getViewerState(request, context)]);
  const uid = signedInUid(state);
  const history = uid ? await listWatchHistory(uid) : [];
  const records = new Map(history.map((record) => [record.classSlug, record]));
  const bySlug = new Map(catalogue.classes.map((item) => [item.slug, item]));
  const inModality = (item: OnDemandClass) => !modality || item.modality === modality;
  const card = (item: OnDemandClass) => toCard(item, catalogue, records.get(item.slug));

  const modalities = [...new Set(catalogue.classes.map((item) => item.modality))];
  const featured = catalogue.classes.filter((item) => item.featured && inModality(item)).slice(0, 2);
  const shelves = catalogue.shelves
    .filter((shelf) => !modality || !shelf.modality || shelf.modality === modality)
    .map((shelf) => ({
      id: shelf.id,
      title: shelf.title,
      classes: shelf.classes
        .map((slug) => bySlug.get(slug))
        .filter((item): item is OnDemandClass => Boolean(item && inModality(item)))
        .map(card),
    }))
    .filter((shelf) => shelf.classes.length > 0);
  const resume = continueWatching(history)
    .map((record) => bySlug.get(record.classSlug))
    .filter((item): item is OnDemandClass => Boolean(item))
    .slice(0, 8)
    .map(card);

  return {
    modality,
    modalityLabel: modality ? MODALITY_NAMES[modality] : null,
    toggle: [
      { value: null, label: "All", href: "/on-demand" },
      ...modalities.map((value) => ({ value, label: MODALITY_NAMES[value], href: `/on-demand?modality=${value}` })),
    ],
    featured: featured.map((item) => ({ ...card(item), description: item.description })),
    continueWatching: resume,
    shelves,
    series: catalogue.series
      .filter((series) => !modality || series.modality === modality)
      .map((series) => seriesCard(series, catalogue, records)),
    latest: catalogue.classes.filter(inModality).slice(0, 8).map(card),
    access: accessOf(state),
    personal: Boolean(uid),
  };
}

/** What the hub shows, as its loader answers it. */
export type HubPageModel = Awaited<ReturnType<typeof hubPage>>;
