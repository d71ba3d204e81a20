import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/lib/errors";
import { getTeachers } from "~/models/content/teacher.server";
import { photoColorOf } from "~/models/identity/profile-photo.server";
import { getTeacherPortraitFile } from "~/models/staff/teachers.server";
import { illustrationSvg } from "~/lib/art/illustration";
import { isPaletteRequest, paletteResponse } from "~/lib/art/palette";

/**
 * Teacher portraits, served locally with their colour known: the illustrated ones drawn from the
 * teacher's id (~/lib/illustration; the seeded teachers' portraits), and the
 * portraits uploaded on the staff pages (ADR 050: a new unguessable WebP name per upload, so a
 * browser or CDN may keep each for good). With `?palette=json` the palette JSON an image CDN would answer (§7).
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  const palette = isPaletteRequest(new URL(request.url));
  const uploaded = await getTeacherPortraitFile(file);
  if (uploaded) {
    const cache = "public, max-age=31536000, immutable";
    if (palette) return paletteResponse(await photoColorOf(uploaded), cache);
    return new Response(new Uint8Array(uploaded), {
      headers: { "Content-Type": "image/webp", "Content-Length": String(uploaded.byteLength), "Cache-Control": cache },
    });
  }
  const match = /^([a-z0-9_-]{1,64})\.svg$/i.exec(file);
  if (!match) throw notFound();
  const teacher = (await getTeachers()).find((t) => t.username === match[1]);
  if (!teacher) throw notFound();
  const cache = "public, max-age=86400, s-maxage=86400, stale-while-revalidate=604800";
  if (palette) return paletteResponse(teacher.portraitColor, cache);
  const svg = illustrationSvg("portrait", teacher.id, { title: `Portrait of ${teacher.fullName}` });
  return new Response(svg, { headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": cache } });
}
