import type { LandingPage } from "~/models/content/landing-page";
import { T, type TeacherKey } from "./teachers";

/**
 * Demo copy for the 16 lander pages and 17 partner pages. All of it is original and fictional.
 * Partner pages are neutral "Stillhour for <Partner> customers" pages: each says plainly that it
 * is a demo and that the named brand has not reviewed or endorsed it.
 */

type LogoStyle = LandingPage["logo"]["style"];

interface CommonSeed {
  slug: string;
  partnerName: string;
  logo: [text: string, style: LogoStyle];
  eyebrow: string;
  headline: string;
  subheadline: string;
  body: string[];
  /**
   * `trialDays` is the whole free trial the page's code gives (the seed makes the code from it, app/demo/
   * promotion-codes.ts); a page without a code offers the plans' own week. The copy may name a length
   * only if it is this one: the offer model checks it (ADR 056).
   */
  offer: { title: string; description: string; code: string | null; trialDays: number };
  ctaLabel: string;
  testimonials: [quote: string, name: string, city: string][];
  teachers: TeacherKey[];
  accent: string;
  seoTitle: string;
  seoDescription: string;
}

interface LanderSeed extends CommonSeed {
  steps: [title: string, body: string][];
  faq: [question: string, answer: string][];
}

interface PartnerSeed extends CommonSeed {
  offer: { title: string; description: string; code: string; trialDays: number };
  /** The third "how it works" step, specific to this partner page. */
  firstClass: [title: string, body: string];
  /** One question specific to this partner page. */
  question: [question: string, answer: string];
}

const SUBSCRIBE = "/subscribe";

function build(seed: CommonSeed, kind: LandingPage["kind"], steps: LandingPage["steps"], faq: LandingPage["faq"]): LandingPage {
  return {
    slug: seed.slug,
    kind,
    partnerName: seed.partnerName,
    logo: { text: seed.logo[0], style: seed.logo[1] },
    eyebrow: seed.eyebrow,
    headline: seed.headline,
    subheadline: seed.subheadline,
    body: seed.body,
    offer: {
      title: seed.offer.title,
      description: seed.offer.description,
      promotionCode: seed.offer.code,
      trialDays: seed.offer.trialDays,
    },
    cta: { label: seed.ctaLabel, href: SUBSCRIBE },
    steps,
    testimonials: seed.testimonials.map(([quote, name, city]) => ({ quote, name, detail: city })),
    faq,
    teacherIds: seed.teachers.map((key) => T[key]),
    accentColor: seed.accent,
    seoTitle: seed.seoTitle,
    seoDescription: seed.seoDescription,
  };
}

function lander(seed: LanderSeed): LandingPage {
  return build(
    seed,
    "lander",
    seed.steps.map(([title, body]) => ({ title, body })),
    seed.faq.map(([question, answer]) => ({ question, answer })),
  );
}

function partner(seed: PartnerSeed): LandingPage {
  const { code, trialDays } = seed.offer;
  const name = seed.partnerName;
  return build(
    seed,
    "partner",
    [
      {
        title: "Choose the button on this page",
        body: `Your code ${code} comes along with you, so there is nothing to copy or remember.`,
      },
      {
        title: `Take ${trialDays} days to explore`,
        body: "Join live classes, browse the on-demand library and find the teachers you like. Cancel any time in settings.",
      },
      { title: seed.firstClass[0], body: seed.firstClass[1] },
    ],
    [
      {
        question: `How do I use the code ${code}?`,
        answer: `It is added for you when you start from this page. You can also type ${code} on the subscribe page before you pay.`,
      },
      { question: seed.question[0], answer: seed.question[1] },
      {
        question: `Is this an official ${name} page?`,
        answer: `No. This is a demo page on the site of Stillhour, a fictional company. ${name} has not reviewed or endorsed it, and the offer is for demonstration only.`,
      },
    ],
  );
}

const LANDERS: LanderSeed[] = [
  {
    slug: "beats",
    partnerName: "Stillhour Beats",
    logo: ["Stillhour Beats", "caps"],
    eyebrow: "Music and meditation",
    headline: "Meditation with a rhythm you can feel.",
    subheadline: "Guided sits set to slow, original soundscapes. Press play, breathe with the beat, let the rest fall away.",
    body: [
      "Some days silence feels like too much. Stillhour Beats gives your mind something gentle to hold on to: warm bass, soft percussion and a teacher's voice that arrives right on time.",
      "Every track is written for the class it lives in. The tempo slows as you do, so by the last few minutes your breath and the music move together without any effort at all.",
      "Use it on a walk, at your desk with headphones, or lying on the floor after a long day. There is no wrong way to listen.",
    ],
    offer: {
      title: "Two weeks of music-led classes",
      description: "Unlimited Beats sessions, live listening parties and the full on-demand library, free for 14 days.",
      code: "BEATS14",
      trialDays: 14,
    },
    ctaLabel: "Start listening",
    steps: [
      ["Pick a mood", "Choose from Lift, Focus, Unwind or Drift. Each one has its own tempo and teacher."],
      ["Put on headphones", "The mixes are made for headphones, but a small speaker works fine too."],
      ["Follow the beat", "Breathe in for four beats, out for four. Your teacher will count you in."],
    ],
    testimonials: [
      ["I never managed to sit in silence. With music, I actually look forward to it.", "Dev", "Chicago"],
      ["The Drift mixes have replaced my evening scroll. I'm asleep by track three.", "Hana", "Seattle"],
    ],
    faq: [
      ["Is the music original?", "Yes. Every soundscape is composed for Stillhour classes and you won't find it anywhere else."],
      ["Can I use Beats offline?", "You can download up to twenty sessions in the app and listen without a connection."],
      ["Do I need to know how to meditate?", "Not at all. The beat does a lot of the work, and every class starts from the beginning."],
    ],
    teachers: ["kenji", "noa", "amara"],
    accent: "#8a6fd1",
    seoTitle: "Stillhour Beats: meditation set to music",
    seoDescription: "Guided meditations set to slow, original soundscapes. Try Stillhour Beats free for 14 days.",
  },
  {
    slug: "becoming-magnetic",
    partnerName: "Becoming Magnetic",
    logo: ["Becoming Magnetic", "serif"],
    eyebrow: "A 21-day programme",
    headline: "Let people meet the steady, open you.",
    subheadline: "Three weeks of short practices for presence, confidence and the kind of warmth that draws people in.",
    body: [
      "Magnetism is not about being the loudest person in the room. It is about being fully there: listening well, speaking from a settled place and letting people feel at ease around you.",
      "Becoming Magnetic is a 21-day programme of ten-minute practices. You'll work with posture and breath in week one, attention and listening in week two, and self-trust in week three.",
    ],
    offer: {
      title: "Begin with a free week",
      description: "The full programme, daily reminders if you want them and every live class on the schedule, free for a week.",
      code: null,
      trialDays: 7,
    },
    ctaLabel: "Begin the programme",
    steps: [
      ["Week one: arrive", "Settle your body and breath so you can feel steady before you speak."],
      ["Week two: attend", "Practise listening with your whole attention, one conversation at a time."],
      ["Week three: trust", "Build a quiet confidence that doesn't depend on anyone's approval."],
    ],
    testimonials: [
      ["I used to rehearse every sentence before meetings. Now I breathe and just show up.", "Marisol", "San Diego"],
      ["My partner noticed before I did. I'm calmer, and I listen better.", "Theo", "Melbourne"],
    ],
    faq: [
      ["How long is each practice?", "Most are ten minutes. A few of the listening exercises happen during your normal day."],
      ["What if I miss a day?", "Pick up where you left off. The programme waits for you."],
      ["Is this about dating?", "It can help there, but it's really about how you show up anywhere: work, friendships and family."],
    ],
    teachers: ["leila", "imani", "priya"],
    accent: "#d1708a",
    seoTitle: "Becoming Magnetic: a 21-day presence programme",
    seoDescription: "Ten-minute daily practices for presence, listening and quiet confidence. Begin free with Stillhour.",
  },
  {
    slug: "challenge",
    partnerName: "The 30-Day Challenge",
    logo: ["30 Days", "caps"],
    eyebrow: "One class a day",
    headline: "Thirty days. One small pause each day.",
    subheadline: "A friendly challenge to build a habit that lasts. Miss a day? Just begin again.",
    body: [
      "Habits grow from small, repeated moments. The 30-Day Challenge gives you one short class a day, a gentle check-in and a community practising alongside you.",
      "There is no streak to lose and no leaderboard. Each day you choose a class that fits: five minutes of breath before work, a body scan at lunch or a wind-down at night.",
      "By the end of the month, most people find they no longer need reminding.",
    ],
    offer: {
      title: "Thirty days, on us",
      description: "Thirty days of live and on-demand classes, plus the challenge tracker and weekly group sessions.",
      code: "CHALLENGE30",
      trialDays: 30,
    },
    ctaLabel: "Join the challenge",
    steps: [
      ["Join", "Sign up and pick a time of day that works for you."],
      ["Practise", "Take any class each day. Five minutes counts."],
      ["Reflect", "Every Sunday, a short live session to notice what has changed."],
    ],
    testimonials: [
      ["I missed four days and finished anyway. That's why it worked for me.", "Aaron", "Denver"],
      ["Thirty days turned into two hundred. I still practise every morning.", "Yuki", "Vancouver"],
    ],
    faq: [
      ["When does the challenge start?", "Whenever you join. Your thirty days begin with your first class."],
      ["Do I have to practise every single day?", "It's an invitation, not a rule. If you miss a day, you simply carry on."],
      ["Is there a group?", "Yes. Weekly live reflection sessions let you practise and share with others taking part."],
    ],
    teachers: ["amara", "priya", "mateo"],
    accent: "#e39a7b",
    seoTitle: "The Stillhour 30-Day Challenge",
    seoDescription: "One short class a day for thirty days. A friendly way to build a mindfulness habit.",
  },
  {
    slug: "cycle-syncing",
    partnerName: "Cycle Syncing",
    logo: ["Cycle Syncing", "script"],
    eyebrow: "Practice for every phase",
    headline: "Practices that move with your cycle, not against it.",
    subheadline: "Energising breathwork when you feel bright, soft rest when you don't. Every phase has its own practice.",
    body: [
      "Energy, focus and mood can shift across a menstrual cycle. Cycle Syncing offers a simple plan of classes matched to each phase, so your practice meets you where you are this week.",
      "Tell us roughly where you are in your cycle, or skip it and choose by how you feel today. Either way, you'll find a class that fits. This programme is for wellbeing and isn't medical advice.",
    ],
    offer: {
      title: "Two weeks to find your rhythm",
      description: "The phase-by-phase plan, live classes and the on-demand library, free for 14 days.",
      code: "CYCLE14",
      trialDays: 14,
    },
    ctaLabel: "Find my phase",
    steps: [
      ["Check in", "Share your phase, or just how your energy feels today."],
      ["Get a plan", "We suggest two or three classes that suit this part of your cycle."],
      ["Adjust as you go", "Swap any class for another. Your body has the final say."],
    ],
    testimonials: [
      ["I stopped pushing through hard days and started planning for them.", "Renée", "Montreal"],
      ["The rest classes in my late luteal week are now non-negotiable.", "Adaeze", "London"],
    ],
    faq: [
      ["Do I need to track my cycle?", "No. Tracking helps, but you can always choose by how you feel."],
      ["Is this medical advice?", "No. These are wellbeing practices. Please talk to a clinician about any health concerns."],
      ["Is it only for people who menstruate?", "The plan is built around the menstrual cycle, but anyone is welcome to take the classes."],
    ],
    teachers: ["leila", "noa", "saoirse"],
    accent: "#c0607a",
    seoTitle: "Cycle Syncing: mindfulness for every phase",
    seoDescription: "Breathwork and meditation matched to each phase of your cycle. Try Stillhour free for 14 days.",
  },
  {
    slug: "emotional-intelligence-training",
    partnerName: "Emotional Intelligence Training",
    logo: ["EQ Training", "sans"],
    eyebrow: "A four-week course",
    headline: "Name it, feel it, choose what comes next.",
    subheadline: "Four weeks of live and recorded lessons to help you understand your feelings and respond instead of react.",
    body: [
      "Emotional intelligence is a set of skills, and skills can be learned. This course walks you through them in order: noticing a feeling, naming it, staying with it and choosing a response.",
      "Each week has one live workshop and four short practices. You'll leave with tools you can use in a tense meeting, a hard conversation or a long evening alone.",
      "It is practical, kind and a little bit brave.",
    ],
    offer: {
      title: "Week one free",
      description: "Start the course, join the first live workshop and keep every practice you download.",
      code: null,
      trialDays: 7,
    },
    ctaLabel: "Start week one",
    steps: [
      ["Notice", "Learn where feelings show up in your body before you have words for them."],
      ["Name", "Build a richer vocabulary so 'fine' and 'stressed' aren't your only options."],
      ["Respond", "Practise a short pause that gives you room to choose your next move."],
    ],
    testimonials: [
      ["I finally understand why I snap at 6pm. And I have something to do about it.", "Jordan", "Atlanta"],
      ["The naming exercise sounds simple. It has changed how my team talks.", "Farah", "Dubai"],
    ],
    faq: [
      ["Is this therapy?", "No. It's skills-based education. If you're struggling, a licensed professional is the right next step."],
      ["What if I can't make the live workshop?", "Every workshop is recorded and ready in your library the same day."],
      ["Can my team take it together?", "Yes. Write to us about group places and we'll set up a private cohort."],
    ],
    teachers: ["leila", "priya", "saoirse"],
    accent: "#5a8fb0",
    seoTitle: "Emotional Intelligence Training | Stillhour",
    seoDescription: "A gentle course to notice, name and respond to your feelings. Start week one free.",
  },
  {
    slug: "sleep",
    partnerName: "Sleep",
    logo: ["Stillhour Sleep", "serif"],
    eyebrow: "For restless nights",
    headline: "Tonight, let sleep come to you.",
    subheadline: "Slow voices, soft sound and body scans that help your mind put the day down.",
    body: [
      "Trying hard to sleep rarely works. Our sleep classes do the opposite: they give your attention somewhere slow and safe to rest, and let drowsiness arrive on its own.",
      "Choose a body scan, a story, a breathing pattern or a soundscape. Set a timer so the audio fades out, and the library will be there if you wake at three in the morning.",
    ],
    offer: {
      title: "Sleep better, free for a week",
      description: "Every sleep class, live evening wind-downs and the full library, free for seven days.",
      code: "SLEEPWELL",
      trialDays: 7,
    },
    ctaLabel: "Try it tonight",
    steps: [
      ["Get comfortable", "Lie down, dim the screen and turn on the fade-out timer."],
      ["Listen", "Follow the voice for as long as you're awake. There's nothing to do right."],
      ["Drift", "When you wake in the night, a shorter 'back to sleep' class is ready."],
    ],
    testimonials: [
      ["Jonah's body scan has a perfect record. I have never heard the end of it.", "Claire", "Bristol"],
      ["I used to dread 3am. Now I have something kind to listen to.", "Marcus", "Houston"],
    ],
    faq: [
      ["Will the audio wake me up when it ends?", "No. Sleep classes fade out gently and the app stays quiet afterwards."],
      ["How long are the classes?", "Between ten and forty-five minutes. Many people choose one of the longer ones."],
      ["Can I listen with the screen off?", "Yes. Audio keeps playing with your phone locked."],
    ],
    teachers: ["jonah", "noa"],
    accent: "#4f6d8f",
    seoTitle: "Sleep meditations and wind-downs | Stillhour",
    seoDescription: "Body scans, soundscapes and slow stories to help you fall asleep. Try Stillhour Sleep free.",
  },
  {
    slug: "dear-mama",
    partnerName: "Dear Mama",
    logo: ["Dear Mama", "script"],
    eyebrow: "For mothers and caregivers",
    headline: "You look after everyone. This is for you.",
    subheadline: "Short classes that fit into nap times, school runs and the quiet minute after bedtime.",
    body: [
      "Caring for others is beautiful work, and it is also a lot. Dear Mama is a collection of classes made for real family life: most are under ten minutes, and none of them need silence.",
      "There are breathing practices you can do while rocking a baby, meditations for the car park before pickup and gentle rest for when the house is finally asleep.",
      "Come as you are, with the laundry still waiting.",
    ],
    offer: {
      title: "Two calmer weeks, on us",
      description: "Dear Mama classes, live evening rest sessions and a caregivers' community circle, free for 14 days.",
      code: "DEARMAMA",
      trialDays: 14,
    },
    ctaLabel: "Take a moment",
    steps: [
      ["Pick a length", "Three, five or ten minutes. Choose what you have today."],
      ["Practise anywhere", "Many classes work with a child on your lap or noise in the background."],
      ["Join the circle", "Meet other caregivers in a gentle live session every Thursday evening."],
    ],
    testimonials: [
      ["The three-minute reset in the car before school pickup has saved my afternoons.", "Bianca", "Phoenix"],
      ["Finally, a meditation that doesn't ask me to find a quiet room.", "Nkechi", "Manchester"],
    ],
    faq: [
      [
        "I have a newborn. Is this for me?",
        "Yes. Several classes are designed for the early weeks, including ones you can do while feeding.",
      ],
      ["Is it only for mothers?", "Dear Mama is for anyone who cares for others: parents, grandparents, carers and guardians."],
      ["What if I get interrupted?", "Classes save your place. Come back to the same spot whenever you can."],
    ],
    teachers: ["leila", "imani", "amara"],
    accent: "#d48a6a",
    seoTitle: "Dear Mama: mindfulness for mothers and caregivers",
    seoDescription: "Short meditations and breathing practices that fit into family life. Free for 14 days.",
  },
  {
    slug: "focused-mind",
    partnerName: "Focused Mind",
    logo: ["Focused Mind", "sans"],
    eyebrow: "Attention training",
    headline: "Do one thing at a time, and do it well.",
    subheadline: "Short, practical sessions that train your attention the way exercise trains a muscle.",
    body: [
      "Your attention is pulled in a hundred directions a day. Focused Mind helps you bring it back, gently and often, until coming back starts to feel natural.",
      "Start your workday with a seven-minute focus session, take a one-minute reset between meetings, and end with a short practice that helps you leave work at work.",
    ],
    offer: {
      title: "A focused first week",
      description: "The Focused Mind track, live lunchtime sessions and deep-work soundscapes, free for seven days.",
      code: null,
      trialDays: 7,
    },
    ctaLabel: "Start focusing",
    steps: [
      ["Warm up", "A seven-minute session before you open your inbox."],
      ["Reset", "One-minute breathing breaks between tasks or meetings."],
      ["Close", "A short practice to mark the end of the workday."],
    ],
    testimonials: [
      ["I used to have twenty tabs open in my head. Now it's two or three.", "Sam", "Boston"],
      ["The one-minute reset is the best thing in my calendar.", "Ingrid", "Oslo"],
    ],
    faq: [
      ["Can I use it during work?", "Yes. Most sessions are short, and many can be done with your eyes open at your desk."],
      [
        "Will it help with procrastination?",
        "Many members find it easier to start tasks once they've practised noticing distraction kindly.",
      ],
      ["Is there music for deep work?", "Yes. Focus soundscapes run from twenty-five to ninety minutes."],
    ],
    teachers: ["priya", "kenji"],
    accent: "#4c9a8a",
    seoTitle: "Focused Mind: attention training | Stillhour",
    seoDescription: "Short, practical sessions to train attention and focus. Try the Focused Mind track free for a week.",
  },
  {
    slug: "global",
    partnerName: "Stillhour Global",
    logo: ["Stillhour Global", "caps"],
    eyebrow: "Live, around the clock",
    headline: "Wherever you wake up, someone is practising with you.",
    subheadline: "Live classes from teachers in Berlin, Dublin, Mexico City and beyond, scheduled for your time zone.",
    body: [
      "Stillhour began as a few live classes a day. Today members join from more than sixty countries, and there is almost always a class starting within the hour.",
      "Times show in your own zone, so you can practise at sunrise in Sydney or at midnight in Lisbon. Teachers guide in plain, unhurried English, and many classes include a few minutes of shared silence.",
      "It turns out calm travels well.",
    ],
    offer: {
      title: "Practise from anywhere",
      description: "Every live class in every time zone, plus the on-demand library, free for 14 days.",
      code: "GLOBAL14",
      trialDays: 14,
    },
    ctaLabel: "See classes near my time",
    steps: [
      ["Set your time zone", "We detect it automatically, and you can change it in settings."],
      ["Browse the week", "Live classes run morning, midday and night wherever you are."],
      ["Join live", "Camera on or off. Practise with people from around the world."],
    ],
    testimonials: [
      ["I travel constantly. Knowing a live class is always on keeps me steady.", "Lucía", "Madrid"],
      ["Practising with people in six countries at once never gets old.", "Kwame", "Accra"],
    ],
    faq: [
      ["Are classes in English?", "Most are. A handful of Spanish and German sessions run each week."],
      ["How do I know when a class starts?", "Every time on the schedule is shown in your own time zone."],
      ["Do I need a camera?", "No. You can join with your camera off and still practise together."],
    ],
    teachers: ["noa", "mateo", "saoirse"],
    accent: "#3f7fa8",
    seoTitle: "Stillhour Global: live classes in every time zone",
    seoDescription: "Live meditation and breathwork around the clock, shown in your own time zone. Free for 14 days.",
  },
  {
    slug: "good-grief",
    partnerName: "Good Grief",
    logo: ["Good Grief", "serif"],
    eyebrow: "A gentle companion for loss",
    headline: "There is no right way to grieve. There is company.",
    subheadline: "Quiet practices and kind voices for the days after a loss, and the many days after that.",
    body: [
      "Grief doesn't follow a timetable. Good Grief is a small, unhurried collection of meditations for whatever today brings: numbness, anger, memory, exhaustion or an unexpected moment of laughter.",
      "You can take one class, or none for a while and then three in a row. There's a monthly live circle for those who want company, and nothing you have to share.",
      "These classes are a companion, not a replacement for support from people who love you or from a professional.",
    ],
    offer: {
      title: "Take all the time you need",
      description: "The Good Grief collection, monthly live circles and the full library, free for 30 days.",
      code: "GRIEF30",
      trialDays: 30,
    },
    ctaLabel: "Begin gently",
    steps: [
      ["Start where you are", "Choose a class by how today feels, not by a plan."],
      ["Rest when you need to", "Short practices for sleep and for hard moments during the day."],
      ["Find company", "A monthly live circle held by teachers trained in grief support."],
    ],
    testimonials: [
      ["Saoirse's voice was the only thing I could listen to for weeks.", "Helen", "Cork"],
      ["It didn't try to fix anything. It just kept me company.", "Andre", "New Orleans"],
    ],
    faq: [
      [
        "Is this grief counselling?",
        "No. It's a meditation collection. If you need more support, please reach out to a grief counsellor or your doctor.",
      ],
      ["Is there a right time to start?", "Whenever you feel ready, even if that's years later."],
      ["Do I have to speak in the live circle?", "No. Many people just listen, and that's welcome."],
    ],
    teachers: ["saoirse", "leila"],
    accent: "#7d8f9a",
    seoTitle: "Good Grief: meditations for loss | Stillhour",
    seoDescription: "Gentle meditations and a monthly live circle for anyone living with loss. Free for 30 days.",
  },
  {
    slug: "heart-and-heartbreak",
    partnerName: "Heart and Heartbreak",
    logo: ["Heart & Heartbreak", "script"],
    eyebrow: "After a breakup",
    headline: "Your heart is healing, even on the days it doesn't feel like it.",
    subheadline: "Twenty-one days of practices for the ache, the replaying and the slow return to yourself.",
    body: [
      "Endings hurt, whether you chose them or not. Heart and Heartbreak is a three-week path through the hardest part, with daily classes for the mornings that feel heavy and the nights that feel long.",
      "You'll practise self-compassion when the story keeps replaying, breathwork for the restless moments and gentle meditations that help you remember who you are on your own.",
    ],
    offer: {
      title: "Three weeks of kindness",
      description: "The full 21-day path, evening check-ins and every live class, free for 21 days.",
      code: "HEART21",
      trialDays: 21,
    },
    ctaLabel: "Start healing",
    steps: [
      ["Feel it", "Week one makes room for the hurt without letting it take over."],
      ["Loosen it", "Week two works with the replaying thoughts and the urge to check their socials."],
      ["Come home", "Week three turns back towards your own life, friends and plans."],
    ],
    testimonials: [
      ["Day nine was the first morning I didn't reach for my phone. Small, but huge.", "Gabriel", "Lisbon"],
      ["Leila's self-compassion class made me cry, in the good way.", "Tamsin", "Brighton"],
    ],
    faq: [
      ["Is this only for romantic breakups?", "No. The practices help with the end of friendships and other close relationships too."],
      ["What if I'm still in touch with my ex?", "That's fine. The programme is about your own steadiness, whatever the situation."],
      ["Can I repeat it?", "Yes. Many people return to it months later and notice how far they've come."],
    ],
    teachers: ["leila", "imani", "saoirse"],
    accent: "#c4566a",
    seoTitle: "Heart and Heartbreak: 21 days after a breakup",
    seoDescription: "Daily meditations and breathwork for the weeks after a breakup. Free for 21 days with Stillhour.",
  },
  {
    slug: "mental-detox",
    partnerName: "Mental Detox",
    logo: ["Mental Detox", "caps"],
    eyebrow: "A seven-day reset",
    headline: "Seven days to clear the noise.",
    subheadline: "Less scrolling, fewer open loops, more room to think. One short practice a day.",
    body: [
      "Your mind collects clutter the way a desk does: notifications, unfinished thoughts, other people's opinions. Mental Detox is a week of simple practices that help you clear some of it away.",
      "Each day pairs a ten-minute meditation with one small change, like a phone-free breakfast or a five-minute brain dump before bed. Small shifts, kept for a week, can feel surprisingly big.",
      "Want a head start? Our free Mental Detox ebook has the whole plan on a few pages.",
    ],
    offer: {
      title: "Your seven-day reset",
      description: "The full Mental Detox week, the companion ebook and the on-demand library, free for seven days.",
      code: "DETOX7",
      trialDays: 7,
    },
    ctaLabel: "Start the reset",
    steps: [
      ["Day one: notice", "See how often your attention gets pulled away, without judging it."],
      ["Days two to six: clear", "One meditation and one small change each day."],
      ["Day seven: choose", "Keep the changes that helped, and let go of the rest."],
    ],
    testimonials: [
      ["The phone-free breakfast stuck. I read actual books now.", "Olu", "Lagos"],
      ["I didn't realise how loud my head was until it got quieter.", "Sienna", "Auckland"],
    ],
    faq: [
      ["Do I have to delete my apps?", "No. The reset is about noticing and small changes, not giving everything up."],
      ["Where is the ebook?", "You'll find it on our Mental Detox ebook page, free to download."],
      ["How much time does it take?", "About fifteen minutes a day, including the small change."],
    ],
    teachers: ["priya", "mateo", "kenji"],
    accent: "#5aa08a",
    seoTitle: "Mental Detox: a seven-day reset | Stillhour",
    seoDescription: "Seven days of short meditations and small changes to clear mental clutter. Start free.",
  },
  {
    slug: "nervous-system-reset",
    partnerName: "Nervous System Reset",
    logo: ["Nervous System Reset", "sans"],
    eyebrow: "21 days of breathwork",
    headline: "Teach your body that it's safe to slow down.",
    subheadline: "A three-week breathwork programme for people who feel wired, tense or always on.",
    body: [
      "When life stays busy for long enough, your body can forget how to switch off. The Nervous System Reset uses slow breathing, gentle movement and grounding to remind it.",
      "Every day brings one guided practice of ten to twenty minutes. The first week builds a steady rhythm, the second lengthens the exhale, and the third helps you find calm on demand, in a queue or before a hard conversation.",
      "Many people notice a difference within the first week. Go at your own pace.",
    ],
    offer: {
      title: "Reset in 21 days",
      description: "The complete programme, live breathwork every morning and the full library, free for 21 days.",
      code: "RESET21",
      trialDays: 21,
    },
    ctaLabel: "Start my reset",
    steps: [
      ["Find your rhythm", "Week one: steady, even breathing to settle the body."],
      ["Lengthen the exhale", "Week two: slower out-breaths that help you downshift."],
      ["Calm on demand", "Week three: short practices you can use anywhere."],
    ],
    testimonials: [
      ["My shoulders came down from my ears for the first time in a year.", "Priscilla", "Dallas"],
      ["Imani's 4-7-8 practice is now my pre-meeting ritual.", "Ben", "Sydney"],
    ],
    faq: [
      [
        "Is breathwork safe for me?",
        "The practices are gentle. If you're pregnant or have a heart or lung condition, check with your doctor first and skip any breath holds.",
      ],
      ["What if I feel lightheaded?", "Return to normal breathing. Every class includes an easier option."],
      ["Do I need any equipment?", "Just somewhere to sit or lie down. A blanket is nice."],
    ],
    teachers: ["imani", "mateo", "amara"],
    accent: "#4f8f7a",
    seoTitle: "Nervous System Reset: 21 days of breathwork",
    seoDescription: "A three-week breathwork programme to help a busy body slow down. Free for 21 days.",
  },
  {
    slug: "oura",
    partnerName: "Oura",
    logo: ["Stillhour for Oura members", "sans"],
    eyebrow: "Rest and recovery",
    headline: "Your readiness matters. So does how you feel.",
    subheadline: "Wind-downs, recovery breathing and sleep classes for nights that count.",
    body: [
      "If you track your sleep, you already know that a calm evening can change the next morning. This page gathers the Stillhour classes that help most: slow breathing before bed, body scans and quiet recovery sits.",
      "Pick a class by the time you have, not by a score. Some nights ten minutes is plenty. On others, a forty-minute sleep story is exactly right.",
    ],
    offer: {
      title: "Thirty better evenings",
      description: "Sleep and recovery classes, evening live wind-downs and the full library, free for 30 days.",
      code: "RESTWELL30",
      trialDays: 30,
    },
    ctaLabel: "Start winding down",
    steps: [
      ["Choose an evening ritual", "A wind-down of ten, twenty or forty minutes."],
      ["Breathe slower", "Recovery breathing that lengthens each exhale."],
      ["Sleep", "Let the audio fade out and rest."],
    ],
    testimonials: [
      ["My evenings feel different since I started the wind-downs.", "Elliot", "Minneapolis"],
      ["I stopped checking my numbers first thing and started with a breath instead.", "Maya", "Copenhagen"],
    ],
    faq: [
      ["Does Stillhour connect to my ring?", "Not in this demo. You can use the classes alongside any sleep tracker."],
      ["Which class should I start with?", "Try Jonah's twenty-minute evening body scan. It's a favourite."],
      [
        "Is this an official Oura page?",
        "No. This is a demo page on the site of Stillhour, a fictional company. Oura has not reviewed or endorsed it.",
      ],
    ],
    teachers: ["jonah", "noa", "imani"],
    accent: "#6a7fa0",
    seoTitle: "Stillhour for Oura members: rest and recovery",
    seoDescription: "Wind-downs, recovery breathing and sleep classes for better evenings. A demo offer: free for 30 days.",
  },
  {
    slug: "stress-cleanse",
    partnerName: "Stress Cleanse",
    logo: ["Stress Cleanse", "serif"],
    eyebrow: "A 14-day programme",
    headline: "Put the heavy things down, one day at a time.",
    subheadline: "Two weeks of breathwork and meditation to loosen stress from your body and your calendar.",
    body: [
      "Stress builds slowly and quietly. The Stress Cleanse helps you notice where it lives, then let some of it go, with a daily practice and one honest question to carry through your day.",
      "Week one is about release: movement, long exhales and shaking off tension. Week two is about space: boundaries, rest and the small choices that keep stress from piling back up.",
    ],
    offer: {
      title: "Fourteen lighter days",
      description: "The whole Stress Cleanse, live midday breathwork and the full library, free for 14 days.",
      code: "CLEANSE14",
      trialDays: 14,
    },
    ctaLabel: "Begin the cleanse",
    steps: [
      ["Release", "Daily movement and breath to shake tension out of the body."],
      ["Reflect", "One short question a day to notice what adds to your load."],
      ["Make space", "Week two builds small boundaries that help calm last."],
    ],
    testimonials: [
      ["The shaking practice felt silly for about a minute. Then it felt amazing.", "Noor", "Amman"],
      ["I said no to two things this week. Mateo would be proud.", "Chris", "Portland"],
    ],
    faq: [
      ["Is this a diet or a detox?", "No food or fasting involved. It's a programme of breathwork, meditation and reflection."],
      ["How long is each day?", "Between ten and twenty minutes."],
      ["Can I start on any day?", "Yes. Your fourteen days begin whenever you take the first class."],
    ],
    teachers: ["mateo", "imani", "priya"],
    accent: "#6fa07d",
    seoTitle: "Stress Cleanse: 14 days of breathwork and meditation",
    seoDescription: "A two-week programme to release stress from body and mind. Try it free with Stillhour.",
  },
  {
    slug: "jetblue/flyfi",
    partnerName: "JetBlue Fly-Fi",
    logo: ["Stillhour in flight", "caps"],
    eyebrow: "Calm at cruising altitude",
    headline: "Find your calm at 35,000 feet.",
    subheadline: "Short breathing and meditation classes for take-off, turbulence, long hauls and landing.",
    body: [
      "Flying can be exciting, tiring or a little nerve-racking, sometimes all three. These classes are made for the cabin: short, quiet and easy to follow with your eyes open or closed.",
      "There's a three-minute breath for take-off, a grounding practice for bumpy air, a stretch you can do in your seat and a long, slow meditation for the hours in between.",
      "Download a few before you board, or stream them on in-flight Wi-Fi where it's available.",
    ],
    offer: {
      title: "Calm for your next trip",
      description: "In-flight classes, travel sleep sessions and the full library, free for 14 days. A demo offer.",
      code: "FLYCALM",
      trialDays: 14,
    },
    ctaLabel: "Get calm for the flight",
    steps: [
      ["Before boarding", "Download the in-flight pack so it works without a connection."],
      ["In the air", "Choose by moment: take-off, turbulence, mid-flight or landing."],
      ["After landing", "A short reset for jet lag and the first night somewhere new."],
    ],
    testimonials: [
      ["The turbulence practice got me through a very bumpy crossing. I barely gripped the armrest.", "Rosa", "Boston"],
      ["I land feeling rested for once.", "Devon", "Fort Lauderdale"],
    ],
    faq: [
      ["Do the classes work offline?", "Yes, if you download them before you board."],
      [
        "Is there something for fear of flying?",
        "Yes. A short series walks through each stage of a flight. It isn't a substitute for professional help.",
      ],
      [
        "Is this an official airline page?",
        "No. This is a demo page on the site of Stillhour, a fictional company. JetBlue has not reviewed or endorsed it.",
      ],
    ],
    teachers: ["amara", "jonah", "kenji"],
    accent: "#3f6fb0",
    seoTitle: "Calm in flight | Stillhour",
    seoDescription: "Breathing and meditation classes for take-off, turbulence and landing. A demo offer from Stillhour.",
  },
];

const PARTNERS: PartnerSeed[] = [
  {
    slug: "beekeepersnaturals",
    partnerName: "Beekeeper's Naturals",
    logo: ["Beekeeper's Naturals", "serif"],
    eyebrow: "Stillhour for Beekeeper's Naturals customers",
    headline: "A slower kind of buzz.",
    subheadline: "Morning breathwork and midday resets for people who care about what they put in their bodies, and their minds.",
    body: [
      "You already take care with your daily routine. This is a gentle way to add ten minutes of stillness to it: a breathing practice with your morning drink, or a short reset when the afternoon drags.",
      "Our teachers keep things simple and warm. No special cushion, no perfect posture. Just you, a few slow breaths and a little more room in your day.",
    ],
    offer: {
      title: "30 days free for Beekeeper's Naturals customers",
      description: "Thirty days of live and on-demand classes, then the regular membership if you choose to stay. Demo offer.",
      code: "HIVE30",
      trialDays: 30,
    },
    ctaLabel: "Claim 30 days",
    firstClass: ["Start with a morning breath", "Amara's eight-minute 'Golden Hour' breath is a bright way to begin the day."],
    question: ["What's a good first class?", "Try a short morning breathwork class. It pairs well with whatever is in your mug."],
    testimonials: [
      ["Eight minutes with my morning tea and I'm a nicer person till noon.", "Lena", "Nashville"],
      ["I like that nobody tells me I'm doing it wrong.", "Omar", "Toronto"],
    ],
    teachers: ["amara", "priya"],
    accent: "#e0a43a",
    seoTitle: "Stillhour for Beekeeper's Naturals customers",
    seoDescription: "A demo offer: 30 days of Stillhour meditation and breathwork for Beekeeper's Naturals customers.",
  },
  {
    slug: "canopy",
    partnerName: "Canopy",
    logo: ["Canopy", "sans"],
    eyebrow: "Stillhour for Canopy customers",
    headline: "Breathe easy, in every sense.",
    subheadline: "Slow breathing and sleep meditations for calmer evenings at home.",
    body: [
      "A good night begins well before your head touches the pillow. Our evening classes help you soften the day with long, easy breaths and a few minutes of quiet.",
      "Make it part of your bedtime routine: lights low, a glass of water, and a teacher's voice guiding you towards rest.",
      "Thirty days is enough time to notice the difference.",
    ],
    offer: {
      title: "Thirty calmer evenings",
      description: "Canopy customers can try every Stillhour class free for 30 days. Demo offer.",
      code: "CANOPY30",
      trialDays: 30,
    },
    ctaLabel: "Start my 30 days",
    firstClass: ["Try a bedtime breath", "Jonah's 'Soft Landing' is twelve minutes of slow breathing to close the day."],
    question: [
      "Are there classes for sleep?",
      "Plenty. Sleep is one of our biggest collections, with body scans, soundscapes and stories.",
    ],
    testimonials: [
      ["The bedtime breath is now part of my routine, like brushing my teeth.", "Julia", "Denver"],
      ["I fall asleep faster. My partner says I snore less. Both wins.", "Raj", "San Jose"],
    ],
    teachers: ["jonah", "noa"],
    accent: "#7fb0a8",
    seoTitle: "Stillhour for Canopy customers",
    seoDescription: "A demo offer: 30 days of Stillhour sleep and breathing classes for Canopy customers.",
  },
  {
    slug: "cymbiotika",
    partnerName: "Cymbiotika",
    logo: ["Cymbiotika", "caps"],
    eyebrow: "Stillhour for Cymbiotika customers",
    headline: "Nourish your calm, too.",
    subheadline: "Breathwork and grounding practices that round out a daily wellness routine.",
    body: [
      "Wellness isn't only about what you take each morning. It's also how you meet the day. Stillhour offers live breathwork and meditation to help you feel steady from the inside out.",
      "Classes run from five minutes to an hour, and teachers around the world lead them live every day. Join with your camera off, or practise on demand whenever suits you.",
    ],
    offer: {
      title: "21 days for Cymbiotika customers",
      description: "Three weeks of Stillhour classes, including the Nervous System Reset programme. Demo offer.",
      code: "CYMBIOTIKA21",
      trialDays: 21,
    },
    ctaLabel: "Begin 21 days",
    firstClass: ["Follow a programme", "The 21-day Nervous System Reset fits your trial exactly."],
    question: ["Can I do a programme during the trial?", "Yes. The Nervous System Reset runs 21 days, the same length as this offer."],
    testimonials: [
      ["It finally feels like my routine looks after my head as well as my body.", "Kiara", "San Diego"],
      ["Mateo's classes are the calmest twenty minutes of my week.", "Tomasz", "Chicago"],
    ],
    teachers: ["imani", "mateo"],
    accent: "#b08a4f",
    seoTitle: "Stillhour for Cymbiotika customers",
    seoDescription: "A demo offer: 21 days of Stillhour breathwork and meditation for Cymbiotika customers.",
  },
  {
    slug: "dagnedover",
    partnerName: "Dagne Dover",
    logo: ["Dagne Dover", "serif"],
    eyebrow: "Stillhour for Dagne Dover customers",
    headline: "Pack a little calm for the day ahead.",
    subheadline: "Pocket-sized practices for commutes, gym bags and the moment between one thing and the next.",
    body: [
      "Busy days are full of in-between moments: the train, the lift, the walk from the car. Stillhour turns a few of them into small pauses that leave you clearer than before.",
      "Download a handful of short classes and keep them with you. Three minutes before a meeting, five after the gym, ten on the way home.",
      "You carry a lot. This weighs nothing.",
    ],
    offer: {
      title: "30 days of on-the-go calm",
      description: "Dagne Dover customers can try Stillhour free for 30 days, offline downloads included. Demo offer.",
      code: "DAGNE30",
      trialDays: 30,
    },
    ctaLabel: "Start my 30 free days",
    firstClass: ["Download the commute pack", "Six short classes made for trains, buses and walks."],
    question: ["Can I listen while I walk?", "Yes. Our walking meditations are designed for eyes-open practice on the move."],
    testimonials: [
      ["The commute pack turned my least favourite hour into my quietest one.", "Natalie", "New York"],
      ["Three minutes before presentations. Every time.", "Caleb", "Philadelphia"],
    ],
    teachers: ["priya", "amara"],
    accent: "#8f6a5a",
    seoTitle: "Stillhour for Dagne Dover customers",
    seoDescription: "A demo offer: 30 days of short, on-the-go Stillhour classes for Dagne Dover customers.",
  },
  {
    slug: "deux",
    partnerName: "Deux",
    logo: ["Deux", "script"],
    eyebrow: "Stillhour for Deux customers",
    headline: "Something sweet for your mind.",
    subheadline: "Light, playful meditations that feel like a treat, not a chore.",
    body: [
      "Mindfulness doesn't have to be serious. Some of our favourite classes are joyful: savouring practices, gratitude meditations and music-led sits that leave you smiling.",
      "Try a mindful-snack meditation, where you slow down and taste something you love. It's one of the simplest ways to come back to the present.",
    ],
    offer: {
      title: "Two sweet weeks",
      description: "Deux customers get 14 days of Stillhour free, with every class and series included. Demo offer.",
      code: "DEUX14",
      trialDays: 14,
    },
    ctaLabel: "Treat yourself",
    firstClass: ["Try a savouring practice", "Leila's five-minute 'One Bite' meditation is a delicious place to start."],
    question: [
      "What's a savouring practice?",
      "A short meditation that invites you to notice taste, smell and texture slowly, so ordinary pleasures feel bigger.",
    ],
    testimonials: [
      ["I didn't know meditation could be this fun.", "Ava", "Los Angeles"],
      ["The gratitude class is my Sunday-night favourite.", "Jamal", "Oakland"],
    ],
    teachers: ["kenji", "leila"],
    accent: "#d98aa0",
    seoTitle: "Stillhour for Deux customers",
    seoDescription: "A demo offer: 14 days of playful Stillhour meditations for Deux customers.",
  },
  {
    slug: "flamingoestate",
    partnerName: "Flamingo Estate",
    logo: ["Flamingo Estate", "serif"],
    eyebrow: "Stillhour for Flamingo Estate customers",
    headline: "Grow a quieter mind, season by season.",
    subheadline: "Nature-led meditations and sound baths for people who love slow rituals.",
    body: [
      "Gardens teach patience: you tend, you wait, things grow. Our nature-led classes borrow that rhythm, with field recordings, seasonal themes and plenty of unhurried silence.",
      "Practise outdoors if you can, or bring the outdoors in with Noa's sound baths recorded at dawn. Every season brings a new set of classes.",
    ],
    offer: {
      title: "Thirty days in the garden",
      description: "Flamingo Estate customers can try Stillhour free for 30 days, seasonal series included. Demo offer.",
      code: "ESTATE30",
      trialDays: 30,
    },
    ctaLabel: "Begin a slow ritual",
    firstClass: ["Listen to a dawn sound bath", "Noa's thirty-minute 'First Light' was recorded in a garden at sunrise."],
    question: ["What are seasonal series?", "Short collections that change four times a year, each themed on the season outside."],
    testimonials: [
      ["I do the dawn sound bath on my balcony with my coffee. Heaven.", "Isabel", "Santa Barbara"],
      ["It feels like a walk in the garden, even in my flat.", "Hugo", "London"],
    ],
    teachers: ["noa", "saoirse"],
    accent: "#d46a7a",
    seoTitle: "Stillhour for Flamingo Estate customers",
    seoDescription: "A demo offer: 30 days of nature-led Stillhour meditations for Flamingo Estate customers.",
  },
  {
    slug: "flex",
    partnerName: "Flex",
    logo: ["Flex", "caps"],
    eyebrow: "Stillhour for Flex members",
    headline: "Room to breathe, whenever you need it.",
    subheadline: "Flexible classes that fit around your schedule, not the other way round.",
    body: [
      "Life rarely runs to plan. Stillhour gives you live classes all day and an on-demand library for everything in between, so you can practise on your own terms.",
      "Five minutes or fifty. Morning, midnight or a lunch break. Skip a week and come back without losing a thing.",
    ],
    offer: {
      title: "30 flexible days",
      description: "Flex members can try every Stillhour class free for 30 days. Demo offer.",
      code: "FLEX30",
      trialDays: 30,
    },
    ctaLabel: "Start when it suits me",
    firstClass: ["Pick any length", "Filter the library by time and start with whatever you have today."],
    question: ["Can I pause my membership?", "Yes. You can pause for up to three months from settings."],
    testimonials: [
      ["I love that I can go from five minutes to forty depending on the day.", "Mia", "Austin"],
      ["No guilt when I skip. That's what keeps me coming back.", "Daniel", "Columbus"],
    ],
    teachers: ["mateo", "imani"],
    accent: "#5a9ab0",
    seoTitle: "Stillhour for Flex members",
    seoDescription: "A demo offer: 30 days of flexible Stillhour meditation and breathwork for Flex members.",
  },
  {
    slug: "formulafig",
    partnerName: "Formula Fig",
    logo: ["Formula Fig", "sans"],
    eyebrow: "Stillhour for Formula Fig customers",
    headline: "A simple formula for a calmer day.",
    subheadline: "Breathe, notice, return. Three steps our teachers practise with you, every day.",
    body: [
      "Most calm comes from a handful of simple moves done often. Our classes keep returning to them: a slow breath, a moment of noticing, and a kind return when your mind wanders.",
      "Start with a three-week plan of short classes, then explore the rest of the library at your own pace.",
      "It's less about doing more and more about doing a little, often.",
    ],
    offer: {
      title: "21 days for Formula Fig customers",
      description: "Three weeks of Stillhour classes and a starter plan. Demo offer.",
      code: "FIG21",
      trialDays: 21,
    },
    ctaLabel: "Try the formula",
    firstClass: ["Follow the starter plan", "Three short classes a week, chosen by Priya for beginners."],
    question: ["I've never meditated. Where do I begin?", "The starter plan. It begins with a five-minute class and builds slowly."],
    testimonials: [
      ["Breathe, notice, return. I say it to myself in traffic now.", "Grace", "Charlotte"],
      ["The starter plan made it easy to stick with.", "Ivan", "Pittsburgh"],
    ],
    teachers: ["priya", "leila"],
    accent: "#8a6a9a",
    seoTitle: "Stillhour for Formula Fig customers",
    seoDescription: "A demo offer: 21 days of Stillhour and a beginner's plan for Formula Fig customers.",
  },
  {
    slug: "founderscard",
    partnerName: "FoundersCard",
    logo: ["FoundersCard", "caps"],
    eyebrow: "Stillhour for FoundersCard members",
    headline: "Lead from a steadier place.",
    subheadline: "Focus sessions, pre-meeting resets and evening wind-downs for people building something.",
    body: [
      "Building a company asks a lot of your attention. Stillhour helps you protect it, with short focus sessions before deep work and one-minute resets between calls.",
      "At night, a slow wind-down helps you leave the to-do list on the desk. Clearer mornings tend to follow.",
      "You don't need more hours. You need a few calmer ones.",
    ],
    offer: {
      title: "60 days for FoundersCard members",
      description: "Sixty days of Stillhour, including the Focused Mind track and live founder circles. Demo offer.",
      code: "FOUNDERS60",
      trialDays: 60,
    },
    ctaLabel: "Claim 60 days",
    firstClass: ["Protect your first hour", "Start tomorrow with Priya's seven-minute focus session."],
    question: [
      "What are founder circles?",
      "Monthly live sessions where members practise together and share what's helping them cope with pressure.",
    ],
    testimonials: [
      ["The pre-meeting reset changed how I walk into board meetings.", "Alexis", "San Francisco"],
      ["I sleep through the night again, most nights.", "Rohan", "New York"],
    ],
    teachers: ["priya", "kenji", "imani"],
    accent: "#b0904f",
    seoTitle: "Stillhour for FoundersCard members",
    seoDescription: "A demo offer: 60 days of Stillhour focus and calm for FoundersCard members.",
  },
  {
    slug: "higherdose",
    partnerName: "HigherDOSE",
    logo: ["HigherDOSE", "caps"],
    eyebrow: "Stillhour for HigherDOSE customers",
    headline: "Warm body, quiet mind.",
    subheadline: "Guided breathing and meditation to pair with your recovery rituals.",
    body: [
      "Recovery time is a gift to your body. Make it a gift to your mind too, with a guided breath or a short meditation while you rest and warm up.",
      "Our recovery classes are slow and spacious. Amara's energising breath helps you finish strong, and Noa's sound meditations help you melt into stillness.",
    ],
    offer: {
      title: "Thirty days of mindful recovery",
      description: "HigherDOSE customers can try Stillhour free for 30 days. Demo offer.",
      code: "DOSE30",
      trialDays: 30,
    },
    ctaLabel: "Start recovering",
    firstClass: ["Pair a class with your ritual", "Noa's twenty-minute 'Melt' fits neatly into a recovery session."],
    question: [
      "Can I do breathwork in the heat?",
      "Stick to gentle, slow breathing in warm settings, skip breath holds and stop if you feel unwell.",
    ],
    testimonials: [
      ["Twenty minutes of Noa while I recover. I come out a new person.", "Sasha", "Miami"],
      ["It makes the rest part of my routine feel intentional.", "Luis", "Phoenix"],
    ],
    teachers: ["amara", "noa"],
    accent: "#e07a4f",
    seoTitle: "Stillhour for HigherDOSE customers",
    seoDescription: "A demo offer: 30 days of Stillhour recovery breathing and meditation for HigherDOSE customers.",
  },
  {
    slug: "juna",
    partnerName: "Juna",
    logo: ["Juna", "script"],
    eyebrow: "Stillhour for Juna members",
    headline: "Gentle practices for every season of life.",
    subheadline: "Meditations for change, rest and self-kindness, wherever you are on your path.",
    body: [
      "Life moves in seasons: busy ones, tender ones, ones that ask you to slow right down. Our teachers offer practices for each of them, from energising mornings to restorative evenings.",
      "Leila's self-compassion series and Saoirse's quiet sits are a good place to begin. Come back to them as often as you need.",
    ],
    offer: {
      title: "Three weeks of gentleness",
      description: "Juna members can try every Stillhour class and series free for 21 days. Demo offer.",
      code: "JUNA21",
      trialDays: 21,
    },
    ctaLabel: "Begin gently",
    firstClass: ["Start the self-compassion series", "Five short lessons from Leila on being kinder to yourself."],
    question: [
      "Are the classes suitable during big life changes?",
      "Yes. Many members use them through moves, new jobs, new babies and other transitions.",
    ],
    testimonials: [
      ["I found Leila during a hard year. Her voice felt like a hand on my shoulder.", "Chiara", "Milan"],
      ["These practices meet me wherever I am that week.", "Dana", "Tucson"],
    ],
    teachers: ["leila", "saoirse"],
    accent: "#c08aa8",
    seoTitle: "Stillhour for Juna members",
    seoDescription: "A demo offer: 21 days of gentle Stillhour meditations for Juna members.",
  },
  {
    slug: "lonelyghost",
    partnerName: "Lonely Ghost",
    logo: ["Lonely Ghost", "sans"],
    eyebrow: "Stillhour for Lonely Ghost customers",
    headline: "You're not the only one who feels this way.",
    subheadline: "Live classes where you can practise with others, camera on or off, every day.",
    body: [
      "Feeling disconnected is more common than anyone admits. Practising alongside other people, even quietly and online, can make the world feel a little less lonely.",
      "Join a live class, say hello in the chat if you like, or just breathe with everyone else. Our teachers make every room feel warm.",
      "Showing up is enough.",
    ],
    offer: {
      title: "30 days of practising together",
      description: "Lonely Ghost customers can join every Stillhour live class free for 30 days. Demo offer.",
      code: "GHOST30",
      trialDays: 30,
    },
    ctaLabel: "Join a live class",
    firstClass: ["Join a live class", "Pick any class on today's schedule. Camera optional, hello optional."],
    question: ["Do I have to talk in live classes?", "No. Most people stay quiet. The chat is there if you feel like saying hi."],
    testimonials: [
      ["Seeing everyone breathing together at 7am makes me feel less alone.", "Riley", "Seattle"],
      ["Imani remembered my name in week two. I cried a bit.", "Jess", "Glasgow"],
    ],
    teachers: ["saoirse", "imani", "leila"],
    accent: "#8a9ab0",
    seoTitle: "Stillhour for Lonely Ghost customers",
    seoDescription: "A demo offer: 30 days of live Stillhour classes for Lonely Ghost customers.",
  },
  {
    slug: "mudwtr",
    partnerName: "MUD\\WTR",
    logo: ["MUD\\WTR", "caps"],
    eyebrow: "Stillhour for MUD\\WTR customers",
    headline: "A slower morning, on purpose.",
    subheadline: "Morning rituals of breath and intention to start the day steady, not rushed.",
    body: [
      "The first ten minutes of your day set the tone for the rest. Our morning classes help you spend them well: a few rounds of breath, a short intention and a quiet moment before the phone.",
      "Brew your morning cup, sit somewhere comfortable and press play. Amara and Mateo take turns leading live morning breathwork every weekday.",
    ],
    offer: {
      title: "Thirty better mornings",
      description: "MUD\\WTR customers can try Stillhour free for 30 days, live morning classes included. Demo offer.",
      code: "MUDWTR30",
      trialDays: 30,
    },
    ctaLabel: "Start tomorrow morning",
    firstClass: ["Set a morning ritual", "Join live morning breathwork at 7:30, or press play whenever you wake."],
    question: [
      "What time are the morning classes?",
      "Live morning breathwork starts at 7:30 local time for most time zones, and every class is recorded.",
    ],
    testimonials: [
      ["I stopped checking email in bed. My mornings are mine again.", "Paige", "Boulder"],
      ["Mateo's breathwork and a warm mug. Best start to the day.", "Andrés", "Bogotá"],
    ],
    teachers: ["amara", "mateo"],
    accent: "#a0704f",
    seoTitle: "Stillhour for MUD\\WTR customers",
    seoDescription: "A demo offer: 30 days of Stillhour morning breathwork for MUD\\WTR customers.",
  },
  {
    slug: "necessaire",
    partnerName: "Nécessaire",
    logo: ["Nécessaire", "serif"],
    eyebrow: "Stillhour for Nécessaire customers",
    headline: "Care for your mind the way you care for your skin.",
    subheadline: "Unfussy, everyday rituals of rest and attention. Simple, consistent, kind.",
    body: [
      "The best routines are simple enough to do every day. A five-minute meditation after your shower or a body scan before bed can become as natural as any other part of looking after yourself.",
      "Our body-awareness classes invite you to notice how you feel, head to toe, without judging any of it. It's a quiet way to come home to yourself.",
    ],
    offer: {
      title: "30 days of everyday care",
      description: "Nécessaire customers can try every Stillhour class free for 30 days. Demo offer.",
      code: "NECESSAIRE30",
      trialDays: 30,
    },
    ctaLabel: "Begin my ritual",
    firstClass: ["Try a body scan", "Noa's fifteen-minute 'Head to Toe' is a calm way to end the day."],
    question: [
      "What is a body scan?",
      "A guided meditation that moves your attention slowly through the body, noticing without changing anything.",
    ],
    testimonials: [
      ["The body scan after my evening shower is pure peace.", "Camille", "Paris"],
      ["Simple, consistent and actually doable. Like it says.", "Noah", "Brooklyn"],
    ],
    teachers: ["noa", "leila"],
    accent: "#b0a08a",
    seoTitle: "Stillhour for Nécessaire customers",
    seoDescription: "A demo offer: 30 days of everyday Stillhour rituals for Nécessaire customers.",
  },
  {
    slug: "ritual",
    partnerName: "Ritual",
    logo: ["Ritual", "sans"],
    eyebrow: "Stillhour for Ritual customers",
    headline: "A daily ritual that takes ten minutes.",
    subheadline: "Small, repeatable practices that quietly add up, one day after another.",
    body: [
      "Consistency beats intensity. Ten minutes of meditation most days will do more for you than an hour once a month, and our daily classes make that easy.",
      "Each weekday brings a new ten-minute class with a simple theme: patience, gratitude, focus, rest. Practise the same time each day and let it become part of your rhythm.",
    ],
    offer: {
      title: "21 days to build a habit",
      description: "Ritual customers can try Stillhour free for 21 days, daily ten-minute classes included. Demo offer.",
      code: "RITUAL21",
      trialDays: 21,
    },
    ctaLabel: "Build my ritual",
    firstClass: ["Take today's Daily Ten", "A fresh ten-minute class every weekday, ready in your library."],
    question: ["What is the Daily Ten?", "A new ten-minute class every weekday, each with one simple theme to carry through your day."],
    testimonials: [
      ["Same time, same spot, ten minutes. It's the easiest habit I've ever kept.", "Ellie", "Raleigh"],
      ["I look forward to the Daily Ten theme every morning.", "Victor", "Sacramento"],
    ],
    teachers: ["priya", "jonah"],
    accent: "#d4b04f",
    seoTitle: "Stillhour for Ritual customers",
    seoDescription: "A demo offer: 21 days of daily ten-minute Stillhour classes for Ritual customers.",
  },
  {
    slug: "stakt",
    partnerName: "STAKT",
    logo: ["STAKT", "caps"],
    eyebrow: "Stillhour for STAKT customers",
    headline: "Unfold the mat. Unfold the day.",
    subheadline: "Breath-led movement and floor-based meditations for small spaces.",
    body: [
      "You don't need a studio to move mindfully. A little floor space is enough for our breath-and-movement classes, designed for living rooms, bedrooms and hotel rooms.",
      "Mateo's flowing breathwork loosens the body, Imani's grounding practices settle it and Amara's energising sessions wake it up. Roll out, breathe and begin.",
      "When you're done, the mat folds away and the calm stays.",
    ],
    offer: {
      title: "30 days of movement and breath",
      description: "STAKT customers can try every Stillhour class free for 30 days. Demo offer.",
      code: "STAKT30",
      trialDays: 30,
    },
    ctaLabel: "Roll out and begin",
    firstClass: ["Try breath and movement", "Mateo's twenty-minute 'Tide' is gentle movement set to slow breathing."],
    question: ["Do I need a lot of space?", "No. Every movement class fits in the space of a mat."],
    testimonials: [
      ["Tiny apartment, big difference. Mateo's classes fit perfectly.", "Kai", "Honolulu"],
      ["I travel with my mat and do Imani's grounding in every hotel.", "Priyanka", "Chicago"],
    ],
    teachers: ["mateo", "amara", "imani"],
    accent: "#6fa0a0",
    seoTitle: "Stillhour for STAKT customers",
    seoDescription: "A demo offer: 30 days of Stillhour breath-led movement for STAKT customers.",
  },
  {
    slug: "themayfairgroup",
    partnerName: "The Mayfair Group",
    logo: ["The Mayfair Group", "serif"],
    eyebrow: "Stillhour for The Mayfair Group team",
    headline: "A calmer workday for the whole team.",
    subheadline: "A workplace membership with focus sessions, team classes and private support for hard days.",
    body: [
      "Teams do their best work when people feel steady. This workplace membership gives everyone access to live classes, focus sessions and on-demand practices for stressful moments.",
      "Managers can book private team sessions, and every member can practise privately on their own time. Nobody sees who takes which class.",
      "It's a small, everyday benefit that people actually use.",
    ],
    offer: {
      title: "90 days for The Mayfair Group team",
      description: "Team members can use Stillhour free for 90 days, including private team sessions. Demo offer.",
      code: "MAYFAIR90",
      trialDays: 90,
    },
    ctaLabel: "Activate my membership",
    firstClass: ["Book a team session", "Managers can request a private thirty-minute class for their team."],
    question: [
      "Will my employer see what I practise?",
      "No. Your activity is private. Only anonymous, combined usage numbers are ever shared.",
    ],
    testimonials: [
      ["Our Friday team session has become the most-attended meeting of the week.", "Laura", "London"],
      ["I use the pre-meeting reset before every client call.", "Amir", "Dubai"],
    ],
    teachers: ["priya", "leila", "kenji"],
    accent: "#4f6a8f",
    seoTitle: "Stillhour for The Mayfair Group team",
    seoDescription: "A demo workplace membership: 90 days of Stillhour for The Mayfair Group team.",
  },
];

export const demoLandingPages: LandingPage[] = [...LANDERS.map(lander), ...PARTNERS.map(partner)];
