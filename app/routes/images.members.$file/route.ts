import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/lib/errors";
import { getProfilePhotoFile, photoColorOf } from "~/models/identity/profile-photo.server";
import { isPaletteRequest, paletteResponse } from "~/lib/art/palette";

// Names are unguessable and never reused, so a browser may keep a photo for good; `private` keeps it
// out of shared caches, so a removed photo is gone everywhere but the member's own browser.
const CACHE = "private, max-age=31536000, immutable";

/**
 * Members' profile photos (settings), from disk or Cloud Storage: the WebP itself, or with
 * `?palette=json` the palette JSON the image service answers (§7).
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const photo = await getProfilePhotoFile(params.file ?? "");
  if (!photo) throw notFound();
  if (isPaletteRequest(new URL(request.url))) return paletteResponse(await photoColorOf(photo), CACHE);
  return new Response(new Uint8Array(photo), {
    headers: { "Content-Type": "image/webp", "Content-Length": String(photo.byteLength), "Cache-Control": CACHE },
  });
}
