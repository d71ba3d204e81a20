import type { LoaderFunctionArgs } from "@remix-run/node";
import { answersCsv } from "~/models/engagement/surveys";
import { answersTo, getCampaign } from "~/models/engagement/surveys.server";
import { notFound } from "~/lib/errors";
import { requireStaff } from "~/server/staff-access.server";

/** Issue 27 (ADR 048): a survey's answers as CSV, one row per answer, without who gave them. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "surveys");
  const found = await getCampaign(params.id ?? "");
  if (!found) throw notFound();
  const csv = answersCsv(found.questions, await answersTo(found.campaign.id));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${found.campaign.id}-answers.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
