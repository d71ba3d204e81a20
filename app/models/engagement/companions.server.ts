import { createHash, createHmac } from "node:crypto";
import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import { getPrivateUser } from "~/models/identity/user.server";
import { getEnv } from "~/lib/env.server";
import {
  COMPANION_CLASSES,
  COMPANION_WINDOW_DAYS,
  CompanionInviteSchema,
  FriendshipScoreCacheSchema,
  companionLabel,
  scoresFrom,
  uniqueLabels,
  type CompanionInvite,
  type CompanionScore,
} from "./companions";
import { PracticeEntrySchema, type PracticeEntry } from "./practice-calendar";
import { PRACTICE_ENTRIES, getPracticeSettings, listPractice, updatePracticeSettings } from "./practice.server";

/**
 * Practice companions in the store (issue 27, ADR 049). `friendshipScoreCache/{uid}` keeps a member's
 * own scores for a while; `companionInvites/{pairId}` holds one invitation per pair. Nothing here
 * hands a page another member's id: each other member is known to the viewer by an opaque key (an
 * HMAC of the two ids), and only an accepted invitation turns that key into a first name.
 */

export const FRIENDSHIP_SCORE_CACHE = "friendshipScoreCache";
export const COMPANION_INVITES = "companionInvites";
/** How long a member's scores are reused before they are worked out again. */
const CACHE_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

/** The viewer's opaque, stable name for another member: it reveals nothing and only the viewer's own forms use it. */
export const companionKey = (viewer: string, other: string) =>
  createHmac("sha256", getEnv().SESSION_SECRET ?? "")
    .update(`companion\n${viewer}\n${other}`)
    .digest("base64url")
    .slice(0, 24);

/** One document per pair, whoever invited: a hash of the two ids, so the id names neither. */
export const pairId = (a: string, b: string) =>
  createHash("sha256")
    .update(`companions\n${[a, b].sort().join("\n")}`)
    .digest("hex")
    .slice(0, 40);

const isOff = async (uid: string) => (await getPracticeSettings(uid)).companionsOff;

/** Everyone's live entries for the classes `uid` joined lately (the people they practised with). */
async function classmatesOf(uid: string, now: number): Promise<{ mine: PracticeEntry[]; classmates: PracticeEntry[] }> {
  const since = now - COMPANION_WINDOW_DAYS * DAY_MS;
  const mine = (await listPractice(uid)).filter((e) => e.source === "live" && e.at >= since).slice(-COMPANION_CLASSES);
  const classmates = await Promise.all(
    mine.map(async (e) =>
      (
        await getStore().query(PRACTICE_ENTRIES, PracticeEntrySchema, {
          where: [{ field: "classRef", op: "==", value: e.classRef }],
          limit: 500,
        })
      ).docs.map((d) => d.data),
    ),
  );
  return { mine, classmates: classmates.flat() };
}

/**
 * The member's companions, from their cache while it is fresh; whoever has opted out since is left
 * out at once, as is everyone when the member themselves has.
 */
export async function companionScores(uid: string, now = Date.now()): Promise<CompanionScore[]> {
  if (await isOff(uid)) return [];
  const cache = await getStore().get(FRIENDSHIP_SCORE_CACHE, uid, FriendshipScoreCacheSchema);
  let scores = cache && now - cache.computedAt < CACHE_MS && cache.computedAt <= now ? cache.scores : null;
  if (!scores) {
    const { mine, classmates } = await classmatesOf(uid, now);
    const others = [...new Set(classmates.map((e) => e.uid).filter((u) => u !== uid))];
    const off = new Set((await Promise.all(others.map(async (o) => ((await isOff(o)) ? o : null)))).filter((o): o is string => o !== null));
    scores = scoresFrom(uid, mine, classmates, off);
    await getStore().set(FRIENDSHIP_SCORE_CACHE, uid, { uid, computedAt: now, scores });
  }
  const flags = await Promise.all(scores.map((s) => isOff(s.uid)));
  return scores.filter((_, i) => !flags[i]);
}

/** The invitations that involve `uid`, keyed by the other member. */
async function invitesOf(uid: string): Promise<Map<string, CompanionInvite>> {
  const [sent, received] = await Promise.all([
    documentsWhere(COMPANION_INVITES, "from", uid, CompanionInviteSchema),
    documentsWhere(COMPANION_INVITES, "to", uid, CompanionInviteSchema),
  ]);
  const byOther = new Map<string, CompanionInvite>();
  for (const { data } of [...sent, ...received]) byOther.set(data.from === uid ? data.to : data.from, data);
  return byOther;
}

export type CompanionState = "none" | "invited" | "together";

export interface CompanionsPage {
  optedOut: boolean;
  /** How many people practised with the member often (those who opted out are never counted). */
  count: number;
  companions: { key: string; label: string; shared: number; state: CompanionState; name: string | null }[];
  /** Invitations waiting for the member's answer: still anonymous. */
  incoming: { key: string; label: string }[];
}

/** Everything the member's companions page shows; no other member's id, and a name only once both said yes. */
export async function companionsPage(uid: string, now = Date.now()): Promise<CompanionsPage> {
  if (await isOff(uid)) return { optedOut: true, count: 0, companions: [], incoming: [] };
  const [scores, invites] = await Promise.all([companionScores(uid, now), invitesOf(uid)]);
  const labelled = scores.map((s) => ({ ...s, label: companionLabel(s.lastAt, s.lastZone, s.lastTitle) }));
  const labelOf = new Map(labelled.map((s) => [s.uid, s.label]));
  const pendingToMe = [...invites.entries()].filter(([, i]) => i.status === "pending" && i.to === uid).map(([other]) => other);
  const visibleIncoming = (await Promise.all(pendingToMe.map(async (other) => ((await isOff(other)) ? null : other)))).filter(
    (o): o is string => o !== null,
  );
  const listed = labelled.filter((s) => !visibleIncoming.includes(s.uid));
  const labels = uniqueLabels([
    ...listed.map((s) => s.label),
    ...visibleIncoming.map((o) => labelOf.get(o) ?? "someone you have practised with"),
  ]);
  const companions = await Promise.all(
    listed.map(async (s, i) => {
      const invite = invites.get(s.uid);
      const state: CompanionState = invite?.status === "accepted" ? "together" : invite?.from === uid ? "invited" : "none";
      const name = state === "together" ? ((await getPrivateUser(s.uid))?.firstName ?? "A fellow member") : null;
      return { key: companionKey(uid, s.uid), label: labels[i], shared: s.shared, state, name };
    }),
  );
  const incoming = visibleIncoming.map((other, i) => ({ key: companionKey(uid, other), label: labels[listed.length + i] }));
  return { optedOut: false, count: scores.length, companions, incoming };
}

/** The other member behind the viewer's key: one of their companions, or someone whose invitation waits for them. */
async function otherBehind(uid: string, key: string, now: number): Promise<string | null> {
  const [scores, invites] = await Promise.all([companionScores(uid, now), invitesOf(uid)]);
  const candidates = [...scores.map((s) => s.uid), ...invites.keys()];
  return candidates.find((other) => companionKey(uid, other) === key) ?? null;
}

export type CompanionResult = { ok: true; done: "invited" | "together" | "declined" | "unchanged" } | { ok: false; message: string };

const GONE = "That person is no longer on your list.";

/** Invites a companion; an invitation already waiting from them is accepted instead (both said yes). */
export async function inviteCompanion(uid: string, key: string, now = Date.now()): Promise<CompanionResult> {
  if (await isOff(uid)) return { ok: false, message: "Turn companions back on to invite someone." };
  const other = await otherBehind(uid, key, now);
  if (!other || !(await companionScores(uid, now)).some((s) => s.uid === other) || (await isOff(other)))
    return { ok: false, message: GONE };
  const id = pairId(uid, other);
  return getStore().transaction(async (tx) => {
    const current = await tx.get(COMPANION_INVITES, id, CompanionInviteSchema);
    if (!current || (current.status === "declined" && current.to === uid)) {
      tx.set(COMPANION_INVITES, id, { from: uid, to: other, status: "pending", createdAt: now, respondedAt: null });
      return { ok: true, done: "invited" } as const;
    }
    if (current.status === "pending" && current.to === uid) {
      tx.set(COMPANION_INVITES, id, { ...current, status: "accepted", respondedAt: now });
      return { ok: true, done: "together" } as const;
    }
    // Already invited, already together, or declined by them (which the inviter is never told).
    return { ok: true, done: "unchanged" } as const;
  });
}

/** Answers an invitation waiting for the member: yes shows both first names, no is never reported to the inviter. */
export async function answerInvite(uid: string, key: string, answer: "accept" | "decline", now = Date.now()): Promise<CompanionResult> {
  if (await isOff(uid)) return { ok: false, message: "Turn companions back on to answer an invitation." };
  const other = await otherBehind(uid, key, now);
  if (!other || (await isOff(other))) return { ok: false, message: GONE };
  const id = pairId(uid, other);
  return getStore().transaction(async (tx) => {
    const current = await tx.get(COMPANION_INVITES, id, CompanionInviteSchema);
    if (!current || current.status !== "pending" || current.to !== uid) return { ok: true, done: "unchanged" } as const;
    tx.set(COMPANION_INVITES, id, { ...current, status: answer === "accept" ? "accepted" : "declined", respondedAt: now });
    return { ok: true, done: answer === "accept" ? "together" : "declined" } as const;
  });
}

/** Opting out leaves the member off every list at once and ends their invitations and companionships, both sides. */
export async function setCompanionsOff(uid: string, off: boolean, now = Date.now()): Promise<void> {
  await updatePracticeSettings(uid, (current) => ({ ...current, companionsOff: off }), now);
  if (off) await forgetCompanions(uid);
}

/**
 * Deletes the member's score cache, the caches of everyone they shared classes with (which may hold
 * their id; those are worked out again without them), and every invitation they are part of. Runs
 * when a member opts out, and when an account is deleted (before its practice record goes).
 */
export async function forgetCompanions(uid: string): Promise<void> {
  const store = getStore();
  const { classmates } = await classmatesOf(uid, Date.now());
  for (const other of new Set(classmates.map((e) => e.uid))) await store.delete(FRIENDSHIP_SCORE_CACHE, other);
  await store.delete(FRIENDSHIP_SCORE_CACHE, uid);
  for (const field of ["from", "to"]) {
    for (const { id } of await documentsWhere(COMPANION_INVITES, field, uid)) await store.delete(COMPANION_INVITES, id);
  }
}
