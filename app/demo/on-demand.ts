import type { ClassTag, OnDemandClass, OnDemandSeries, OnDemandShelf } from "~/models/on-demand/on-demand";

/**
 * The demo's on-demand library. Every class here is a real recording made by
 * `scripts/make-demo-media.mjs` from the project's own words (media/README.md): a slow gradient, a
 * generated music bed and a synthesised guide, with the voice and the music kept apart. Durations are
 * the recordings' own.
 */

const POSTER = { width: 640, height: 360 };
const DAY = 86_400_000;
const PUBLISHED = Date.UTC(2026, 9, 1);

export const demoClassTags: ClassTag[] = [
  { id: "beginners", label: "New to this" },
  { id: "stress", label: "Stress" },
  { id: "sleep", label: "Sleep" },
  { id: "focus", label: "Focus" },
  { id: "body", label: "Body" },
  { id: "breath-counting", label: "Counting breaths" },
  { id: "kindness", label: "Kindness" },
  { id: "outdoors", label: "Outdoors" },
  { id: "evening", label: "Evening" },
  { id: "anytime", label: "Any time" },
];

interface ClassSeed {
  slug: string;
  title: string;
  teacherId: string;
  modality: OnDemandClass["modality"];
  level: OnDemandClass["level"];
  durationSeconds: number;
  posterColor: string;
  description: string;
  tags: string[];
  seriesId?: string;
  featured?: boolean;
  daysAgo: number;
}

const CLASS_SEEDS: ClassSeed[] = [
  {
    slug: "settle-in",
    title: "Settle In",
    teacherId: "teacher-amara",
    modality: "meditation",
    level: "Beginner",
    durationSeconds: 138,
    posterColor: "#456058",
    description:
      "A few unhurried minutes to arrive: find a seat, let the shoulders drop, and let the breath set its own pace. A good first class, and a good one to come back to.",
    tags: ["beginners", "anytime"],
    seriesId: "first-week",
    featured: true,
    daysAgo: 40,
  },
  {
    slug: "box-breath-reset",
    title: "Box Breath Reset",
    teacherId: "teacher-jonah",
    modality: "breathwork",
    level: "Beginner",
    durationSeconds: 103,
    posterColor: "#374e62",
    description:
      "In for four, hold for four, out for four, hold for four. A steady square of breath for the moment before a hard conversation or a busy afternoon.",
    tags: ["breath-counting", "stress", "focus"],
    seriesId: "breath-basics",
    daysAgo: 35,
  },
  {
    slug: "noticing-sounds",
    title: "Noticing Sounds",
    teacherId: "teacher-priya",
    modality: "mindfulness",
    level: "All levels",
    durationSeconds: 113,
    posterColor: "#564f67",
    description:
      "Let the room come to you. Near sounds, far sounds, and the quiet between them: a practice you can do anywhere, eyes open or closed.",
    tags: ["beginners", "focus", "anytime"],
    seriesId: "first-week",
    daysAgo: 30,
  },
  {
    slug: "body-scan-short",
    title: "A Short Body Scan",
    teacherId: "teacher-amara",
    modality: "meditation",
    level: "All levels",
    durationSeconds: 145,
    posterColor: "#66533d",
    description: "A gentle walk of attention from the crown of the head to the soles of the feet, noticing without fixing.",
    tags: ["body", "stress"],
    seriesId: "first-week",
    daysAgo: 24,
  },
  {
    slug: "extended-exhale",
    title: "The Longer Exhale",
    teacherId: "teacher-jonah",
    modality: "breathwork",
    level: "Intermediate",
    durationSeconds: 114,
    posterColor: "#314f4e",
    description:
      "Breathing out for longer than you breathe in tells the body it is safe to slow down. We build up to a six-count exhale, gently.",
    tags: ["stress", "evening"],
    seriesId: "breath-basics",
    daysAgo: 18,
  },
  {
    slug: "evening-unwind",
    title: "Evening Unwind",
    teacherId: "teacher-saoirse",
    modality: "sleep",
    level: "All levels",
    durationSeconds: 130,
    posterColor: "#242f46",
    description: "Put the day down piece by piece. A soft, slow wind-down to listen to in bed with the lights low.",
    tags: ["sleep", "evening"],
    featured: true,
    daysAgo: 12,
  },
  {
    slug: "kind-attention",
    title: "Kind Attention",
    teacherId: "teacher-kenji",
    modality: "meditation",
    level: "All levels",
    durationSeconds: 108,
    posterColor: "#654850",
    description:
      "Offer a few warm wishes: to yourself, to someone easy to love, and then a little further out. No need to feel anything in particular.",
    tags: ["kindness", "stress"],
    seriesId: "first-week",
    daysAgo: 6,
  },
  {
    slug: "walking-pause",
    title: "A Walking Pause",
    teacherId: "teacher-leila",
    modality: "mindfulness",
    level: "Beginner",
    durationSeconds: 94,
    posterColor: "#435835",
    description: "Take this one outside, or down a hallway. Feel each step land, slow down a little, and notice what you pass.",
    tags: ["outdoors", "beginners", "anytime"],
    daysAgo: 2,
  },
];

/** The demo classes; a recording's own length (from its package) wins over the figure written here. */
export function demoOnDemandClasses(now = Date.now(), recordings: Array<{ id: string; durationSeconds: number }> = []): OnDemandClass[] {
  const base = Math.min(now, PUBLISHED + 60 * DAY);
  const lengths = new Map(recordings.map((recording) => [recording.id, recording.durationSeconds]));
  return CLASS_SEEDS.map((seed) => ({
    slug: seed.slug,
    title: seed.title,
    teacherId: seed.teacherId,
    modality: seed.modality,
    level: seed.level,
    durationSeconds: lengths.get(seed.slug) ?? seed.durationSeconds,
    description: seed.description,
    tags: seed.tags,
    mediaId: seed.slug,
    voiceMediaId: null,
    poster: { src: `/images/on-demand/${seed.slug}.jpg`, ...POSTER },
    posterColor: seed.posterColor,
    seriesId: seed.seriesId ?? null,
    featured: seed.featured ?? false,
    publishedAt: base - seed.daysAgo * DAY,
    hidden: false,
  }));
}

export const demoOnDemandSeries: OnDemandSeries[] = [
  {
    slug: "first-week",
    title: "Your First Week",
    teacherId: "teacher-amara",
    modality: "meditation",
    description:
      "Four short sits to try over a week, or a month, or whenever you like. Stop any time; your place is kept and nothing resets.",
    lessons: ["settle-in", "noticing-sounds", "body-scan-short", "kind-attention"],
  },
  {
    slug: "breath-basics",
    title: "Breath Basics",
    teacherId: "teacher-jonah",
    modality: "breathwork",
    description: "Two patterns worth knowing by heart: the even square of box breathing, then the longer exhale that helps you wind down.",
    lessons: ["box-breath-reset", "extended-exhale"],
  },
];

export const demoOnDemandShelves: OnDemandShelf[] = [
  {
    id: "start-here",
    title: "Start here",
    order: 1,
    classes: ["settle-in", "noticing-sounds", "walking-pause", "box-breath-reset"],
    modality: null,
  },
  {
    id: "steady-breath",
    title: "Breath that steadies",
    order: 2,
    classes: ["box-breath-reset", "extended-exhale"],
    modality: "breathwork",
  },
  {
    id: "wind-down",
    title: "For the end of the day",
    order: 3,
    classes: ["evening-unwind", "extended-exhale", "body-scan-short", "kind-attention"],
    modality: null,
  },
  { id: "take-it-outside", title: "Take it with you", order: 4, classes: ["walking-pause", "noticing-sounds"], modality: "mindfulness" },
];
