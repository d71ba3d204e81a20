import type { TeacherPage, TeacherProfile } from "~/models/content/teacher";

/**
 * Demo teachers. Every name, handle and biography here is invented for the demo site.
 * Nine are listed; Wren Calloway's page is hidden and Ruth Abernethy is no longer an
 * active facilitator, so neither appears on /teachers.
 */

interface TeacherSeed {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  location: string;
  classTypes: string[];
  bio: string;
  portraitColor: string;
  classesTaught: number;
  membersGuided: number;
  hidden?: boolean;
  inactive?: boolean;
}

const TEACHER_SEEDS: TeacherSeed[] = [
  {
    id: "teacher-amara",
    firstName: "Amara",
    lastName: "Eze-Holloway",
    username: "amara_breathes",
    location: "Brooklyn, New York",
    classTypes: ["Breathwork", "Energy", "Morning"],
    bio: "Amara came to breathwork after a decade of late nights in restaurant kitchens. Her classes are rhythmic and upbeat, and they always end somewhere soft. She likes to say the breath is the one tool you never leave at home.",
    portraitColor: "#c9775b",
    classesTaught: 512,
    membersGuided: 18420,
  },
  {
    id: "teacher-jonah",
    firstName: "Jonah",
    lastName: "Whitcombe",
    username: "jonah_sleeps",
    location: "Portland, Oregon",
    classTypes: ["Sleep", "Meditation", "Body scan"],
    bio: "Jonah teaches the slow hour before bed. A former night-shift nurse, he knows how hard it can be to switch off, so his voice stays low and his cues stay simple. Most people are asleep before his classes end, and he counts that as a win.",
    portraitColor: "#4f6d8f",
    classesTaught: 436,
    membersGuided: 21310,
  },
  {
    id: "teacher-priya",
    firstName: "Priya",
    lastName: "Anandan",
    username: "priya_presently",
    location: "Austin, Texas",
    classTypes: ["Mindfulness", "Focus", "Work"],
    bio: "Priya spent years as a software engineer before she started teaching attention for a living. Her classes are short, practical and often funny. She will help you notice one breath, then the next one, and then get back to your day.",
    portraitColor: "#d2a24c",
    classesTaught: 388,
    membersGuided: 15240,
  },
  {
    id: "teacher-mateo",
    firstName: "Mateo",
    lastName: "Ibarrola",
    username: "mateo_inhala",
    location: "Mexico City",
    classTypes: ["Breathwork", "Movement", "Stress relief"],
    bio: "Mateo pairs breath with gentle movement, so your body has somewhere to put the day. He grew up by the sea in Veracruz and still teaches like the tide: in, pause, out. Expect warm music and a slow finish.",
    portraitColor: "#3f8f83",
    classesTaught: 297,
    membersGuided: 9870,
  },
  {
    id: "teacher-saoirse",
    firstName: "Saoirse",
    lastName: "Quinlan",
    username: "saoirse_stillwater",
    location: "Dublin, Ireland",
    classTypes: ["Meditation", "Grief and loss", "Self-compassion"],
    bio: "Saoirse trained as a hospice volunteer before she trained as a teacher. She holds space for the heavy things without making them heavier. Her classes leave plenty of silence, and plenty of room for whatever shows up.",
    portraitColor: "#7d8f5a",
    classesTaught: 341,
    membersGuided: 11560,
  },
  {
    id: "teacher-kenji",
    firstName: "Kenji",
    lastName: "Marrow",
    username: "kenji_sits",
    location: "Los Angeles, California",
    classTypes: ["Meditation", "Focus", "Music"],
    bio: "Kenji is a recovering session drummer who found that silence has a tempo too. He guides meditations set to slow, original soundscapes. His favourite cue is also his shortest one: just listen.",
    portraitColor: "#6a5a8f",
    classesTaught: 274,
    membersGuided: 13090,
  },
  {
    id: "teacher-leila",
    firstName: "Leila",
    lastName: "Haddadi",
    username: "leila_kindly",
    location: "Toronto, Canada",
    classTypes: ["Mindfulness", "Relationships", "Self-compassion"],
    bio: "Leila teaches kindness as a skill you can practise, one small rep at a time. She draws on her years as a family counsellor and keeps every class grounded in ordinary life. You will leave with one idea you can use at dinner tonight.",
    portraitColor: "#b05a6e",
    classesTaught: 322,
    membersGuided: 12480,
  },
  {
    id: "teacher-noa",
    firstName: "Noa",
    lastName: "Feldberg",
    username: "noa_soundbath",
    location: "Berlin, Germany",
    classTypes: ["Sound", "Sleep", "Meditation"],
    bio: "Noa builds her classes around sound: singing bowls, field recordings and her own humming. She believes rest is a practice, not a prize. Lie down, get warm and let her do the rest.",
    portraitColor: "#5b7fa8",
    classesTaught: 219,
    membersGuided: 8730,
  },
  {
    id: "teacher-imani",
    firstName: "Imani",
    lastName: "Castellanos",
    username: "imani_grounded",
    location: "Miami, Florida",
    classTypes: ["Mindfulness", "Nervous system", "Breathwork"],
    bio: "Imani teaches people how to come back to their bodies when life gets loud. Her classes mix simple breathing, grounding and a lot of encouragement. She is a former collegiate sprinter who now prefers to take things slowly.",
    portraitColor: "#c0683f",
    classesTaught: 358,
    membersGuided: 14120,
  },
  {
    id: "teacher-wren",
    firstName: "Wren",
    lastName: "Calloway",
    username: "wren_outdoors",
    location: "Asheville, North Carolina",
    classTypes: ["Walking meditation", "Nature"],
    bio: "Wren guides walking meditations recorded on forest trails. Her page is resting while she records a new series outdoors. She will be back when the leaves turn.",
    portraitColor: "#6f8a4e",
    classesTaught: 96,
    membersGuided: 3120,
    hidden: true,
  },
  {
    id: "teacher-ruth",
    firstName: "Ruth",
    lastName: "Abernethy",
    username: "ruth_quietly",
    location: "Edinburgh, Scotland",
    classTypes: ["Meditation", "Beginners"],
    bio: "Ruth taught some of Stillhour's very first beginner classes. She has stepped back from live teaching to care for her family. Her recorded courses remain a gentle place to start.",
    portraitColor: "#8a7f6c",
    classesTaught: 604,
    membersGuided: 24980,
    inactive: true,
  },
];

function kebab(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function handleFor(username: string): string {
  return username.replace(/[^a-z0-9_.]/gi, "");
}

export const demoTeacherProfiles: TeacherProfile[] = TEACHER_SEEDS.map((t) => {
  const image = `/images/teachers/${t.username}.svg`;
  return {
    id: t.id,
    bio: t.bio,
    classTypes: t.classTypes,
    firstName: t.firstName,
    lastName: t.lastName,
    instagramUrl: `https://instagram.com/${handleFor(t.username)}`,
    location: t.location,
    username: t.username,
    isActiveFacilitator: !t.inactive,
    portraitColor: t.portraitColor,
    profilePicUrl: image,
    cardPicUrl: image,
    fullSizeUrl: image,
    socialStats: { classesTaught: t.classesTaught, membersGuided: t.membersGuided },
  };
});

export const demoTeacherPages: TeacherPage[] = TEACHER_SEEDS.map((t) => ({
  id: t.id,
  hidden: Boolean(t.hidden),
  urlParam: kebab(`${t.firstName} ${t.lastName}`),
}));

/** Ids of teachers shown on the site (visible page and active profile). */
export const LISTED_TEACHER_IDS: string[] = TEACHER_SEEDS.filter((t) => !t.hidden && !t.inactive).map((t) => t.id);

/** Short keys for referring to listed teachers from other demo content. */
export const T = {
  amara: "teacher-amara",
  jonah: "teacher-jonah",
  priya: "teacher-priya",
  mateo: "teacher-mateo",
  saoirse: "teacher-saoirse",
  kenji: "teacher-kenji",
  leila: "teacher-leila",
  noa: "teacher-noa",
  imani: "teacher-imani",
} as const;

export type TeacherKey = keyof typeof T;

export function teacherFullName(id: string): string {
  const t = TEACHER_SEEDS.find((seed) => seed.id === id);
  if (!t) throw new Error(`Unknown demo teacher id: ${id}`);
  return `${t.firstName} ${t.lastName}`;
}
