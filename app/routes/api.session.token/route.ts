import type { ActionFunctionArgs } from "@remix-run/node";
import { problemOf } from "~/lib/errors";
import { getViewer, hasRecentSignIn } from "~/server/viewer.server";
import { signInTokenFor } from "~/models/identity/account.server";
import { sameOrigin } from "~/routes/api.session/route";
import { defineActionLimits } from "~/lib/action-limits";

/**
 * The server's session, handed to the browser's Firebase user: after an e-mail link completed on the
 * server, the page's SDK signs in with this custom token so the live listener and later token syncs
 * belong to the same person. Same origin, members only, checked against the provider (a write), and
 * only within 300 s of the sign-in (issue 23): a token is a sign-in of its own, so a stolen or
 * long-lived cookie must not be able to mint one. The e-mail link that needs it has just signed in.
 */
export async function loader() {
  return Response.json({ ok: false }, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  token: { does: ["write"], bound: "a member's own sign-in token, only after a sign-in within five minutes, from this site's own pages" },
});

export async function action({ request }: ActionFunctionArgs) {
  const headers = { "Cache-Control": "no-store" };
  if (request.method !== "POST") return Response.json({ ok: false }, { status: 405, headers: { ...headers, Allow: "POST" } });
  if (!sameOrigin(request)) return Response.json({ ok: false }, { status: 403, headers });
  const viewer = await getViewer(request);
  if (!viewer || viewer.anonymous) return Response.json({ ok: false }, { status: 401, headers });
  if (!hasRecentSignIn(viewer)) {
    const { code, status, message } = problemOf("sign_in_not_recent");
    return Response.json({ ok: false, code, message }, { status, headers });
  }
  try {
    return Response.json({ ok: true, token: await signInTokenFor(viewer.uid) }, { headers });
  } catch {
    return Response.json({ ok: false }, { status: 503, headers });
  }
}
