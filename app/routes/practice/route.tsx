import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { PageNotices } from "~/components/page-notices";
import { FieldError, FormField, fieldIds } from "~/components/form-field";
import { PracticeFigures } from "./practice-figures";
import { PracticeYear } from "./practice-year";
import { dayLabel } from "~/models/engagement/practice-calendar";
import { MAX_PAUSE_DAYS, MAX_TARGET_DAYS } from "~/models/engagement/streak";
import { defineHandle } from "~/lib/route-handle";
import { practiceAction, practicePageData, practiceZone } from "~/server/practice.server";
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

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

export default function PracticeRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const errors = actionData?.errors ?? {};
  const values = (actionData?.values ?? {}) as Record<string, string>;
  const typed = (intent: string, field: string, fallback: string) =>
    actionData?.intent === intent && typeof values[field] === "string" ? values[field] : fallback;
  const { streak } = page;
  const target = fieldIds("targetDays", undefined, errors.targetDays);
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
            <PracticeFigures streak={streak} last30={page.last30} daily={page.daily} />
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

        {page.achievementsHidden ? null : (
          <section aria-labelledby="milestones-title">
            <h2 id="milestones-title">Milestones</h2>
            {page.achievements.length === 0 ? (
              <p>Your first class will be noted here.</p>
            ) : (
              <ul className="practice-milestones">
                {page.achievements.map((a) => (
                  <li key={a.id}>
                    <span className="practice-milestones__title">{a.title}</span>{" "}
                    <span className="practice-milestones__detail">{a.detail}</span>{" "}
                    <span className="practice-milestones__day">{dayLabel(a.day)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}

        <section className="auth-card" aria-labelledby="practice-settings-title">
          <h2 id="practice-settings-title">Your aim</h2>
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="preferences" />
            <div className="field">
              <label htmlFor={target.id}>Days a week to aim for</label>
              <select
                id={target.id}
                name="targetDays"
                defaultValue={typed("preferences", "targetDays", String(page.settings.targetDays))}
                aria-invalid={errors.targetDays ? true : undefined}
                aria-describedby={target.describedBy}
              >
                {Array.from({ length: MAX_TARGET_DAYS }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {days(n)}
                  </option>
                ))}
              </select>
              <FieldError id={target.errorId} error={errors.targetDays} />
            </div>
            <div className="field field--check">
              <input id="field-showDaily" type="checkbox" name="showDaily" defaultChecked={page.settings.showDaily} />
              <label htmlFor="field-showDaily">Also show how many days in a row</label>
            </div>
            <div className="field field--check">
              <input id="field-hideAchievements" type="checkbox" name="hideAchievements" defaultChecked={page.settings.hideAchievements} />
              <label htmlFor="field-hideAchievements">Hide milestones</label>
            </div>
            <div className="field field--check">
              <input
                id="field-shoutOuts"
                type="checkbox"
                name="shoutOuts"
                defaultChecked={page.settings.shoutOuts}
                aria-describedby="field-shoutOuts-hint"
              />
              <label htmlFor="field-shoutOuts">Let my teacher see when I reach a milestone in their class</label>
              <p id="field-shoutOuts-hint" className="field__hint">
                For a word of congratulation in class. Off unless you turn it on; only your first name and the milestone are shown.
              </p>
            </div>
            <button className="button" type="submit" disabled={busy("preferences")}>
              {busy("preferences") ? "Saving…" : "Save"}
            </button>
          </Form>
        </section>

        <p>
          <Link to="/practice/companions">Practice companions</Link>: the people who join the same live classes as you, private to you.
        </p>

        <section className="auth-card" aria-labelledby="pause-title">
          <h2 id="pause-title">Pause</h2>
          {page.pause ? (
            <Form method="post">
              <input type="hidden" name="intent" value="resume" />
              <p>Your streak is paused until {dayLabel(page.pause.end)}.</p>
              <button className="button button--secondary" type="submit" disabled={busy("resume")}>
                {busy("resume") ? "Ending the pause…" : "End the pause now"}
              </button>
            </Form>
          ) : (
            <Form method="post" noValidate>
              <input type="hidden" name="intent" value="pause" />
              <FormField
                focusOnError
                name="pauseDays"
                label="Pause my streak for how many days?"
                hint={`Up to ${MAX_PAUSE_DAYS} days, starting today: for travel, illness, a new baby, or a rest. Nothing is lost.`}
                inputMode="numeric"
                maxLength={3}
                defaultValue={typed("pause", "pauseDays", "")}
                error={errors.pauseDays}
              />
              <button className="button button--secondary" type="submit" disabled={busy("pause")}>
                {busy("pause") ? "Pausing…" : "Pause"}
              </button>
            </Form>
          )}
        </section>
      </div>
    </section>
  );
}
