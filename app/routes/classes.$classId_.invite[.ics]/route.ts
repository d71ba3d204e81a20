import type { LoaderFunctionArgs } from "@remix-run/node";
import { classInviteFor } from "~/server/class-join.server";
import { pageCaching } from "~/lib/cache-control";

/**
 * Issue 9: the class's calendar invite. Anyone may have it; only a booked member's copy carries the
 * join page's address, and that copy is never cached.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const invite = await classInviteFor(request, context, params.classId ?? "");
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
