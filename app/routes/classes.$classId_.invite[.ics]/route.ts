import type { LoaderFunctionArgs } from "@remix-run/node";
import { classInviteFor } from "~/models/classes/class-join.server";
import { getViewerState } from "~/server/viewer.server";
import { pageCaching } from "~/lib/cache-control";

/**
 * Issue 9: the class's calendar invite. Anyone may have it; only a booked member's copy carries the
 * join page's address, and that copy is never cached.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const state = await getViewerState(request, context);
  const uid = state && !state.viewer.anonymous ? state.viewer.uid : null;
  const invite = await classInviteFor({ idOrSlug: params.classId ?? "", uid });
  if (!invite)
    return new Response("We couldn't find that class.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(invite.body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${invite.filename}"`,
      ...pageCaching(invite.personal),
    },
  });
}
