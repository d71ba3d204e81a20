/**
 * Issue 27 (ADR 048): one pleasant, fictional survey for the demo, and the demo member (+1 201 555 0101)
 * placed in the show-surveys arm so the feature can be tried; everyone else gets the §9 default 0:1.
 */
const CAMPAIGN_ID = "demo-practice-rhythm";
const q = (n: number) => `${CAMPAIGN_ID}__q${n}`;

export const demoSurveyQuestions = [
  {
    id: q(1),
    campaignId: CAMPAIGN_ID,
    position: 0,
    kind: "single",
    prompt: "When do you most often sit down to practise?",
    options: ["Early morning", "Around midday", "In the evening", "Whenever the day allows"],
    lowLabel: "",
    highLabel: "",
  },
  {
    id: q(2),
    campaignId: CAMPAIGN_ID,
    position: 1,
    kind: "multiple",
    prompt: "What would you like more of?",
    options: ["Breath work", "Sleep wind-downs", "Gentle movement", "Quiet sits with little talking"],
    lowLabel: "",
    highLabel: "",
  },
  {
    id: q(3),
    campaignId: CAMPAIGN_ID,
    position: 2,
    kind: "scale",
    prompt: "How rested have you felt this week?",
    options: [],
    lowLabel: "not rested at all",
    highLabel: "very rested",
  },
  {
    id: q(4),
    campaignId: CAMPAIGN_ID,
    position: 3,
    kind: "text",
    prompt: "Anything you would like our teachers to know?",
    options: [],
    lowLabel: "",
    highLabel: "",
  },
];

export const demoSurveyCampaigns = [
  {
    id: CAMPAIGN_ID,
    title: "Your practice rhythm",
    intro: "Four small questions about when and how you like to practise. It takes about a minute.",
    audience: "everyone",
    active: true,
    createdAt: Date.UTC(2026, 10, 1),
    questionIds: demoSurveyQuestions.map((question) => question.id),
  },
];

export const demoUserSurveys = [{ uid: "demo-member", arm: "show-surveys" }];
