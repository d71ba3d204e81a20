import type { ActionFunctionArgs } from "@remix-run/node";
import { collectUpload, ANALYTICS_UPLOAD_LIMIT } from "./collector.server";
import { defineActionLimits } from "~/lib/action-limits";

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  upload: { does: ["write"], limits: [ANALYTICS_UPLOAD_LIMIT] },
});

/** Issue 13: the embedded analytics collector (app/routes/api.analytics/collector.server.ts). POST only. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ code: 405, error: "POST an upload." }, { status: 405, headers: { Allow: "POST" } });
  const result = await collectUpload(request);
  return Response.json(result.body, { status: result.status, headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return Response.json({ code: 405, error: "POST an upload." }, { status: 405, headers: { Allow: "POST" } });
}
