import type { ActionFunctionArgs } from "@remix-run/node";
import { readTimeZoneForm, saveTimeZone } from "~/server/time-zone.server";
import { defineActionLimits } from "~/lib/action-limits";

/**
 * Issue 9: the browser reports its own time zone here once per tab (source "browser"). Answers 204,
 * with `X-Time-Zone-Changed: 1` when the page should load its data again. A zone the visitor chose
 * on /preferences/time-zone is never replaced.
 */
export async function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  zone: { does: ["write"], bound: "one zone on the session and the member's record, replaced; nothing accumulates" },
});

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await readTimeZoneForm(request);
  if (!submission.ok) {
    // The refusal's one shape (ADR 060), as JSON: the report comes from a script, not a page.
    const { data: refusal, init } = submission.reply;
    return Response.json(refusal, { status: init?.status ?? 400, headers: { "Cache-Control": "no-store" } });
  }
  const setCookie = await saveTimeZone(request, context, submission.value);
  const headers = new Headers({ "Cache-Control": "no-store", "X-Time-Zone-Changed": setCookie ? "1" : "0" });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return new Response(null, { status: 204, headers });
}
