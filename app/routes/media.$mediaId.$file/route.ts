import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/lib/errors";
import { accessOf } from "~/server/on-demand.server";
import { getViewerState } from "~/server/viewer.server";
import { demoMediaActive, demoMediaResponse } from "~/models/on-demand/media.server";

/**
 * Issue 10: the demo's HLS packages (playlists and segments), to members only. With a hosted
 * streaming service configured this route does not exist (404): the player is given that service's
 * signed addresses instead.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!demoMediaActive()) throw notFound();
  if (accessOf(await getViewerState(request, context)) !== "member") {
    return new Response("Playing classes is part of the membership.\n", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const response = demoMediaResponse(params.mediaId ?? "", params.file ?? "");
  if (!response) throw notFound();
  return response;
}
