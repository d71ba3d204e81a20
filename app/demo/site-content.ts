import type { Article, FaqEntry, JobOpening, LearningSeries, PressArticle, Quote } from "~/models/content/content";
import type { LiveClass } from "~/models/classes/live-class";
import { T, teacherFullName, type TeacherKey } from "./teachers";
import { occurrences, type ClassTemplate } from "~/models/classes/class-schedule";

/** Demo site content: FAQ, press, blog, careers, quotes, learn series and a rolling class schedule. All invented. */

// ---------------------------------------------------------------------------
// FAQ
// ---------------------------------------------------------------------------

const FAQ_GROUPS: [category: string, items: [question: string, answer: string][]][] = [
  [
    "Getting started",
    [
      [
        "I've never meditated. Is Stillhour for me?",
        "Yes. Many of our members had never meditated before their first class. Beginner classes explain everything as you go, and you can't do it wrong.",
      ],
      [
        "What do I need to take a class?",
        "A phone, tablet or computer, and somewhere you can sit or lie down for a few minutes. Headphones help but aren't essential.",
      ],
      [
        "What's the difference between meditation, mindfulness and breathwork?",
        "Meditation is the practice of resting your attention somewhere on purpose. Mindfulness is bringing that same attention into everyday life. Breathwork uses deliberate breathing patterns to shift how you feel.\n\nMost of our classes blend all three.",
      ],
      [
        "Where should I start?",
        "Try the Meditation basics series in Learn, or any class marked Beginner on the schedule. Ten minutes is plenty for a first go.",
      ],
    ],
  ],
  [
    "Classes",
    [
      [
        "How do live classes work?",
        "Live classes happen at a set time with a teacher guiding in real time. Join from the schedule a few minutes early. Your camera and microphone stay off unless you choose to turn them on.",
      ],
      [
        "Can I watch a class later?",
        "Most live classes are added to the on-demand library within a day, so you can take them whenever you like.",
      ],
      ["How long are classes?", "Anywhere from three minutes to an hour. Most live classes are twenty or thirty minutes."],
      [
        "Is breathwork safe?",
        "Our breathwork is gentle, and every class offers an easier option. If you're pregnant, or live with a heart, lung or seizure condition, please check with your doctor first and skip any breath holds.",
      ],
    ],
  ],
  [
    "Membership",
    [
      [
        "How much does a membership cost?",
        "You can choose a monthly or yearly plan on the subscribe page. Prices are shown in your local currency before you pay.",
      ],
      [
        "Is there a free trial?",
        "Yes. New members get a free trial, and some partner pages offer a longer one. You won't be charged if you cancel before the trial ends.",
      ],
      [
        "How do I use a promotion code?",
        "Enter it on the subscribe page before you pay. If you arrived from a partner page, the code is already filled in for you.",
      ],
      [
        "How do I cancel?",
        "Go to Settings, then Membership, then Cancel. It takes a minute, and you keep access until the end of the period you've paid for.",
      ],
    ],
  ],
  [
    "Account",
    [
      ["How do I change my email or phone number?", "Open Settings and edit your details. We'll send a code to confirm any change."],
      [
        "Can I give Stillhour as a gift?",
        "Yes. Choose Gift from the menu and send a membership by email or with a link you share yourself.",
      ],
      [
        "How do I delete my account?",
        "Go to Settings, then Account, then Delete account. This removes your profile and practice history for good.\n\nIf you have an active membership, cancel it first so you aren't charged again.",
      ],
    ],
  ],
];

export const demoFaqEntries: FaqEntry[] = FAQ_GROUPS.flatMap(([category, items], groupIndex) =>
  items.map(([question, answer], itemIndex) => ({
    id: `faq-${slugify(category)}-${itemIndex + 1}`,
    category,
    question,
    answer,
    order: (groupIndex + 1) * 100 + itemIndex * 10,
  })),
);

// ---------------------------------------------------------------------------
// Press
// ---------------------------------------------------------------------------

export const demoPressArticles: Array<Omit<PressArticle, "published">> = [
  {
    id: "press-quiet-review-live-classes",
    outlet: "The Quiet Review",
    title: "Why live meditation feels different from pressing play",
    publishedAt: "2024-03-18",
    url: "https://example.com/press/quiet-review-live-classes",
    excerpt: "Stillhour's live classes bring a sense of company to a practice that is usually solitary.",
  },
  {
    id: "press-morning-ledger-breathwork",
    outlet: "Morning Ledger",
    title: "The breathwork classes office workers are taking at lunch",
    publishedAt: "2024-09-04",
    url: "https://example.com/press/morning-ledger-breathwork",
    excerpt: "Ten minutes of slow breathing has become a midday ritual for a growing number of desk workers.",
  },
  {
    id: "press-daily-pause-sleep",
    outlet: "The Daily Pause",
    title: "Seven wind-down routines that actually help you sleep",
    publishedAt: "2025-02-11",
    url: "https://example.com/press/daily-pause-sleep",
    excerpt: "Stillhour's evening body scan earns a place on our list for its warm, unhurried guidance.",
  },
  {
    id: "press-northside-teachers",
    outlet: "Northside Wellness Weekly",
    title: "Meet the teachers making mindfulness feel ordinary, in a good way",
    publishedAt: "2025-06-23",
    url: "https://example.com/press/northside-teachers",
    excerpt: "From a former night-shift nurse to a session drummer, Stillhour's teachers bring real life into the room.",
  },
  {
    id: "press-field-and-form-design",
    outlet: "Field & Form",
    title: "Designing a calm website, one slow animation at a time",
    publishedAt: "2025-11-02",
    url: "https://example.com/press/field-and-form-design",
    excerpt: "A look at how a small team built a site that breathes with you.",
  },
  {
    id: "press-cascade-tech-journal",
    outlet: "Cascade Tech Journal",
    title: "The quiet growth of live wellness classes",
    publishedAt: "2026-01-20",
    url: "https://example.com/press/cascade-tech-journal",
    excerpt: "Stillhour now runs live classes in nearly every time zone, with a small team and a big schedule.",
  },
];

// ---------------------------------------------------------------------------
// Blog articles
// ---------------------------------------------------------------------------

interface ArticleSeed {
  titleSlug: string;
  title: string;
  excerpt: string;
  category: "Meditation" | "Breathwork" | "Sleep" | "Everyday calm";
  author: TeacherKey;
  publishedAt: string;
  readingMinutes: number;
  heroColor: string;
  tags: string[];
  body: string[];
}

const ARTICLE_SEEDS: ArticleSeed[] = [
  {
    titleSlug: "how-to-start-meditating-in-five-minutes",
    title: "How to start meditating in five minutes",
    excerpt: "You don't need a cushion, an app streak or a quiet house. You need five minutes and a little curiosity.",
    category: "Meditation",
    author: "priya",
    publishedAt: "2025-01-14",
    readingMinutes: 4,
    heroColor: "#d2a24c",
    tags: ["beginners", "habits"],
    body: [
      "<p>Most people imagine meditation as a long, silent hour on a cushion. In practice, it usually starts much smaller: five minutes, sitting on the edge of your bed, noticing your breath go in and out.</p>",
      "<h2>Start where you already are</h2>",
      "<p>Pick a moment you already have every day, like after you brush your teeth or before you open your laptop. Linking a new habit to an old one makes it far easier to remember.</p>",
      "<ul><li>Sit comfortably, with your back supported if you like.</li><li>Let your eyes close or rest on a spot on the floor.</li><li>Notice three breaths. Just notice them.</li><li>When your mind wanders, come back. That's the whole practice.</li></ul>",
      "<blockquote>Meditation isn't about clearing your mind. It's about noticing where it went, and kindly bringing it home.</blockquote>",
      "<h2>Let it be small</h2>",
      '<p>Five minutes a day for a month will teach you more than one heroic hour. When you\'re ready for company, join a beginner class on the schedule or meet our <a href="/teachers">teachers</a>.</p>',
    ],
  },
  {
    titleSlug: "why-the-long-exhale-calms-you-down",
    title: "Why the long exhale calms you down",
    excerpt: "Making your out-breath a little longer than your in-breath is one of the simplest ways to settle.",
    category: "Breathwork",
    author: "imani",
    publishedAt: "2025-02-20",
    readingMinutes: 5,
    heroColor: "#c0683f",
    tags: ["breathing", "stress"],
    body: [
      "<p>When you're anxious, your breath tends to get quick and high in the chest. When you're relaxed, it naturally slows and the exhale lengthens. The good news is that this works in both directions.</p>",
      "<h2>A simple pattern to try</h2>",
      "<p>Breathe in through your nose for a count of four. Breathe out slowly, through your nose or softly pursed lips, for a count of six. Repeat for two or three minutes.</p>",
      "<ul><li>Keep it comfortable. If six feels like a strain, try five.</li><li>Let your belly soften as you breathe in.</li><li>Stop and breathe normally if you feel lightheaded.</li></ul>",
      "<blockquote>You can't always choose what happens to you. You can usually choose your next exhale.</blockquote>",
      "<p>Many people find that a few rounds of longer exhales help them feel steadier before a hard conversation or a long night. It's not a cure for anything, just a kind, reliable tool.</p>",
      '<p>If you\'d like to go deeper, the <a href="/nervous-system-reset">Nervous System Reset</a> builds on this pattern over 21 days.</p>',
    ],
  },
  {
    titleSlug: "box-breathing-for-busy-days",
    title: "Box breathing for busy days",
    excerpt: "Four sides, four counts. A steady breathing pattern you can use anywhere, eyes open.",
    category: "Breathwork",
    author: "amara",
    publishedAt: "2025-04-08",
    readingMinutes: 3,
    heroColor: "#c9775b",
    tags: ["breathing", "focus", "work"],
    body: [
      "<p>Box breathing is a favourite of mine because it's easy to remember when your head is full. Picture a square, and travel around it with your breath.</p>",
      "<h2>How to do it</h2>",
      "<ul><li>Breathe in for four counts.</li><li>Hold gently for four.</li><li>Breathe out for four.</li><li>Hold gently for four, then begin again.</li></ul>",
      "<p>Four or five rounds take about a minute. If holding your breath doesn't feel good, skip the holds and just breathe in and out evenly. Pregnant? Leave the holds out altogether.</p>",
      "<blockquote>The square gives your mind a job, and a mind with a simple job settles fast.</blockquote>",
      '<p>I use it in lifts, in queues and before I teach. Join me for a live morning class on the <a href="/">schedule</a> and we\'ll do a few rounds together.</p>',
    ],
  },
  {
    titleSlug: "what-to-do-when-you-wake-at-3am",
    title: "What to do when you wake at 3am",
    excerpt: "Lying awake in the small hours is common. Here's how to make it a little kinder.",
    category: "Sleep",
    author: "jonah",
    publishedAt: "2025-05-27",
    readingMinutes: 5,
    heroColor: "#4f6d8f",
    tags: ["sleep", "night"],
    body: [
      "<p>After years of night shifts, I know the 3am ceiling well. Waking in the night is very common. What often keeps us awake isn't the waking itself but the worry about being awake.</p>",
      "<h2>Take the pressure off</h2>",
      "<p>Instead of trying to fall asleep, try simply to rest. Rest is useful on its own, and it's much easier to do than sleep on command.</p>",
      "<ul><li>Keep the lights low and the phone face down.</li><li>Feel the weight of your body on the mattress.</li><li>Slowly scan from your toes to your head, noticing each part.</li><li>If a worry arrives, picture setting it on the bedside table until morning.</li></ul>",
      "<blockquote>You don't have to earn sleep. You only have to stop chasing it.</blockquote>",
      "<p>If you're still wide awake after a while, get up, sit somewhere dim and return to bed when you feel drowsy. If poor sleep goes on for weeks, it's worth talking to a doctor.</p>",
      "<p>Our <a href=\"/sleep\">sleep classes</a> include a short 'back to sleep' practice made for exactly this moment.</p>",
    ],
  },
  {
    titleSlug: "your-wandering-mind-is-not-failing",
    title: "Your wandering mind is not failing",
    excerpt: "Every time you notice you've drifted and come back, you've done the practice.",
    category: "Meditation",
    author: "kenji",
    publishedAt: "2025-07-15",
    readingMinutes: 4,
    heroColor: "#6a5a8f",
    tags: ["beginners", "attention"],
    body: [
      "<p>The most common thing new meditators tell me is, \"I can't do it, my mind won't stop.\" Here's the secret: nobody's mind stops. Minds think. That's their job.</p>",
      "<h2>The moment of noticing</h2>",
      "<p>In music, the rest between notes is part of the song. In meditation, the moment you notice you've wandered is part of the practice. It's the moment that matters most.</p>",
      "<ul><li>Notice you've drifted.</li><li>Name it lightly: planning, remembering, worrying.</li><li>Return to the breath or the sound you were resting on.</li></ul>",
      "<blockquote>If your mind wanders a hundred times and you come back a hundred times, that's a hundred reps.</blockquote>",
      '<p>Try a music-led sit on <a href="/beats">Stillhour Beats</a>. Having a soft rhythm to return to can make the coming back feel easier.</p>',
    ],
  },
  {
    titleSlug: "mindful-mornings-without-an-hour-to-spare",
    title: "Mindful mornings without an hour to spare",
    excerpt: "A calm morning doesn't need a 5am alarm. It needs three small choices.",
    category: "Everyday calm",
    author: "mateo",
    publishedAt: "2025-09-02",
    readingMinutes: 4,
    heroColor: "#3f8f83",
    tags: ["mornings", "habits"],
    body: [
      "<p>I love a slow morning, but most days I don't get one. What I've learned is that calm mornings are built from tiny moments, not long routines.</p>",
      "<h2>Three small choices</h2>",
      "<ul><li>Before you check your phone, take five slow breaths.</li><li>Drink something warm without doing anything else at the same time.</li><li>Step outside, or open a window, and feel the air for one minute.</li></ul>",
      "<p>None of these take more than a few minutes. Together, they send a clear message to your body: we're not in a rush yet.</p>",
      "<blockquote>The tide doesn't hurry, and it still reaches the shore.</blockquote>",
      '<p>On the days you have more time, join live morning breathwork. On the days you don\'t, three small choices are enough. Browse the <a href="/teachers">teachers</a> who lead our morning classes.</p>',
    ],
  },
  {
    titleSlug: "why-sound-helps-you-rest",
    title: "Why sound helps you rest",
    excerpt: "Soft, steady sound gives a busy mind something simple to follow on the way to sleep.",
    category: "Sleep",
    author: "noa",
    publishedAt: "2025-10-21",
    readingMinutes: 5,
    heroColor: "#5b7fa8",
    tags: ["sleep", "sound"],
    body: [
      "<p>Total silence can be surprisingly loud. Without anything to listen to, the mind often fills the gap with plans, replays and worries. Gentle sound gives it somewhere softer to go.</p>",
      "<h2>What makes a sound restful</h2>",
      "<ul><li>It's steady, without sudden changes.</li><li>It's low and warm rather than bright.</li><li>It slowly gets quieter, so you can drift without noticing the end.</li></ul>",
      "<p>In my classes I use singing bowls, rain recorded on a tin roof and sometimes just my own humming. The goal isn't to entertain you but to give your attention a slow, kind place to rest.</p>",
      "<blockquote>Rest is a practice, not a prize.</blockquote>",
      '<p>Try listening lying down, with the volume lower than you think you need. You\'ll find my sound baths in the <a href="/sleep">sleep collection</a>.</p>',
    ],
  },
  {
    titleSlug: "self-compassion-in-small-reps",
    title: "Self-compassion in small reps",
    excerpt: "Kindness towards yourself is a skill. Like any skill, it grows with practice.",
    category: "Everyday calm",
    author: "leila",
    publishedAt: "2025-12-09",
    readingMinutes: 6,
    heroColor: "#b05a6e",
    tags: ["self-compassion", "relationships"],
    body: [
      "<p>Many of us speak to ourselves in a way we'd never speak to a friend. Self-compassion isn't about letting yourself off the hook. It's about meeting your mistakes with the same warmth you'd offer someone you love.</p>",
      "<h2>Three small reps for everyday life</h2>",
      "<ul><li>When you make a mistake, put a hand on your chest and take one slow breath.</li><li>Ask: what would I say to a friend right now? Then say it to yourself.</li><li>Notice one thing you did well today, however small.</li></ul>",
      "<blockquote>You are allowed to be a work in progress and worthy of kindness at the same time.</blockquote>",
      "<p>These reps feel awkward at first. That's normal. With practice, the kinder voice starts to arrive on its own, often at exactly the moment you need it.</p>",
      "<p>If you'd like to practise together, my classes run most weeks. You'll find me on the <a href=\"/teachers\">teachers page</a>.</p>",
    ],
  },
  {
    titleSlug: "sitting-with-grief",
    title: "Sitting with grief",
    excerpt: "Meditation can't take grief away. It can help you carry it a little more gently.",
    category: "Meditation",
    author: "saoirse",
    publishedAt: "2026-01-27",
    readingMinutes: 6,
    heroColor: "#7d8f5a",
    tags: ["grief", "self-compassion"],
    body: [
      "<p>Grief arrives in waves. Some days it's a quiet ache, other days it knocks you over. Meditation won't stop the waves, but it can help you notice you're still standing between them.</p>",
      "<h2>A gentle practice</h2>",
      "<ul><li>Sit or lie somewhere comfortable.</li><li>Notice where you feel grief in your body: the throat, the chest, the belly.</li><li>Breathe softly towards that place, without trying to change it.</li><li>If it becomes too much, open your eyes and notice five things you can see.</li></ul>",
      "<blockquote>Grief is love with nowhere to go. Let it have somewhere to rest.</blockquote>",
      "<p>There's no right amount of practice. Some weeks you may not want to sit at all, and that's fine. Meditation is a companion, not a replacement for the people who love you or for professional support.</p>",
      '<p>Our <a href="/good-grief">Good Grief</a> collection and monthly live circle are there whenever you\'re ready.</p>',
    ],
  },
  {
    titleSlug: "one-minute-resets-at-work",
    title: "One-minute resets for the workday",
    excerpt: "You don't need a break room or a free hour. You need sixty seconds between one thing and the next.",
    category: "Everyday calm",
    author: "priya",
    publishedAt: "2026-03-10",
    readingMinutes: 3,
    heroColor: "#4c9a8a",
    tags: ["work", "focus"],
    body: [
      "<p>Back when I wrote software, my days were a blur of context switches. The thing that helped most wasn't a long meditation. It was a single minute between tasks.</p>",
      "<h2>The sixty-second reset</h2>",
      "<ul><li>Close the thing you just finished.</li><li>Take three slow breaths with a longer exhale.</li><li>Feel your feet on the floor.</li><li>Decide, out loud or in your head, what you'll do next.</li></ul>",
      "<p>It sounds almost too simple. But those sixty seconds stop one task's stress spilling into the next, and they help you start fresh.</p>",
      "<blockquote>Do one thing at a time. Then take a breath. Then do the next thing.</blockquote>",
      '<p>The <a href="/focused-mind">Focused Mind</a> track has a whole set of these, each under two minutes.</p>',
    ],
  },
];

export const demoArticles: Array<Omit<Article, "coverUrl">> = ARTICLE_SEEDS.map((a) => ({
  id: a.titleSlug,
  titleSlug: a.titleSlug,
  title: a.title,
  excerpt: a.excerpt,
  bodyHtml: a.body.join("\n"),
  category: a.category,
  authorName: teacherFullName(T[a.author]),
  authorTeacherId: T[a.author],
  publishedAt: a.publishedAt,
  readingMinutes: a.readingMinutes,
  heroColor: a.heroColor,
  tags: a.tags,
  published: true,
}));

// ---------------------------------------------------------------------------
// Careers
// ---------------------------------------------------------------------------

export const demoJobOpenings: JobOpening[] = [
  {
    id: "senior-product-engineer",
    title: "Senior Product Engineer",
    team: "Engineering",
    location: "Remote (Americas)",
    employmentType: "Full time",
    summary: "Help build a calm, fast and accessible home for live and on-demand classes.",
    responsibilities: [
      "Build features across our web app and class platform, from schedule to checkout.",
      "Keep pages fast and accessible on every screen size.",
      "Share ownership of reliability, reviews and on-call with a small, kind team.",
    ],
    requirements: [
      "Several years building production web apps with TypeScript and React.",
      "Care for performance, accessibility and clear writing.",
      "Comfort working across time zones, mostly in writing.",
    ],
    postedAt: "2026-02-02",
    open: true,
  },
  {
    id: "live-class-producer",
    title: "Live Class Producer",
    team: "Content",
    location: "Los Angeles, California (hybrid)",
    employmentType: "Full time",
    summary: "Make sure every live class starts on time, sounds beautiful and feels welcoming.",
    responsibilities: [
      "Produce live classes with our teachers, from rehearsal to recording.",
      "Look after audio, lighting and the on-demand edit.",
      "Be the calm voice when something goes wrong on air.",
    ],
    requirements: [
      "Experience producing live streams, podcasts or broadcast.",
      "A good ear for sound and a steady hand under pressure.",
      "Interest in meditation, mindfulness or breathwork.",
    ],
    postedAt: "2026-01-19",
    open: true,
  },
  {
    id: "community-lead",
    title: "Community Lead",
    team: "Member Experience",
    location: "Remote (UK or Ireland)",
    employmentType: "Full time",
    summary: "Look after the people who practise with us, in live classes, circles and our member support inbox.",
    responsibilities: [
      "Host community circles and welcome new members.",
      "Answer member questions warmly and quickly.",
      "Share what members tell us with the product and teaching teams.",
    ],
    requirements: [
      "Experience in community, support or hospitality roles.",
      "Clear, kind writing.",
      "A personal meditation or breathwork practice is a plus.",
    ],
    postedAt: "2025-12-08",
    open: true,
  },
  {
    id: "head-of-teacher-development",
    title: "Head of Teacher Development",
    team: "Teaching",
    location: "New York, New York",
    employmentType: "Full time",
    summary: "Grow and support our teaching community. This role has been filled; thank you to everyone who applied.",
    responsibilities: ["Lead teacher training and mentoring.", "Shape the standards for every live class."],
    requirements: ["Years of experience teaching and training teachers."],
    postedAt: "2025-08-14",
    open: false,
  },
];

// ---------------------------------------------------------------------------
// Member quotes
// ---------------------------------------------------------------------------

export const demoQuotes: Quote[] = [
  ["I came for the sleep classes and stayed for the mornings.", "Rachel", "Member since 2024, Seattle"],
  ["Practising live with people all over the world makes me feel less alone.", "Tunde", "Member since 2023, Lagos"],
  ["Ten minutes a day, and I'm a kinder version of myself.", "Marta", "Member since 2025, Barcelona"],
  ["The teachers feel like friends who happen to be very good at breathing.", "Josh", "Member since 2024, Austin"],
  ["I finally have something to do with my hands when my mind races: breathe.", "Aiyana", "Member since 2025, Albuquerque"],
  ["No streaks, no guilt, just a calm place to come back to.", "Felix", "Member since 2023, Hamburg"],
].map(([text, name, detail], index) => ({ id: `quote-${index + 1}`, text, name, detail, order: index + 1, kind: "member" as const }));

/** Issue 27: invented lines for the quote of the day, one a day in rotation, attributed to the demo's teachers. */
export const demoDailyQuotes: Quote[] = [
  ["The breath you are taking now is the only one you need to get right.", "Amara Eze-Holloway"],
  ["Rest is not the prize at the end of the work. It is part of the work.", "Jonah Whitcombe"],
  ["Notice one thing you can hear, and let that be enough for a moment.", "Amara Eze-Holloway"],
  ["A wandering mind is not a failure. Coming back is the practice.", "Jonah Whitcombe"],
  ["Soften the jaw, drop the shoulders, and see what else lets go.", "Amara Eze-Holloway"],
  ["Small and often beats long and rare.", "Jonah Whitcombe"],
  ["You do not have to feel calm to sit down. You only have to sit down.", "Amara Eze-Holloway"],
].map(([text, name], index) => ({
  id: `daily-${index + 1}`,
  text,
  name,
  detail: "Stillhour teacher",
  order: 100 + index,
  kind: "daily" as const,
}));

// ---------------------------------------------------------------------------
// Learn series
// ---------------------------------------------------------------------------

type LessonSeed = [slug: string, title: string, summary: string, minutes: number, p1: string, p2: string];

function series(
  order: number,
  slug: string,
  title: string,
  summary: string,
  color: string,
  lessons: LessonSeed[],
): Omit<LearningSeries, "published"> {
  return {
    id: `learn-${slug}`,
    slug,
    title,
    summary,
    color,
    order,
    lessons: lessons.map(([lessonSlug, lessonTitle, lessonSummary, minutes, p1, p2]) => ({
      slug: lessonSlug,
      title: lessonTitle,
      summary: lessonSummary,
      durationMinutes: minutes,
      bodyHtml: `<p>${p1}</p>\n<p>${p2}</p>`,
    })),
  };
}

export const demoLearningPages: Array<Omit<LearningSeries, "published">> = [
  series(1, "meditation-basics", "Meditation basics", "Five short lessons for your very first week of practice.", "#d2a24c", [
    [
      "what-meditation-is",
      "What meditation is (and isn't)",
      "Letting go of the idea of an empty mind.",
      5,
      "Meditation is simply choosing where to rest your attention, and returning when it drifts. It isn't about stopping your thoughts or feeling blissful.",
      "Today, sit for three minutes and count how many times your mind wanders. Every count is a success.",
    ],
    [
      "finding-a-posture",
      "Finding a comfortable posture",
      "Chairs, cushions and beds all count.",
      4,
      "A good posture is one you can stay in without strain. Sit on a chair with your feet flat, on a cushion, or lie down if sitting hurts.",
      "Let your spine be tall but not stiff, like a stack of coins. Let your hands rest wherever they feel heavy.",
    ],
    [
      "resting-on-the-breath",
      "Resting on the breath",
      "Your breath is always here, so it makes a good anchor.",
      6,
      "Notice where you feel the breath most clearly: the nose, the chest or the belly. Let your attention rest there.",
      "You don't need to change the breath. Just feel each one arrive and leave, like watching waves.",
    ],
    [
      "when-the-mind-wanders",
      "When the mind wanders",
      "The return is the practice.",
      5,
      "Your mind will wander, often within seconds. When you notice, say 'thinking' softly in your head and come back to the breath.",
      "Try not to scold yourself. A gentle return builds the habit faster than a harsh one.",
    ],
    [
      "making-it-a-habit",
      "Making it a habit",
      "Small, regular and kind.",
      4,
      "Pick a time you already have each day and attach a short practice to it. Five minutes after your morning coffee is plenty.",
      "If you miss a day, just begin again. Habits are built from returns, not perfect records.",
    ],
  ]),
  series(2, "breathwork-101", "Breathwork 101", "Four gentle lessons on using your breath to change how you feel.", "#c0683f", [
    [
      "your-natural-breath",
      "Meet your natural breath",
      "Notice before you change anything.",
      5,
      "Before learning any technique, spend a few minutes noticing how you breathe right now. Is it fast or slow, high in the chest or low in the belly?",
      "There's no right answer. This is simply where you're starting from today.",
    ],
    [
      "slow-and-steady",
      "Slow and steady",
      "An even rhythm to settle the body.",
      6,
      "Breathe in for four counts and out for four counts, through your nose if you can. Keep it smooth and comfortable.",
      "After a few minutes, notice how your body feels. Many people feel a little heavier and calmer.",
    ],
    [
      "the-longer-exhale",
      "The longer exhale",
      "A simple way to downshift.",
      6,
      "Keep the in-breath at four counts and let the out-breath stretch to six. Go gently; if six feels like a strain, try five.",
      "Use this pattern whenever you want to wind down: before bed, after a difficult call or while waiting.",
    ],
    [
      "breathing-on-the-go",
      "Breathing on the go",
      "Practices you can do with your eyes open.",
      4,
      "You can practise in a queue, on a train or at your desk. Keep your eyes open, soften your shoulders and take three slow breaths.",
      "Nobody needs to know you're doing it. That's part of the charm.",
    ],
  ]),
  series(3, "sleep-foundations", "Sleep foundations", "Four lessons for calmer evenings and kinder nights.", "#4f6d8f", [
    [
      "a-wind-down-routine",
      "Build a wind-down routine",
      "Give your body a signal that the day is ending.",
      5,
      "An hour before bed, dim the lights and choose one calming thing to do each night: a bath, a book or a short meditation.",
      "Repeating the same steps in the same order helps your body learn that sleep is coming.",
    ],
    [
      "the-evening-body-scan",
      "The evening body scan",
      "Relax from your toes to your head.",
      12,
      "Lie down and bring your attention to your feet. Slowly move it up through your legs, belly, chest, arms and face.",
      "You don't need to relax anything on purpose. Noticing is often enough for the body to soften by itself.",
    ],
    [
      "when-sleep-wont-come",
      "When sleep won't come",
      "Rest instead of chasing sleep.",
      6,
      "Trying hard to sleep tends to keep us awake. Instead, aim simply to rest, feeling your breath and the weight of the blanket.",
      "If you're still wide awake after a while, get up and sit somewhere dim until you feel drowsy again.",
    ],
    [
      "mornings-matter",
      "Mornings matter too",
      "Good nights start with good mornings.",
      4,
      "Getting daylight soon after waking, and waking at a similar time each day, helps your body know when to feel sleepy at night.",
      "Pair your morning light with three slow breaths and you've started a kinder day and a kinder night.",
    ],
  ]),
];

// ---------------------------------------------------------------------------
// Live class schedule
// ---------------------------------------------------------------------------

/**
 * The demo's recurring live classes (issue 9), each on the wall clock of the zone it is taught from.
 * "Seven-Minute Focus" has one seat, so the waitlist can be tried; "Tide", "Evening Sound Bath" and
 * "Present Evening" also take one credit from a class pack, for people without a membership (issue 11).
 */
export const demoClassTemplates: ClassTemplate[] = [
  {
    id: "breath",
    title: "Morning Breath",
    teacherId: T.amara,
    modality: "breathwork",
    level: "All levels",
    durationMinutes: 20,
    tags: [],
    capacity: 12,
    timeZone: "America/Los_Angeles",
    weekdays: [1, 5],
    localTime: "07:30",
    description: "Bright, rhythmic breathing to wake up body and mind. Gentle options throughout.",
    whatToHaveReady: "A place to sit or lie down, and a glass of water.",
    active: true,
    creditCost: null,
  },
  {
    id: "tide",
    title: "Tide: Breath and Movement",
    teacherId: T.mateo,
    modality: "breathwork",
    level: "Beginner friendly",
    durationMinutes: 30,
    tags: [],
    capacity: 40,
    timeZone: "America/New_York",
    weekdays: [2, 6],
    localTime: "07:30",
    description: "Slow movement set to an easy breathing rhythm. Just a little floor space needed.",
    whatToHaveReady: "A place to sit or lie down, and a glass of water.",
    active: true,
    creditCost: 1,
  },
  {
    id: "focus",
    title: "Seven-Minute Focus",
    teacherId: T.priya,
    modality: "mindfulness",
    level: "All levels",
    durationMinutes: 10,
    tags: [],
    capacity: 1,
    timeZone: "Europe/London",
    weekdays: [3, 7],
    localTime: "08:00",
    description: "A short, practical sit to start the workday with one thing in mind.",
    whatToHaveReady: "Nothing at all: a chair and a few quiet minutes will do.",
    active: true,
    creditCost: null,
  },
  {
    id: "ground",
    title: "Grounded Start",
    teacherId: T.imani,
    modality: "breathwork",
    level: "Intermediate",
    durationMinutes: 20,
    tags: [],
    capacity: 12,
    timeZone: "Europe/Berlin",
    weekdays: [4],
    localTime: "07:30",
    description: "Longer exhales and grounding to meet the day from a steady place.",
    whatToHaveReady: "A place to sit or lie down, and a glass of water.",
    active: true,
    creditCost: null,
  },
  {
    id: "kind",
    title: "Kind Morning",
    teacherId: T.leila,
    modality: "mindfulness",
    level: "Beginner friendly",
    durationMinutes: 15,
    tags: [],
    capacity: 40,
    timeZone: "Australia/Sydney",
    weekdays: [6],
    localTime: "08:00",
    description: "A warm, simple practice of self-kindness to carry into whatever comes next.",
    whatToHaveReady: "Nothing at all: a chair and a few quiet minutes will do.",
    active: true,
    creditCost: null,
  },
  {
    id: "sleep",
    title: "Soft Landing",
    teacherId: T.jonah,
    modality: "meditation",
    level: "All levels",
    durationMinutes: 30,
    tags: [],
    capacity: 40,
    timeZone: "America/Los_Angeles",
    weekdays: [1],
    localTime: "20:00",
    description: "A slow body scan and long exhales to set the day down before bed.",
    whatToHaveReady: "Somewhere comfortable and a blanket if you tend to get cold.",
    active: true,
    creditCost: null,
  },
  {
    id: "sound",
    title: "Evening Sound Bath",
    teacherId: T.noa,
    modality: "meditation",
    level: "Beginner friendly",
    durationMinutes: 45,
    tags: [],
    capacity: 12,
    timeZone: "America/New_York",
    weekdays: [2],
    localTime: "19:00",
    description: "Singing bowls and quiet field recordings. Lie down, get warm and listen.",
    whatToHaveReady: "Somewhere comfortable and a blanket if you tend to get cold.",
    active: true,
    creditCost: 1,
  },
  {
    id: "beats",
    title: "Beats: Unwind",
    teacherId: T.kenji,
    modality: "meditation",
    level: "All levels",
    durationMinutes: 25,
    tags: [],
    capacity: 40,
    timeZone: "Europe/London",
    weekdays: [3],
    localTime: "18:30",
    description: "A guided sit set to a slow, original soundscape. Headphones recommended.",
    whatToHaveReady: "Somewhere comfortable and a blanket if you tend to get cold.",
    active: true,
    creditCost: null,
  },
  {
    id: "still",
    title: "Stillwater Sit",
    teacherId: T.saoirse,
    modality: "meditation",
    level: "Intermediate",
    durationMinutes: 30,
    tags: [],
    capacity: 40,
    timeZone: "Europe/Berlin",
    weekdays: [4],
    localTime: "19:00",
    description: "A spacious, quiet meditation with plenty of silence and gentle guidance.",
    whatToHaveReady: "Somewhere comfortable and a blanket if you tend to get cold.",
    active: true,
    creditCost: null,
  },
  {
    id: "reset",
    title: "Nervous System Reset Live",
    teacherId: T.imani,
    modality: "breathwork",
    level: "Beginner friendly",
    durationMinutes: 20,
    tags: [],
    capacity: 12,
    timeZone: "Australia/Sydney",
    weekdays: [5],
    localTime: "19:30",
    description: "Slow breathing and grounding for a body that's been on all day.",
    whatToHaveReady: "A place to sit or lie down, and a glass of water.",
    active: true,
    creditCost: null,
  },
  {
    id: "drift",
    title: "Drift to Sleep",
    teacherId: T.jonah,
    modality: "meditation",
    level: "All levels",
    durationMinutes: 40,
    tags: [],
    capacity: 40,
    timeZone: "America/Los_Angeles",
    weekdays: [6],
    localTime: "20:30",
    description: "An unhurried wind-down that fades out gently. Most people don't hear the end.",
    whatToHaveReady: "Somewhere comfortable and a blanket if you tend to get cold.",
    active: true,
    creditCost: null,
  },
  {
    id: "present",
    title: "Present Evening",
    teacherId: T.priya,
    modality: "mindfulness",
    level: "Beginner friendly",
    durationMinutes: 20,
    tags: [],
    capacity: 40,
    timeZone: "America/New_York",
    weekdays: [7],
    localTime: "18:30",
    description: "Leave work at work with a short, friendly practice of noticing.",
    whatToHaveReady: "Nothing at all: a chair and a few quiet minutes will do.",
    active: true,
    creditCost: 1,
  },
];

/** Three weeks of classes from the demo templates, starting at `now`; ids are stable per date. */
export function upcomingClasses(now: Date, weeks = 3): LiveClass[] {
  return demoClassTemplates.flatMap((template) => occurrences(template, now, weeks)).sort((x, y) => x.startsAt.localeCompare(y.startsAt));
}

// ---------------------------------------------------------------------------

function slugify(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
