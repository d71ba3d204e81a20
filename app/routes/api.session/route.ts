import type { ActionFunctionArgs } from "@remix-run/node";
import { endSession, startSession } from "~/server/viewer.server";
import { clientAddress } from "~/lib/rate-limit.server";
import { createRateLimit } from "~/platform/rate-limit.server";
import { defineActionLimits } from "~/lib/action-limits";

/**
 * §7 token sync (docs/decisions/011-server-sessions.md): the browser posts its Firebase ID token as a
 * bearer token after every sign-in, and DELETEs to sign out. Same origin only; rate limited.
 */

// A real browser syncs a handful of times per sign-in; this leaves room for a family behind one address.
export const TOKEN_SYNC_LIMIT = createRateLimit({ name: "token-sync", limit: 30, windowMs: 60_000, per: "address" });

export async function loader() {
  return json405();
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  sync: { does: ["write"], limits: [TOKEN_SYNC_LIMIT] },
});

export async function action({ request }: ActionFunctionArgs) {
  if (!sameOrigin(request)) return reply(403, { ok: false, reason: "cross_origin" });
  if (!(await TOKEN_SYNC_LIMIT.attempt(clientAddress(request))).ok) return reply(429, { ok: false, reason: "rate_limited" });

  if (request.method === "DELETE") {
    const setCookie = await endSession(request);
    return reply(200, { ok: true, signedIn: false }, setCookie);
  }
  if (request.method !== "POST") return json405();

  const token = /^Bearer ([A-Za-z0-9._-]{20,8192})$/.exec(request.headers.get("Authorization") ?? "")?.[1];
  if (!token) return reply(401, { ok: false, reason: "missing_token" });
  const result = await startSession(request, token);
  if (!result.ok) return reply(result.status, { ok: false, reason: result.reason });
  // The answer names whose session it is now: after a late anonymous token beside a member's session
  // (`kept`) that is the member's, and the browser adopts it.
  return reply(
    200,
    {
      ok: true,
      signedIn: true,
      uid: result.viewer.uid,
      anonymous: result.viewer.anonymous,
      carriedOver: result.carriedOverFrom !== null,
      kept: result.kept === true,
    },
    result.setCookie ?? undefined,
  );
}

/**
 * Same origin only: a browser sends Origin on every cross-site POST and DELETE, and fetch() sends it
 * on same-origin ones too, so a missing Origin is refused as well. Sec-Fetch-Site, when present, must
 * agree (it cannot be set by a page).
 */
export function sameOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (!origin || origin === "null") return false;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin") return false;
  try {
    return new URL(origin).origin === new URL(request.url).origin;
  } catch {
    return false;
  }
}

function reply(status: number, body: Record<string, unknown>, setCookie?: string) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return Response.json(body, { status, headers });
}

function json405() {
  return Response.json(
    { ok: false, reason: "method_not_allowed" },
    { status: 405, headers: { Allow: "POST, DELETE", "Cache-Control": "no-store" } },
  );
}
