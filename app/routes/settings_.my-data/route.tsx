import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { defineActionLimits } from "~/lib/action-limits";
import { readSubmission } from "~/server/submission.server";
import { defineHandle } from "~/lib/route-handle";
import { createRateLimit } from "~/platform/rate-limit.server";
import { memberDataZip } from "~/models/privacy/data-export.server";
import { readerZone } from "~/server/reader-zone.server";
import { endSession, hasRecentSignIn, requireAccess } from "~/server/viewer.server";

/**
 * "Download my data" (issue 35; GDPR Art. 15 and 20; docs/decisions/055-one-data-inventory.md): a
 * plain form on /settings posts here and the answer is the zip itself, so it works without
 * JavaScript and the browser stays on the settings page. It asks for the same recent sign-in as
 * deleting the account (the zip holds everything about the person), and it is rate limited. A
 * refusal goes back to the settings section with its sentence (`?data=` names it).
 */
export const handle = defineHandle({ name: "settings-my-data", requiresAuth: true, localTimes: true });

/** This action's limit: a full read of everything about a member is not for a loop. */
export const DATA_EXPORT_LIMIT = { name: "data-export", limit: 3, windowMs: 60 * 60 * 1000, per: "account" } as const;
const dataExportLimit = createRateLimit(DATA_EXPORT_LIMIT);

export const actionLimits = defineActionLimits({
  post: { does: [], limits: [dataExportLimit] },
});

const FormSchema = z.object({ intent: z.enum(["download", "sign-in-again"]) });

export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = await requireAccess(request, handle, { context });
  // A refusal goes back to the settings section, which has the sentence (a body it could not read too).
  const submission = await readSubmission(request, FormSchema);
  if (!submission.ok) return redirect("/settings?data=bad_request#data");
  if (submission.value.intent === "sign-in-again") {
    // Signs out here only (other devices keep their sessions) and comes back to the download after.
    return redirect(`/sign-in?next=${encodeURIComponent("/settings#data")}`, {
      headers: { "Set-Cookie": await endSession(request, { revoke: false }) },
    });
  }
  if (!hasRecentSignIn(viewer)) return redirect("/settings?data=sign_in_again_export#data");
  if (!(await dataExportLimit.attempt(viewer.uid)).ok) return redirect("/settings?data=data_export_limited#data");
  const { zip, filename } = await memberDataZip(viewer.uid, await readerZone(request, context));
  return new Response(new Uint8Array(zip), {
    status: 200,
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Content-Length": String(zip.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The address itself is only a form's target: a visit goes to the settings section. */
export function loader() {
  return redirect("/settings#data");
}
