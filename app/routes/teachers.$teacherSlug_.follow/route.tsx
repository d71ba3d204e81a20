import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { z } from "zod";
import { PERSONAL } from "~/lib/cache-control";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { getTeacherBySlug } from "~/models/content/teacher.server";
import { followTeacher, getFollow, unfollowTeacher } from "~/models/engagement/following.server";
import { requireAccess } from "~/server/viewer.server";
import { readSubmission } from "~/server/submission.server";
import { defineActionLimits } from "~/lib/action-limits";

/**
 * Issue 27: following a teacher, on a page of its own so the teacher's public page stays the same for
 * everyone (and cached); a visitor is sent to sign in and comes back here. Plain forms.
 */
export const handle = defineHandle({ name: "teacher-follow", layout: "main", theme: "light", requiresAuth: true });

export const meta: MetaFunction = () => [{ title: "Follow a teacher · Stillhour" }, { name: "robots", content: "noindex" }];

const SAVED: Record<string, string> = { followed: "Saved. You follow this teacher.", unfollowed: "You no longer follow this teacher." };

async function teacherOf(slug: string | undefined) {
  const teacher = slug ? await getTeacherBySlug(slug) : null;
  if (!teacher) throw notFound();
  return teacher;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const teacher = await teacherOf(params.teacherSlug);
  const state = await requireAccess(request, handle, { context });
  const follow = await getFollow(state.viewer.uid, teacher.id);
  const saved = SAVED[new URL(request.url).searchParams.get("saved") ?? ""] ?? null;
  return data(
    {
      name: teacher.fullName,
      slug: teacher.urlParam,
      following: follow !== null,
      emailOnSchedule: follow?.emailOnSchedule ?? false,
      saved,
    },
    { headers: { "Cache-Control": PERSONAL } },
  );
}

const FollowFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("follow"), emailOnSchedule: z.literal("on").optional() }),
  z.object({ intent: z.literal("unfollow") }),
]);

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  follow: { does: ["write"], bound: "one follow per member and teacher, set or removed; the counter moves in the same transaction" },
});

export async function action({ request, params, context }: ActionFunctionArgs) {
  const teacher = await teacherOf(params.teacherSlug);
  const state = await requireAccess(request, handle, { context });
  const submission = await readSubmission(request, FollowFormSchema);
  if (!submission.ok) return submission.reply;
  const form = submission.value;
  if (form.intent === "unfollow") await unfollowTeacher(state.viewer.uid, teacher.id);
  else await followTeacher(state.viewer.uid, teacher.id, form.emailOnSchedule === "on");
  return redirect(`/teachers/${teacher.urlParam}/follow?saved=${form.intent}ed`);
}

export default function FollowRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="section" aria-labelledby="follow-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">
            <Link to={`/teachers/${page.slug}`}>{page.name}</Link>
          </p>
          <h1 id="follow-title">{page.following ? `You follow ${page.name}` : `Follow ${page.name}`}</h1>
        </header>
        {page.saved ? (
          <p className="notice notice--success" role="status">
            {page.saved}
          </p>
        ) : null}
        {actionData?.errors.form ? (
          <p className="notice notice--error" role="alert">
            {actionData.errors.form}
          </p>
        ) : null}
        <Form method="post" className="auth-card stack">
          <input type="hidden" name="intent" value="follow" />
          <div className="field field--check">
            <input id="emailOnSchedule" type="checkbox" name="emailOnSchedule" defaultChecked={page.emailOnSchedule} />
            <label htmlFor="emailOnSchedule">E-mail me when {page.name} schedules a class (once per class)</label>
          </div>
          <p>
            <button className="button" type="submit">
              {page.following ? "Save" : "Follow"}
            </button>
          </p>
        </Form>
        {page.following ? (
          <Form method="post">
            <input type="hidden" name="intent" value="unfollow" />
            <button className="button button--secondary" type="submit">
              Stop following
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
