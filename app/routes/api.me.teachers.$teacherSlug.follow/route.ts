import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getTeacherBySlug } from "~/models/content/teacher.server";
import { FollowInPlaceSchema, type FollowState } from "~/models/engagement/following";
import { followTeacher, followerCount, getFollow, unfollowTeacher } from "~/models/engagement/following.server";
import { PERSONAL } from "~/lib/cache-control";
import { notFound } from "~/lib/errors";
import { defineActionLimits } from "~/lib/action-limits";
import { parseFields } from "~/lib/forms/submission";
import { readRouteForm } from "~/server/body-limits.server";
import { getViewer } from "~/server/viewer.server";

/**
 * Issue 34: whether the signed-in member follows a teacher, for the teacher's page, which is the same
 * for everyone and cached (ADR 005, 009, 042): the page asks here after it has loaded, and follows or
 * stops following here in place. Personal, so never stored anywhere. Visitors are told only the count;
 * without JavaScript the page's link leads to /teachers/:slug/follow, which does the same with forms.
 */

async function teacherOf(slug: string | undefined) {
  const teacher = slug ? await getTeacherBySlug(slug) : null;
  if (!teacher) throw notFound();
  return teacher;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const teacher = await teacherOf(params.teacherSlug);
  const viewer = await getViewer(request);
  const member = viewer && !viewer.anonymous ? viewer : null;
  const [follow, followers] = await Promise.all([member ? getFollow(member.uid, teacher.id) : null, followerCount(teacher.id)]);
  const state: FollowState = {
    signedIn: member !== null,
    following: follow !== null,
    emailOnSchedule: follow?.emailOnSchedule ?? false,
    followers,
  };
  return answer(state);
}

export const actionLimits = defineActionLimits({
  follow: { does: ["write"], bound: "one follow per member and teacher, set or removed; the counter moves in the same transaction" },
  unfollow: { does: ["write"], bound: "one follow per member and teacher, set or removed; the counter moves in the same transaction" },
});

export async function action({ request, params }: ActionFunctionArgs) {
  const teacher = await teacherOf(params.teacherSlug);
  const viewer = await getViewer(request);
  if (!viewer || viewer.anonymous) return answer({ ok: false, error: "Please sign in to follow a teacher." }, 401);
  const body = await readRouteForm(request);
  if (!body.ok) return answer({ ok: false, error: body.message }, body.status);
  // The page's script reads `error` (JSON, not a form page): a wrong intent keeps its own sentence.
  const parsed = parseFields(FollowInPlaceSchema, body.formData);
  if (!parsed.ok) return answer({ ok: false, error: "Choose to follow or to stop following." }, 400);
  if (parsed.value.intent === "unfollow") await unfollowTeacher(viewer.uid, teacher.id);
  // Following from the teacher's page keeps an e-mail choice made before; a new follow starts without e-mails.
  else await followTeacher(viewer.uid, teacher.id, (await getFollow(viewer.uid, teacher.id))?.emailOnSchedule ?? false);
  const [follow, followers] = await Promise.all([getFollow(viewer.uid, teacher.id), followerCount(teacher.id)]);
  const state: FollowState = { signedIn: true, following: follow !== null, emailOnSchedule: follow?.emailOnSchedule ?? false, followers };
  return answer({ ok: true, ...state });
}

/** JSON for the page's script, never stored anywhere (it is one person's). */
function answer(body: FollowState | (FollowState & { ok: true }) | { ok: false; error: string }, status = 200): Response {
  return Response.json(body, { status, headers: { "Cache-Control": PERSONAL } });
}
