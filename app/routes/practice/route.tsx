import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { EmptyState } from "~/components/empty-state";
import { PageNotices } from "~/components/page-notices";
import { PracticeFigures } from "./practice-figures";
import { AimForm, PauseForm } from "./practice-forms";
import { PracticeMilestones } from "./practice-milestones";
import { PracticeYear } from "./practice-year";
import { dayLabel } from "~/models/engagement/practice-calendar";
import { defineHandle } from "~/lib/route-handle";
import { practiceAction, practicePageData } from "./page.server";
import { practiceZone } from "~/server/practice.server";
import { requireAccess } from "~/server/viewer.server";
import { defineActionLimits } from "~/lib/action-limits";

/** Issue 27: the member's own practice: their weekly streak, their last 30 days, their year, their milestones. */
export const handle = defineHandle({ name: "practice", layout: "main", theme: "light", requiresAuth: true, localTimes: true });

export const meta: MetaFunction = () => [{ title: "Your practice · Stillhour" }, { name: "robots", content: "noindex" }];

const SAVED: Record<string, string> = {
  preferences: "Saved.",
  paused: "Your streak is paused. Weeks in the pause never count against it.",
  resumed: "The pause has ended. Your streak carries on from where it was.",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireAccess(request, handle, { context });
  const zone = await practiceZone(request, state);
  const page = await practicePageData(state.viewer.uid, zone);
  const saved = SAVED[new URL(request.url).searchParams.get("saved") ?? ""] ?? null;
  return data({ ...page, saved }, { headers: { "Cache-Control": "private, no-store" } });
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  settings: { does: ["write"], bound: "the member's one settings document, replaced; pauses one at a time and at most 90 days in any 365" },
});

export async function action({ request, context }: ActionFunctionArgs) {
  const state = await requireAccess(request, handle, { context });
  return practiceAction(request, state);
}

export default function PracticeRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const errors = actionData?.errors ?? {};
  const values: Partial<Record<"intent" | "targetDays" | "pauseDays", string>> = actionData?.values ?? {};
  const typed = (intent: string, field: "targetDays" | "pauseDays", fallback: string) =>
    values.intent === intent && typeof values[field] === "string" ? values[field] : fallback;
  return (
    <section className="section practice" aria-labelledby="practice-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">Your practice</p>
          <h1 id="practice-title">Practice</h1>
          <p>Counted on your own calendar: each day is the day it was where you were when you practised.</p>
        </header>
        <PageNotices error={errors.form} notice={page.saved ? { tone: "success", text: page.saved } : null} />
        {page.pause ? (
          <p className="notice" role="status">
            Paused until {dayLabel(page.pause.end)}. Weeks in a pause never break your streak.
          </p>
        ) : null}

        {page.hasPractice ? (
          <section aria-labelledby="streak-title">
            <h2 id="streak-title">Your weeks</h2>
            <PracticeFigures streak={page.streak} last30={page.last30} daily={page.daily} />
          </section>
        ) : (
          <EmptyState
            title="Your practice will gather here"
            message="Join a live class, finish an on-demand class or check in at a studio, and the days you practise appear here, on your own calendar."
            link={{ to: "/on-demand", label: "Find a class" }}
          />
        )}

        {page.hasPractice ? (
          <section aria-labelledby="year-title">
            <h2 id="year-title">Your year</h2>
            <PracticeYear year={page.year} />
          </section>
        ) : null}

        {page.achievementsHidden ? null : <PracticeMilestones achievements={page.achievements} />}

        <AimForm
          settings={page.settings}
          targetDays={typed("preferences", "targetDays", String(page.settings.targetDays))}
          error={errors.targetDays}
          busy={busy("preferences")}
        />

        <p>
          <Link to="/practice/companions">Practice companions</Link>: the people who join the same live classes as you, private to you.
        </p>

        <PauseForm
          pause={page.pause}
          pauseDays={typed("pause", "pauseDays", "")}
          error={errors.pauseDays}
          busy={busy(page.pause ? "resume" : "pause")}
        />
      </div>
    </section>
  );
}
