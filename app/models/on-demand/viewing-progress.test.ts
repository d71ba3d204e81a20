import { describe, expect, it } from "vitest";
import {
  MOSTLY_COMPLETED_SHARE,
  initialViewing,
  playedSeconds,
  trackViewing,
  type PlayerSignal,
  type ViewingEvent,
  type ViewingState,
} from "./viewing-progress";

const DURATION = 100;

/** Feeds signals in order; returns every event earned, in order, and the final state. */
function feed(signals: PlayerSignal[], start: ViewingState = initialViewing()) {
  let state = start;
  const events: ViewingEvent[] = [];
  for (const signal of signals) {
    const result = trackViewing(state, signal, DURATION);
    state = result.state;
    events.push(...result.events);
  }
  return { state, events };
}

/** Time reports every half second from `from` to `to`, as a playing element sends them. */
function play(from: number, to: number): PlayerSignal[] {
  const out: PlayerSignal[] = [];
  for (let t = from + 0.5; t <= to + 1e-9; t += 0.5) out.push({ type: "time", at: Math.round(t * 10) / 10 });
  return out;
}

describe("on-demand video events (§4)", () => {
  it("sends Started on the first play, Mostly_Completed at the set share, Completed at the end, each once", () => {
    const { events } = feed([{ type: "play", at: 0 }, ...play(0, DURATION), { type: "ended", at: DURATION }]);
    expect(events).toEqual(["Started", "Mostly_Completed", "Completed"]);
  });

  it("earns Mostly_Completed exactly when the share played crosses the threshold", () => {
    const before = feed([{ type: "play", at: 0 }, ...play(0, MOSTLY_COMPLETED_SHARE * DURATION - 1)]);
    expect(before.events).toEqual(["Started"]);
    const after = feed(play(MOSTLY_COMPLETED_SHARE * DURATION - 1, MOSTLY_COMPLETED_SHARE * DURATION), before.state);
    expect(after.events).toEqual(["Mostly_Completed"]);
  });

  it("pausing and playing again in the same viewing does not send Started twice", () => {
    const { events } = feed([{ type: "play", at: 0 }, ...play(0, 10), { type: "play", at: 10 }, ...play(10, 20), { type: "play", at: 20 }]);
    expect(events).toEqual(["Started"]);
  });

  it("seeking past the end earns neither Mostly_Completed nor Completed", () => {
    const { events, state } = feed([
      { type: "play", at: 0 },
      ...play(0, 5),
      { type: "seek", at: 150 },
      { type: "time", at: DURATION },
      { type: "ended", at: DURATION },
    ]);
    expect(events).toEqual(["Started"]);
    expect(playedSeconds(state)).toBeCloseTo(5, 5);
  });

  it("a jump forward during playback counts as a seek, not as time watched", () => {
    const { state } = feed([{ type: "play", at: 0 }, ...play(0, 10), { type: "time", at: 60 }, ...play(60, 65)]);
    expect(playedSeconds(state)).toBeCloseTo(15, 5);
  });

  it("scrubbing backwards and watching a part again counts it once", () => {
    const { state, events } = feed([
      { type: "play", at: 0 },
      ...play(0, 50),
      { type: "seek", at: 10 },
      ...play(10, 50),
      { type: "seek", at: 0 },
      ...play(0, 50),
    ]);
    expect(playedSeconds(state)).toBeCloseTo(50, 5);
    expect(events).toEqual(["Started"]);
  });

  it("a replay after the end is a new viewing that earns everything again", () => {
    const first = feed([{ type: "play", at: 0 }, ...play(0, DURATION), { type: "ended", at: DURATION }]);
    const second = feed(
      [{ type: "seek", at: 0 }, { type: "play", at: 0 }, ...play(0, DURATION), { type: "ended", at: DURATION }],
      first.state,
    );
    expect(second.events).toEqual(["Started", "Mostly_Completed", "Completed"]);
    expect(second.state.viewing).toBe(first.state.viewing + 1);
  });

  it("reports after the end, before a new play, earn nothing", () => {
    const first = feed([{ type: "play", at: 0 }, ...play(0, DURATION), { type: "ended", at: DURATION }]);
    const after = feed(
      [
        { type: "time", at: DURATION },
        { type: "ended", at: DURATION },
      ],
      first.state,
    );
    expect(after.events).toEqual([]);
  });

  it("faster playback still counts as playback", () => {
    const signals: PlayerSignal[] = [{ type: "play", at: 0 }];
    for (let t = 1; t <= DURATION; t += 1) signals.push({ type: "time", at: t, rate: 1.5 });
    signals.push({ type: "ended", at: DURATION });
    expect(feed(signals).events).toEqual(["Started", "Mostly_Completed", "Completed"]);
  });

  it("ignores nonsense times rather than counting them", () => {
    const { state } = feed([
      { type: "play", at: 0 },
      { type: "time", at: Number.NaN },
      { type: "time", at: -5 },
      { type: "time", at: 1e9 },
    ]);
    expect(playedSeconds(state)).toBe(0);
  });
});
