import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { getStore } from "../support/payments";
import { haveEmulator } from "../support/auth-emulator";
import { auditEntriesFor, staffGet, staffPost, staffSession } from "../support/staff-session";
import { answerOf, routeArgs } from "../support/route-call";

/**
 * Issue 27 (ADR 048): surveys on real Requests, SQLite and the Auth emulator. The arm and the
 * "eligible" exposure, one showing for pages opened at once, answers stored once however often the
 * post is replayed, "Not now" and "No more surveys", the panel only for members on surveys pages,
 * and the admin's campaign, pause, weights, counts and CSV with their audit entries.
 */

const { seedDemoContent } = await import("../../app/demo/seed.server");
const surveys = await import("../../app/models/engagement/surveys.server");
const { USER_SURVEYS, SURVEY_ANSWERS, surveyAnswerId } = await import("../../app/models/engagement/surveys");
const { surveySlotHtml } = await import("../../app/server/survey-slot.server");
const memberRoute = await import("~/routes/surveys.$campaignId/route");
const staffRoute = await import("~/routes/staff.surveys/route");
const resultsRoute = await import("~/routes/staff.surveys_.$id/route");
const csvRoute = await import("~/routes/staff.surveys_.$id_.answers[.csv]/route");

const SITE = "http://localhost:3000";
const DEMO = "demo-practice-rhythm";
const AnyDoc = z.record(z.unknown());

function postSurvey(campaignId: string, cookie: string, fields: Array<[string, string]>) {
  const body = new URLSearchParams(fields).toString();
  return answerOf(async () =>
    memberRoute.action(
      routeArgs(
        new Request(`${SITE}/surveys/${campaignId}`, {
          method: "POST",
          headers: { Cookie: cookie, Origin: SITE, "Content-Type": "application/x-www-form-urlencoded" },
          body,
        }),
        { campaignId },
      ),
    ),
  );
}

const pageRequest = (path: string, cookie?: string) => new Request(`${SITE}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
const FULL: Array<[string, string]> = [
  ["back", "/about"],
  ["intent", "answer"],
  [`answer.${DEMO}__q1`, "Early morning"],
  [`answer.${DEMO}__q2`, "Breath work"],
  [`answer.${DEMO}__q2`, "Gentle movement"],
  [`answer.${DEMO}__q3`, "4"],
  [`answer.${DEMO}__q4`, "More evening sits, please."],
];

beforeAll(async () => {
  await seedDemoContent(getStore(), new Date());
});

describe.skipIf(!haveEmulator)("surveys", () => {
  it("puts a new member in no-surveys by the default 0:1 weights, logs them eligible once, and shows them nothing", async () => {
    const member = await staffSession({});
    expect(await surveys.surveyForMember({ uid: member.uid, isSubscribed: false })).toBeNull();
    expect(await surveys.surveyForMember({ uid: member.uid, isSubscribed: false })).toBeNull();
    expect((await surveys.getUserSurveys(member.uid))?.arm).toBe("no-surveys");
    const { docs } = await getStore().query("analyticsEvents", AnyDoc, { where: [{ field: "uid", op: "==", value: member.uid }] });
    expect(docs.map((d) => d.data)).toEqual([
      expect.objectContaining({
        name: "Experiment_Eligible",
        properties: { experiment: "lifeScorePreferencesSurveyTest", variant: "no-surveys" },
      }),
    ]);
  });

  it("shows a show-surveys member the survey on surveys pages only, counts pages opened at once as one showing, and stores the answers once", async () => {
    const member = await staffSession({});
    await getStore().set(USER_SURVEYS, member.uid, { arm: "show-surveys" });
    expect(await surveySlotHtml(pageRequest("/about"), {}, { status: 200, surveys: true })).toBeNull();
    expect(await surveySlotHtml(pageRequest("/faq", member.cookie), {}, { status: 200, surveys: false })).toBeNull();
    const panels = await Promise.all(
      Array.from({ length: 5 }, () => surveySlotHtml(pageRequest("/about", member.cookie), {}, { status: 200, surveys: true })),
    );
    for (const html of panels) {
      expect(html).toContain(`action="/surveys/${DEMO}"`);
      expect(html).toContain("Your practice rhythm");
      expect(html).not.toContain("<script");
    }
    expect((await surveys.getUserSurveys(member.uid))?.campaigns[DEMO]).toMatchObject({ state: "open", showings: 1 });

    const missing = await postSurvey(DEMO, member.cookie, [
      ["back", "/about"],
      ["intent", "answer"],
      [`answer.${DEMO}__q3`, "9"],
    ]);
    expect(missing.status).toBe(400);
    expect(missing.data).toMatchObject({
      errors: {
        form: "Please check the answers marked below.",
        [`${DEMO}__q1`]: "Please choose one answer.",
        [`${DEMO}__q3`]: "Please choose a number from 1 to 5.",
      },
      values: { [`${DEMO}__q3`]: "9" },
      back: "/about",
    });

    const answers = await Promise.all([postSurvey(DEMO, member.cookie, FULL), postSurvey(DEMO, member.cookie, FULL)]);
    for (const a of answers) expect(a).toMatchObject({ status: 302, location: "/about?survey=thanks" });
    const stored = await getStore().get(SURVEY_ANSWERS, surveyAnswerId(DEMO, member.uid), AnyDoc);
    expect(stored?.answers).toEqual({
      [`${DEMO}__q1`]: "Early morning",
      [`${DEMO}__q2`]: ["Breath work", "Gentle movement"],
      [`${DEMO}__q3`]: 4,
      [`${DEMO}__q4`]: "More evening sits, please.",
    });
    const replay = await postSurvey(
      DEMO,
      member.cookie,
      FULL.map(([k, v]) => [k, k.endsWith("q1") ? "In the evening" : v]),
    );
    expect(replay.status).toBe(302);
    expect((await getStore().get(SURVEY_ANSWERS, surveyAnswerId(DEMO, member.uid), AnyDoc))?.answers).toEqual(stored?.answers);
    // The page says thank you in the panel's place, and no other survey comes that week.
    expect(await surveySlotHtml(pageRequest("/about?survey=thanks", member.cookie), {}, { status: 200, surveys: true })).toContain(
      "your answers are in",
    );
    expect(await surveySlotHtml(pageRequest("/about", member.cookie), {}, { status: 200, surveys: true })).toBeNull();
  });

  it("keeps 'Not now' for that campaign and 'No more surveys' for all, and refuses a survey the member was never shown", async () => {
    const member = await staffSession({});
    await getStore().set(USER_SURVEYS, member.uid, { arm: "show-surveys" });
    expect(await surveySlotHtml(pageRequest("/press", member.cookie), {}, { status: 200, surveys: true })).toContain(DEMO);
    expect((await postSurvey("not-a-survey", member.cookie, [["intent", "not-now"]])).status).toBe(404);
    expect(
      await postSurvey(DEMO, member.cookie, [
        ["back", "https://elsewhere.example/"],
        ["intent", "not-now"],
      ]),
    ).toMatchObject({ status: 302, location: "/?survey=later" });
    const state = await surveys.getUserSurveys(member.uid);
    expect(state?.campaigns[DEMO].state).toBe("notNow");
    // A week on, the campaign put away does not return.
    await getStore().set(USER_SURVEYS, member.uid, { ...state, windowStartedAt: Date.now() - 8 * 86_400_000 });
    expect(await surveys.surveyForMember({ uid: member.uid, isSubscribed: false })).toBeNull();
    expect(
      await postSurvey(DEMO, member.cookie, [
        ["back", "/teachers"],
        ["intent", "no-more"],
      ]),
    ).toMatchObject({ status: 302, location: "/teachers?survey=off" });
    expect((await surveys.getUserSurveys(member.uid))?.noMoreSurveys).toBe(true);
    const page = await answerOf(async () =>
      memberRoute.loader(routeArgs(pageRequest(`/surveys/${DEMO}`, member.cookie), { campaignId: "never-shown" })),
    );
    expect(page.status).toBe(404);
  });

  it("lets an admin write, pause and resume a campaign and set the weights, each once in the audit log, and read counts and a CSV", async () => {
    const admin = await staffSession({ admin: true }, SITE, "Orla");
    const bad = await staffPost(staffRoute, "/staff/surveys", admin.cookie, {
      intent: "create",
      title: "",
      audience: "everyone",
      "q0.kind": "single",
      "q0.prompt": "Tea or coffee?",
      "q0.options": "Tea",
    });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      errors: { title: "Please give the survey a title.", "q0.options": "Please give at least two answers, one a line." },
      values: { questions: expect.arrayContaining([expect.objectContaining({ prompt: "Tea or coffee?" })]) },
    });
    const made = await staffPost(staffRoute, "/staff/surveys", admin.cookie, {
      intent: "create",
      title: "Morning drinks",
      intro: "",
      audience: "subscribers",
      "q0.kind": "single",
      "q0.prompt": "Tea or coffee?",
      "q0.options": "Tea\nCoffee\n",
      "q1.kind": "scale",
      "q1.prompt": "How awake?",
    });
    expect(made).toMatchObject({ status: 302, location: "/staff/surveys?done=created" });
    const list = await staffGet(staffRoute, "/staff/surveys", admin.cookie);
    const created = (list.data as { campaigns: Array<{ id: string; title: string; questions: number }> }).campaigns.find(
      (c) => c.title === "Morning drinks",
    )!;
    expect(created.questions).toBe(2);
    expect(await staffPost(staffRoute, "/staff/surveys", admin.cookie, { intent: "pause", campaignId: created.id })).toMatchObject({
      location: "/staff/surveys?done=paused",
    });
    expect(await staffPost(staffRoute, "/staff/surveys", admin.cookie, { intent: "pause", campaignId: created.id })).toMatchObject({
      location: "/staff/surveys?done=unchanged",
    });
    expect((await auditEntriesFor(created.id)).map((e) => e.action)).toEqual(["created the survey", "paused the survey"]);

    // Refused weights come back beside their fields, as typed.
    expect(await staffPost(staffRoute, "/staff/surveys", admin.cookie, { intent: "weights", show: "-1", hide: "x" })).toMatchObject({
      status: 400,
      data: {
        errors: { show: "Please give a whole number from 0 to 100.", hide: "Please give a whole number from 0 to 100." },
        values: { show: "-1", hide: "x" },
      },
    });
    expect(await staffPost(staffRoute, "/staff/surveys", admin.cookie, { intent: "weights", show: "1", hide: "0" })).toMatchObject({
      location: "/staff/surveys?done=weights",
    });
    expect(await staffPost(staffRoute, "/staff/surveys", admin.cookie, { intent: "weights", show: "1", hide: "0" })).toMatchObject({
      location: "/staff/surveys?done=unchanged",
    });
    expect(await surveys.getSurveyWeights()).toEqual([1, 0]);
    expect((await auditEntriesFor("surveyExperiment")).map((e) => e.changes)).toEqual([
      [
        { field: "noSurveys", before: "1", after: "0" },
        { field: "showSurveys", before: "0", after: "1" },
      ],
    ]);
    // New members are now drawn into show-surveys; members already in an arm keep theirs.
    const newcomer = await staffSession({});
    expect((await surveys.surveyForMember({ uid: newcomer.uid, isSubscribed: false }))?.campaign.id).toBe(DEMO);
    await staffPost(staffRoute, "/staff/surveys", admin.cookie, { intent: "weights", show: "0", hide: "1" });

    const results = await staffGet(resultsRoute, `/staff/surveys/${DEMO}`, admin.cookie, { id: DEMO });
    const first = (results.data as { total: number; results: Array<{ counts: Array<{ label: string; count: number }> }> }).results[0];
    expect((results.data as { total: number }).total).toBeGreaterThanOrEqual(1);
    expect(first.counts.find((c) => c.label === "Early morning")?.count).toBeGreaterThanOrEqual(1);
    const csv = (await csvRoute.loader(
      routeArgs(pageRequest(`/staff/surveys/${DEMO}/answers.csv`, admin.cookie), { id: DEMO }),
    )) as Response;
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const text = await csv.text();
    expect(text.split("\r\n")[0]).toBe(
      "answered_at,When do you most often sit down to practise?,What would you like more of?,How rested have you felt this week?,Anything you would like our teachers to know?",
    );
    expect(text).toContain('Early morning,Breath work; Gentle movement,4,"More evening sits, please."');
    const member = await staffSession({});
    expect((await staffGet(resultsRoute, `/staff/surveys/${DEMO}`, member.cookie, { id: DEMO })).status).toBe(403);
    expect((await staffGet(resultsRoute, "/staff/surveys/nope", admin.cookie, { id: "nope" })).status).toBe(404);
  });
});
