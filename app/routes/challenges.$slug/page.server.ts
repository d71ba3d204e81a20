import { redirect } from "@remix-run/node";
import { z } from "zod";
import { getTeachersByIds } from "~/models/content/teacher.server";
import { listAchievements } from "~/models/engagement/achievements.server";
import {
  classesInMonth,
  monthLabel,
  monthOf,
  progressLabel,
  progressOf,
  runsIn,
  tierAchievementId,
  type Challenge,
} from "~/models/engagement/challenges";
import { getChallenge, joinChallenge, joinedCount, leaveChallenge, listUserChallenges } from "~/models/engagement/challenges.server";
import { localDay } from "~/models/engagement/practice-calendar";
import { listPractice } from "~/models/engagement/practice.server";
import { tiersLabel } from "~/server/challenges.server";
import { practiceZone } from "~/server/practice.server";
import { readerZone } from "~/server/reader-zone.server";
import { FALLBACK_TIME_ZONE } from "~/models/identity/user";
import { readSubmission, refuse } from "~/server/submission.server";
import { getViewerState, requireAccess, type ViewerState } from "~/server/viewer.server";

/**
 * One challenge's splash (issue 27, ADR 046) with the member's round in it. A visitor sees the same
 * page as everyone in their zone (shared per zone, this month counted in the reader's month); a member's page carries their own
 * month, progress and history and is never stored.
 */

export async function challengePageData(request: Request, context: object, slug: string, now = Date.now()) {
  const challenge = await getChallenge(slug);
  if (!challenge) return null;
  const state = await getViewerState(request, context);
  const member = state && !state.viewer.anonymous ? state : null;
  // The reader's month: a member's session or record zone, a visitor's reported one, else Greenwich.
  const zone = (await readerZone(request, context)) ?? FALLBACK_TIME_ZONE;
  const month = monthOf(localDay(now, zone));
  const [teachers, joined] = await Promise.all([getTeachersByIds(challenge.teacherIds), joinedCount(challenge.slug, month)]);
  const base = {
    slug: challenge.slug,
    title: challenge.title,
    summary: challenge.summary,
    description: challenge.description,
    tiers: challenge.tiers,
    tiersLabel: tiersLabel(challenge.tiers),
    membersOnly: challenge.membersOnly,
    running: runsIn(challenge, month),
    month: monthLabel(month),
    joined,
    teachers: teachers.map((t) => ({ name: t.fullName, href: `/teachers/${t.urlParam}` })),
  };
  if (!member) return { ...base, personal: false as const, mine: null, history: [] };
  const [rounds, entries, achievements] = await Promise.all([
    listUserChallenges(member.viewer.uid),
    listPractice(member.viewer.uid),
    listAchievements(member.viewer.uid),
  ]);
  const ofThis = rounds.filter((r) => r.challengeSlug === challenge.slug);
  const current = ofThis.find((r) => r.month === month) ?? null;
  const held = new Set(achievements.map((a) => a.achievementId));
  const mine =
    current && current.leftAt === null
      ? (() => {
          const progress = progressOf(challenge.tiers, classesInMonth(entries, month));
          return {
            month: current.month,
            progress: progressLabel(progress),
            done: progress.done,
            reached: progress.reached
              .filter((t) => held.has(tierAchievementId(challenge.slug, month, t)))
              .map((t) => `${challenge.title}: ${t} classes`),
          };
        })()
      : null;
  const history = ofThis
    .filter((r) => r !== current || r.leftAt !== null)
    .map((r) => {
      const count = r.countAtLeaving ?? classesInMonth(entries, r.month);
      return {
        month: monthLabel(r.month),
        progress: progressLabel(progressOf(challenge.tiers, count)),
        left: r.leftAt !== null,
        tiers: r.tiersReached,
      };
    });
  return { ...base, personal: true as const, mine, history, subscribed: member.user.isSubscribed };
}

const ChallengeFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("join") }),
  z.object({ intent: z.literal("leave"), month: z.string().regex(/^\d{4}-\d{2}$/, "That round is not one you can leave.") }),
]);

/**
 * Join or leave. A visitor is sent to sign in and back here (ADR 030's return address), a member
 * without a membership to subscribe and back when the challenge is for members; then post/redirect/get.
 */
export async function challengeAction(request: Request, context: object, challenge: Challenge) {
  const path = `/challenges/${challenge.slug}`;
  const state = await requireAccess(request, { requiresAuth: true }, { context });
  const submission = await readSubmission(request, ChallengeFormSchema);
  if (!submission.ok) return submission.reply;
  const form = submission.value;
  const uid = state.viewer.uid;
  if (form.intent === "leave") {
    await leaveChallenge(uid, challenge.slug, form.month, await listPractice(uid));
    return redirect(`${path}?saved=left`);
  }
  if (challenge.membersOnly && !state.user.isSubscribed) return redirect(`/subscribe?next=${encodeURIComponent(path)}`);
  if (!(await joinRound(request, state, challenge))) return refuse({ form: "This challenge is not running this month." }, {}, 409);
  return redirect(`${path}?saved=joined`);
}

/** Opens the member's round of `challenge` this month on their own calendar; false when it is not running. */
async function joinRound(request: Request, state: ViewerState, challenge: Challenge): Promise<boolean> {
  const uid = state.viewer.uid;
  const result = await joinChallenge(uid, challenge, await listPractice(uid), await practiceZone(request, state));
  return result.ok;
}
