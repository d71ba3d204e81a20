import type { ActionFunctionArgs } from "@remix-run/node";
import { getViewer } from "~/server/viewer.server";
import { signInTokenFor } from "~/features/identity/account.server";
import { sameOrigin } from "./api.session";

/**
 * The server's session, handed to the browser's Firebase user: after an e-mail link completed on the
 * server, the page's SDK signs in with this custom token so the live listener and later token syncs
 * belong to the same person. Same origin, members only, checked against the provider (a write).
 */
export async function loader() {
  return Response.json({ ok: false }, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const headers = { "Cache-Control": "no-store" };
  if (request.method !== "POST") return Response.json({ ok: false }, { status: 405, headers: { ...headers, Allow: "POST" } });
  if (!sameOrigin(request)) return Response.json({ ok: false }, { status: 403, headers });
  const viewer = await getViewer(request);
  if (!viewer || viewer.anonymous) return Response.json({ ok: false }, { status: 401, headers });
  try {
    return Response.json({ ok: true, token: await signInTokenFor(viewer.uid) }, { headers });
  } catch {
    return Response.json({ ok: false }, { status: 503, headers });
  }
}
