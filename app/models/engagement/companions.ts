import { z } from "zod";
import type { PracticeEntry } from "./practice-calendar";
import { FALLBACK_TIME_ZONE } from "~/models/identity/user";

/**
 * Practice companions, the spec's friendship score (issue 27, ADR 049): the people who joined the
 * same live classes as a member. Only that member sees the figure; the others are described by a
 * class they shared ("someone from Tuesday's 7 am Morning Breath"), never by name, until one invites
 * and the other accepts. A member who opts out is neither counted nor listed for anyone.
 */

/** Shared live classes that make someone a companion ("practised with you often"). */
export const COMPANION_OFTEN = 2;
/** How far back shared classes count. */
export const COMPANION_WINDOW_DAYS = 365;
/** Live classes of the member's own that are looked at (the most recent). */
export const COMPANION_CLASSES = 120;
/** Companions kept in the cache and shown. */
export const COMPANION_LIMIT = 12;

/** One other member's score, from the viewer's side: how many live classes they shared, and the latest. */
export const CompanionScoreSchema = z.object({
  uid: z.string().min(1),
  shared: z.number().int().min(1),
  lastClassId: z.string().min(1),
  lastTitle: z.string().default(""),
  /** When the viewer joined that class, and the zone they were in (for the label). */
  lastAt: z.number().int(),
  lastZone: z.string().min(1),
});
export type CompanionScore = z.infer<typeof CompanionScoreSchema>;

/** `friendshipScoreCache/{uid}`: the member's own scores, private to them, recomputed when stale. */
export const FriendshipScoreCacheSchema = z.object({
  uid: z.string().min(1),
  computedAt: z.number().int(),
  scores: z.array(CompanionScoreSchema).max(COMPANION_LIMIT),
});
export type FriendshipScoreCache = z.infer<typeof FriendshipScoreCacheSchema>;

export const INVITE_STATES = ["pending", "accepted", "declined"] as const;

/** `companionInvites/{pairId}`: one per pair of members (the id is a hash of the pair, so it names neither). */
export const CompanionInviteSchema = z.object({
  from: z.string().min(1),
  to: z.string().min(1),
  status: z.enum(INVITE_STATES),
  createdAt: z.number().int(),
  respondedAt: z.number().int().nullable().default(null),
});
export type CompanionInvite = z.infer<typeof CompanionInviteSchema>;

/**
 * The scores of `uid` from their own live entries (`mine`) and everyone's entries for those classes
 * (`classmates`): people with at least `COMPANION_OFTEN` shared classes, most shared first.
 */
export function scoresFrom(
  uid: string,
  mine: PracticeEntry[],
  classmates: PracticeEntry[],
  optedOut: ReadonlySet<string> = new Set(),
): CompanionScore[] {
  const myClass = new Map(mine.filter((e) => e.uid === uid && e.source === "live").map((e) => [e.classRef, e]));
  const byOther = new Map<string, { classes: Set<string>; last: PracticeEntry }>();
  for (const entry of classmates) {
    if (entry.source !== "live" || entry.uid === uid || optedOut.has(entry.uid)) continue;
    const own = myClass.get(entry.classRef);
    if (!own) continue;
    const seen = byOther.get(entry.uid) ?? { classes: new Set<string>(), last: own };
    seen.classes.add(entry.classRef);
    if (own.at > seen.last.at) seen.last = own;
    byOther.set(entry.uid, seen);
  }
  return [...byOther.entries()]
    .filter(([, s]) => s.classes.size >= COMPANION_OFTEN)
    .map(([other, s]) => ({
      uid: other,
      shared: s.classes.size,
      lastClassId: s.last.classRef,
      lastTitle: s.last.title,
      lastAt: s.last.at,
      lastZone: s.last.zone,
    }))
    .sort((a, b) => b.shared - a.shared || b.lastAt - a.lastAt || a.uid.localeCompare(b.uid))
    .slice(0, COMPANION_LIMIT);
}

/** "someone from Tuesday's 7 am Morning Breath": the class, on the viewer's clock then; it names nobody. */
export function companionLabel(at: number, zone: string, title: string): string {
  const safeZone = (() => {
    try {
      new Intl.DateTimeFormat("en-GB", { timeZone: zone });
      return zone;
    } catch {
      return FALLBACK_TIME_ZONE;
    }
  })();
  const parts = new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
    timeZone: safeZone,
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const minute = part("minute");
  const time = `${part("hour")}${minute && minute !== "00" ? `:${minute}` : ""} ${part("dayPeriod").toLowerCase()}`;
  return `someone from ${part("weekday")}'s ${time} ${title || "class"}`.trim();
}

/** Labels made unique on one page: the second "someone from …" of the same class gets "(2)". */
export function uniqueLabels(labels: string[]): string[] {
  const seen = new Map<string, number>();
  return labels.map((label) => {
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    return n === 1 ? label : `${label} (${n})`;
  });
}

const checkbox = z
  .enum(["on", "true", ""])
  .optional()
  .transform((v) => v === "on" || v === "true");
const key = z
  .string({ required_error: "That person is no longer on your list." })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "That person is no longer on your list.");

/** The companions page's forms, told apart by `intent`; `key` is the viewer's own opaque name for the other member. */
export const CompanionFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite"), key }),
  z.object({ intent: z.literal("accept"), key }),
  z.object({ intent: z.literal("decline"), key }),
  z.object({ intent: z.literal("visibility"), companionsOff: checkbox }),
]);
export type CompanionForm = z.infer<typeof CompanionFormSchema>;
