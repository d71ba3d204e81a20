import { describe, expect, it } from "vitest";
import {
  MAX_UNANSWERED_SHOWINGS,
  SURVEY_WINDOW_MS,
  UserSurveysSchema,
  answersCsv,
  armFor,
  decideSurvey,
  readAnswers,
  summarizeAnswers,
  withShowing,
  type SurveyAnswer,
  type SurveyCampaign,
  type SurveyQuestion,
} from "./surveys";

const campaign = (id: string, createdAt: number, audience: SurveyCampaign["audience"] = "everyone"): SurveyCampaign => ({
  id,
  title: id,
  intro: "",
  audience,
  active: true,
  createdAt,
  questionIds: [`${id}__q1`],
});
const A = campaign("a", 1);
const B = campaign("b", 2);
const DAY = 86_400_000;
const shown = (overrides: Partial<ReturnType<typeof UserSurveysSchema.parse>> = {}) => ({
  ...UserSurveysSchema.parse({ arm: "show-surveys" }),
  ...overrides,
});

describe("which survey a member sees", () => {
  it("shows nothing in the no-surveys arm or after 'No more surveys'", () => {
    expect(decideSurvey(UserSurveysSchema.parse({ arm: "no-surveys" }), [A], false, 0).show).toBeNull();
    expect(decideSurvey(shown({ noMoreSurveys: true }), [A], false, 0).show).toBeNull();
  });

  it("shows one campaign per 7-day window: the same one all week, then the next", () => {
    let state = shown();
    const first = decideSurvey(state, [B, A], false, 0);
    expect(first).toMatchObject({ show: { id: "a" }, newShowing: true });
    state = withShowing(state, "a", 0);
    expect(decideSurvey(state, [A, B], false, 3 * DAY)).toMatchObject({ show: { id: "a" }, newShowing: false });
    // Answered mid-week: nothing else until the week is over.
    state = { ...state, campaigns: { a: { ...state.campaigns.a, state: "answered" } } };
    expect(decideSurvey(state, [A, B], false, 4 * DAY).show).toBeNull();
    expect(decideSurvey(state, [A, B], false, SURVEY_WINDOW_MS)).toMatchObject({ show: { id: "b" }, newShowing: true });
  });

  it("stops a campaign after 3 unanswered showings, and never shows one put away with 'Not now'", () => {
    let state = shown();
    let now = 0;
    for (let i = 0; i < MAX_UNANSWERED_SHOWINGS; i++) {
      const d = decideSurvey(state, [A], false, now);
      expect(d).toMatchObject({ show: { id: "a" }, newShowing: true });
      state = withShowing(state, "a", now);
      now += SURVEY_WINDOW_MS;
    }
    expect(decideSurvey(state, [A], false, now).show).toBeNull();
    const later = { ...shown(), campaigns: { b: { state: "notNow" as const, showings: 1, lastShownAt: 0 } } };
    expect(decideSurvey(later, [B], false, 100 * DAY).show).toBeNull();
    expect(decideSurvey({ ...later, currentCampaignId: "b", windowStartedAt: 100 * DAY - 1 }, [B], false, 100 * DAY).show).toBeNull();
  });

  it("follows the targeting, and a paused campaign is not shown", () => {
    expect(decideSurvey(shown(), [campaign("s", 1, "subscribers")], false, 0).show).toBeNull();
    expect(decideSurvey(shown(), [campaign("s", 1, "subscribers")], true, 0).show?.id).toBe("s");
    expect(decideSurvey(shown(), [campaign("n", 1, "non-subscribers")], true, 0).show).toBeNull();
    expect(decideSurvey(shown(), [{ ...A, active: false }], false, 0).show).toBeNull();
  });

  it("draws arms by the weights: 0:1 puts everyone in no-surveys, 1:0 in show-surveys", () => {
    for (let i = 0; i < 200; i++) {
      expect(armFor(`member-${i}`, [0, 1])).toBe("no-surveys");
      expect(armFor(`member-${i}`, [1, 0])).toBe("show-surveys");
    }
    const half = Array.from({ length: 1000 }, (_, i) => armFor(`m-${i}`, [1, 1])).filter((a) => a === "show-surveys").length;
    expect(half).toBeGreaterThan(400);
    expect(half).toBeLessThan(600);
  });
});

const questions: SurveyQuestion[] = [
  { id: "q1", campaignId: "a", position: 0, kind: "single", prompt: "When?", options: ["Morning", "Evening"], lowLabel: "", highLabel: "" },
  {
    id: "q2",
    campaignId: "a",
    position: 1,
    kind: "multiple",
    prompt: "What?",
    options: ["Breath", "Sleep", "Movement"],
    lowLabel: "",
    highLabel: "",
  },
  { id: "q3", campaignId: "a", position: 2, kind: "scale", prompt: "How rested?", options: [], lowLabel: "", highLabel: "" },
  { id: "q4", campaignId: "a", position: 3, kind: "text", prompt: "Anything else?", options: [], lowLabel: "", highLabel: "" },
];

describe("reading answers", () => {
  it("needs one choice, at least one of several, a number 1 to 5; the short answer is optional", () => {
    expect(readAnswers(questions, {})).toEqual({
      ok: false,
      errors: { q1: "Please choose one answer.", q2: "Please choose at least one answer.", q3: "Please choose a number from 1 to 5." },
    });
    expect(readAnswers(questions, { q1: "Noon", q2: ["Breath", "Dance"], q3: "6" })).toMatchObject({
      ok: false,
      errors: { q1: expect.any(String), q2: "Please choose from the answers shown.", q3: expect.any(String) },
    });
    expect(readAnswers(questions, { q1: "Morning", q2: ["Sleep", "Breath", "Sleep"], q3: "4", q4: "  " })).toEqual({
      ok: true,
      answers: { q1: "Morning", q2: ["Breath", "Sleep"], q3: 4 },
    });
    expect(readAnswers(questions, { q1: "Morning", q2: "Sleep", q3: "1", q4: "x".repeat(501) })).toMatchObject({
      ok: false,
      errors: { q4: expect.any(String) },
    });
  });

  it("counts answers per option and writes a CSV a spreadsheet cannot run", () => {
    const answers: SurveyAnswer[] = [
      {
        campaignId: "a",
        uid: "u1",
        answeredAt: Date.UTC(2026, 10, 2),
        answers: { q1: "Morning", q2: ["Breath", "Sleep"], q3: 4, q4: '=HYPERLINK("x")' },
      },
      { campaignId: "a", uid: "u2", answeredAt: Date.UTC(2026, 10, 1), answers: { q1: "Morning", q2: ["Sleep"], q3: 2 } },
    ];
    const summary = summarizeAnswers(questions, answers);
    expect(summary[0].counts).toEqual([
      { label: "Morning", count: 2 },
      { label: "Evening", count: 0 },
    ]);
    expect(summary[1].counts).toEqual([
      { label: "Breath", count: 1 },
      { label: "Sleep", count: 2 },
      { label: "Movement", count: 0 },
    ]);
    expect(summary[2].counts.map((c) => c.count)).toEqual([0, 1, 0, 1, 0]);
    const csv = answersCsv(questions, answers).split("\r\n");
    expect(csv[0]).toBe("answered_at,When?,What?,How rested?,Anything else?");
    expect(csv[1]).toBe("2026-11-01T00:00:00.000Z,Morning,Sleep,2,");
    expect(csv[2]).toBe(`2026-11-02T00:00:00.000Z,Morning,Breath; Sleep,4,"'=HYPERLINK(""x"")"`);
    expect(csv.join("\n")).not.toContain("u1");
  });
});
