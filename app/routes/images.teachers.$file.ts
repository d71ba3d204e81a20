import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/lib/errors";
import { portraitSvg, teacherInitials } from "~/features/content/portrait";
import { getTeachers } from "~/features/content/teacher.server";
import { isPaletteRequest, paletteResponse } from "~/lib/palette";

/**
 * Seeded teacher portraits, served locally with their colour known: the SVG itself, or with
 * `?palette=json` the palette JSON an image CDN would answer (§7).
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const match = /^([a-z0-9_-]{1,64})\.svg$/i.exec(params.file ?? "");
  if (!match) throw notFound();
  const teacher = (await getTeachers()).find((t) => t.username === match[1]);
  if (!teacher) throw notFound();
  const cache = "public, max-age=86400, s-maxage=86400, stale-while-revalidate=604800";
  if (isPaletteRequest(new URL(request.url))) return paletteResponse(teacher.portraitColor, cache);
  const svg = portraitSvg({ initials: teacherInitials(teacher), color: teacher.portraitColor, label: `Portrait of ${teacher.fullName}` });
  return new Response(svg, { headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": cache } });
}
