import { renderToStaticMarkup } from "react-dom/server";
import { SurveyDoneNote, SurveyPanel, isSurveyDone } from "~/components/survey-form";
import { surveyForMember } from "~/models/engagement/surveys.server";
import { safeRedirectPath } from "~/lib/navigation";
import { getViewerState } from "./viewer.server";
import { getVisitor } from "./visitor.server";

/**
 * The survey panel of a public page (issue 27, ADR 048), rendered on the server only. The panel is
 * static markup put at the very end of <body>, after everything React renders: React leaves extra
 * nodes at the end of <body> alone when it hydrates, so the panel needs no script at all, and the
 * first-load JavaScript of the surveys pages stays what it was. Visitors get nothing; so do pages
 * whose route handle does not show surveys, and any page that is not a plain 200 GET.
 */
export async function surveySlotHtml(
  request: Request,
  context: object | undefined,
  page: { status: number; surveys: boolean },
): Promise<string | null> {
  if (!page.surveys || page.status !== 200 || request.method !== "GET") return null;
  try {
    // The signed cookie says whether anyone is signed in at all; only then is the session checked
    // (the root's loader has already checked it for this request, and the check is shared).
    if (!(await getVisitor(request)).member) return null;
    const state = await getViewerState(request, context);
    if (!state || state.viewer.anonymous) return null;
    const url = new URL(request.url);
    const done = url.searchParams.get("survey");
    if (isSurveyDone(done)) return renderToStaticMarkup(<SurveyDoneNote done={done} />);
    const found = await surveyForMember({ uid: state.viewer.uid, isSubscribed: state.user.isSubscribed });
    if (!found) return null;
    const back = safeRedirectPath(`${url.pathname}${url.search}`);
    return renderToStaticMarkup(<SurveyPanel campaign={found.campaign} questions={found.questions} back={back} />);
  } catch (error) {
    // A survey never costs a member their page.
    console.warn(
      JSON.stringify({ level: "warn", msg: "survey panel skipped", error: error instanceof Error ? error.message : String(error) }),
    );
    return null;
  }
}
