import type { ActionFunctionArgs } from "@remix-run/node";
import { progressAction } from "./page.server";
import { defineActionLimits } from "~/lib/action-limits";
import { PROGRESS_LIMIT } from "~/models/on-demand/watch-history.server";

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  report: { does: ["write"], limits: [PROGRESS_LIMIT] },
});

/**
 * Issue 10: the player's progress reports (position, the viewing, §4 events), posted while playing
 * and by sendBeacon when the page is left. JSON answers; a bad report is a 400 with a sentence.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const result = await progressAction(request, context, params.classSlug ?? "");
  return Response.json(result.body, { status: result.status, headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return new Response("Not Found", { status: 404 });
}
