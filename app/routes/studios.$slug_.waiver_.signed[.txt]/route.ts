import type { LoaderFunctionArgs } from "@remix-run/node";
import { defineHandle } from "~/lib/route-handle";
import { requireAccess, type ViewerState } from "~/server/viewer.server";
import { signedCopy } from "~/models/studios/waiver";
import { getStudioBySlug } from "~/models/studios/studio.server";
import { getSignature, getWaiver } from "~/models/studios/waiver.server";

/** Issue 12: the member's signed copy of one waiver version, as plain text to keep. */
export const handle = defineHandle({ name: "studio-waiver-signed", requiresAuth: true });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const state = await requireAccess(request, handle, { context });
  const copy = await signedCopyFor(state, params.slug ?? "", new URL(request.url).searchParams.get("version"));
  if (!copy)
    return new Response("We couldn't find a signed waiver of that version for you.\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  return new Response(copy.text, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${copy.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** The signed copy as a download: the exact text of that version and the signature's details. */
async function signedCopyFor(state: ViewerState, slug: string, versionParam: string | null) {
  const studio = await getStudioBySlug(slug);
  const version = Number(versionParam);
  if (!studio || !Number.isInteger(version) || version < 1) return null;
  const [waiver, signature] = await Promise.all([getWaiver(studio.id, version), getSignature(state.viewer.uid, studio.id, version)]);
  if (!waiver || !signature) return null;
  return { filename: `${studio.slug}-waiver-v${version}-signed.txt`, text: signedCopy(waiver, signature, studio.name, studio.timeZone) };
}
