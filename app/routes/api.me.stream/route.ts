import type { LoaderFunctionArgs } from "@remix-run/node";
import { streamLiveUser } from "~/server/live-user.server";
import { getViewer } from "~/server/viewer.server";

/**
 * The signed-in member's own record as server-sent events (docs/decisions/012-live-user-record.md):
 * the transport `useLiveUserRecord` uses where the browser does not read Firestore itself.
 * Members only; visitors and anonymous accounts get 401 and no stream, which also stops
 * EventSource from reconnecting.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getViewer(request);
  if (!viewer || viewer.anonymous) {
    return Response.json({ ok: false, reason: "unauthorized" }, { status: 401, headers: { "Cache-Control": "no-store" } });
  }
  return streamLiveUser(request, viewer.uid);
}
