import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/lib/errors";
import { illustrationSvg, isArtKind, isArtSeed } from "~/lib/art/illustration";

/**
 * The site's pictures (design brief, "Imagery without photographs"): one scene or portrait per item,
 * drawn from its seed by ~/lib/illustration. The same address always draws the same picture (the
 * drawing's version is in the query), so browsers and the CDN keep it for a year.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const kind = params.kind ?? "";
  const seed = /^(.+)\.svg$/.exec(params.file ?? "")?.[1];
  if (!isArtKind(kind) || !seed || !isArtSeed(seed)) throw notFound();
  return new Response(illustrationSvg(kind, seed), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
