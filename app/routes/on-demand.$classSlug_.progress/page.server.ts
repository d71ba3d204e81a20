import { getCatalogue } from "~/models/on-demand/on-demand.server";
import { saveProgress } from "~/models/on-demand/watch-history.server";
import { recordOnDemandCompleted } from "~/models/engagement/practice-events.server";
import { readRouteForm } from "~/server/body-limits.server";
import { accessOf } from "~/server/on-demand.server";
import { notePractice, practiceZone } from "~/server/practice.server";
import { getViewerState } from "~/server/viewer.server";

/** The player's progress report: members only, for a class the catalogue has. */
export async function progressAction(request: Request, context: object, slug: string) {
  const state = await getViewerState(request, context);
  if (accessOf(state) !== "member" || !state) return { status: 403, body: { error: "Playing classes is part of the membership." } };
  const catalogue = await getCatalogue();
  const item = catalogue.classes.find((c) => c.slug === slug);
  if (!item) return { status: 404, body: { error: "That class isn't in the library." } };
  const body = await readRouteForm(request);
  if (!body.ok) return { status: body.status, body: { error: body.message } };
  const outcome = await saveProgress(state.viewer.uid, item, Object.fromEntries(body.formData));
  if (!outcome.ok) return { status: outcome.status, body: { error: outcome.error } };
  // A viewing that reached the §4 Completed event is a practice (issue 27), once per viewing, when its
  // recorded progress covers the class (issue 35): a Completed report alone is not a practice.
  const viewing = outcome.record.viewing;
  if (outcome.completed) {
    const zone = await practiceZone(request, state);
    await notePractice("on-demand class completed", () => recordOnDemandCompleted(state.viewer.uid, item, viewing, zone));
  }
  return { status: 200, body: { position: outcome.record.position, completed: outcome.record.completed } };
}
