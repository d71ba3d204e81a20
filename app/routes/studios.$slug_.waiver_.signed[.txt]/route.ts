import type { LoaderFunctionArgs } from "@remix-run/node";
import { defineHandle } from "~/lib/route-handle";
import { requireAccess } from "~/server/viewer.server";
import { signedCopyFor } from "~/server/waiver-page.server";

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
