import { getCatalogue, toCard } from "~/models/on-demand/on-demand.server";
import { resumePosition } from "~/models/on-demand/watch-history";
import { listWatchHistory } from "~/models/on-demand/watch-history.server";

/** What the person has watched, newest first (any signed-in account: it outlives a membership). */
export async function historyPage(uid: string) {
  const [catalogue, history] = await Promise.all([getCatalogue(), listWatchHistory(uid)]);
  const entries = history.flatMap((record) => {
    const item = catalogue.classes.find((c) => c.slug === record.classSlug);
    if (!item) return [];
    return [
      {
        ...toCard(item, catalogue, record),
        completed: record.completed,
        watchedAt: new Date(record.updatedAt).toISOString(),
        resumeAt: resumePosition(record),
      },
    ];
  });
  return { entries };
}
