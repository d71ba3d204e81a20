/**
 * Which §4 on-demand video events a viewing has earned (issue 10): Started on the first play,
 * Mostly_Completed once MOSTLY_COMPLETED_SHARE of the class has actually been played, Completed when
 * playback reaches the end after that. Each at most once per viewing; playing again after the end
 * begins a new viewing. Only time really played counts: a seek forward, even past the end, earns
 * nothing, and watching a part twice (scrubbing back, a replayed minute) counts it once.
 */

export const MOSTLY_COMPLETED_SHARE = 0.9;
/** The player's speeds; the fastest bounds how quickly a viewing can cover a class (watch-history.ts). */
export const PLAYBACK_SPEEDS = [0.75, 1, 1.25, 1.5] as const;
export const MAX_PLAYBACK_RATE = Math.max(...PLAYBACK_SPEEDS);
/** A gap between two time reports larger than this (in media seconds) is a seek, not playback. */
const MAX_STEP_SECONDS = 2.5;

export type ViewingEvent = "Started" | "Mostly_Completed" | "Completed";

export interface ViewingState {
  viewing: number;
  sent: ViewingEvent[];
  /** Played ranges, sorted and merged, in seconds. */
  played: Array<[number, number]>;
  last: number | null;
  ended: boolean;
}

export type PlayerSignal =
  { type: "play"; at: number } | { type: "time"; at: number; rate?: number } | { type: "seek"; at: number } | { type: "ended"; at: number };

export function initialViewing(): ViewingState {
  return { viewing: 0, sent: [], played: [], last: null, ended: false };
}

function addRange(ranges: Array<[number, number]>, from: number, to: number): Array<[number, number]> {
  const all = [...ranges, [from, to] as [number, number]].sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of all) {
    const previous = merged[merged.length - 1];
    if (previous && start <= previous[1] + 0.01) previous[1] = Math.max(previous[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

export function playedSeconds(state: Pick<ViewingState, "played">): number {
  return state.played.reduce((sum, [start, end]) => sum + (end - start), 0);
}

/** Applies one signal from the media element; returns the new state and the events to send now. */
export function trackViewing(
  state: ViewingState,
  signal: PlayerSignal,
  durationSeconds: number,
): { state: ViewingState; events: ViewingEvent[] } {
  let next: ViewingState = state;
  const at = Math.max(0, Math.min(Number.isFinite(signal.at) ? signal.at : 0, durationSeconds));
  if (signal.type === "play") {
    // Playing again after the end is a new viewing: everything may be earned again.
    if (state.ended) next = { ...initialViewing(), viewing: state.viewing + 1 };
    next = { ...next, last: at };
    return earn(next, next.sent.includes("Started") ? [] : ["Started"]);
  }
  if (signal.type === "seek") return { state: { ...state, last: at }, events: [] };
  if (state.ended) return { state, events: [] };
  // "time" and "ended": count the stretch since the last report if it was ordinary playback.
  const rate = signal.type === "time" && signal.rate && signal.rate > 0 ? signal.rate : 1;
  if (state.last !== null && at > state.last && at - state.last <= MAX_STEP_SECONDS * Math.max(1, rate)) {
    next = { ...state, played: addRange(state.played, state.last, at) };
  }
  next = { ...next, last: at };
  const candidates: ViewingEvent[] = [];
  if (playedSeconds(next) >= MOSTLY_COMPLETED_SHARE * durationSeconds) candidates.push("Mostly_Completed");
  if (signal.type === "ended") {
    next = { ...next, ended: true };
    if (candidates.includes("Mostly_Completed")) candidates.push("Completed");
  }
  return earn(next, candidates);
}

function earn(state: ViewingState, candidates: ViewingEvent[]) {
  const events = candidates.filter((event) => !state.sent.includes(event));
  return { state: events.length ? { ...state, sent: [...state.sent, ...events] } : state, events };
}

/** §4 on-demand video progress, once per viewing (this module says when). */
export interface OnDemandVideoProperties {
  classSlug: string;
  seriesSlug: string | null;
  viewing: string;
  position: number;
  durationSeconds: number;
}
export type OnDemandVideoEvent =
  | { name: "On_Demand_Video_Started"; properties: OnDemandVideoProperties }
  | { name: "On_Demand_Video_Mostly_Completed"; properties: OnDemandVideoProperties }
  | { name: "On_Demand_Video_Completed"; properties: OnDemandVideoProperties };
