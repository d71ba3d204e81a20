import { getCatalogue, seriesCard, toCard } from "~/models/on-demand/on-demand.server";
import { listFavorites } from "~/models/on-demand/watch-history.server";

/** The person's favourite classes and series (any signed-in account: they outlive a membership). */
export async function favoritesPage(uid: string) {
  const [catalogue, favorites] = await Promise.all([getCatalogue(), listFavorites(uid)]);
  const classes = favorites.flatMap((fav) => {
    if (fav.kind !== "class") return [];
    const item = catalogue.classes.find((c) => c.slug === fav.slug);
    return item ? [toCard(item, catalogue)] : [];
  });
  const series = favorites.flatMap((fav) => {
    if (fav.kind !== "series") return [];
    const found = catalogue.series.find((s) => s.slug === fav.slug);
    return found ? [seriesCard(found, catalogue, new Map())] : [];
  });
  return { classes, series };
}
