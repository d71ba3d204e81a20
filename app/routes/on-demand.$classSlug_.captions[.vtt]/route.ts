import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/lib/errors";
import { accessOf } from "~/server/on-demand.server";
import { captionsVtt, getCatalogue, getTranscript } from "~/models/on-demand/on-demand.server";
import { getViewerState } from "~/server/viewer.server";

/** Issue 10: a class's WebVTT captions, written from its transcript; for members, like the stream. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const slug = params.classSlug ?? "";
  const catalogue = await getCatalogue();
  if (!catalogue.classes.some((item) => item.slug === slug)) throw notFound();
  if (accessOf(await getViewerState(request, context)) !== "member")
    return new Response("Captions are part of the membership.\n", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  return new Response(captionsVtt(await getTranscript(slug)), {
    headers: { "Content-Type": "text/vtt; charset=utf-8", "Cache-Control": "private, max-age=300" },
  });
}
