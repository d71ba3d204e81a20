import type { LiveClass } from "~/models/classes/live-class";
import { occurrences, type ClassTemplate } from "~/models/classes/class-schedule";
import type { Studio } from "~/models/studios/studio";
import type { Waiver } from "~/models/studios/waiver";
import { waiverId } from "~/models/studios/waiver";
import { T } from "./teachers";

/**
 * Two demo studios in different zones (issue 12). Every name, street and map pin is invented: Lantern
 * Yard and Wren Canal Walk do not exist. Sam Okonkwo (+1 201-555-0106, studioStaff) runs the desk at
 * Lantern Yard; admins see both.
 */

export const demoStudios: Studio[] = [
  {
    id: "lantern-yard",
    slug: "lantern-yard",
    name: "Stillhour Lantern Yard",
    tagline: "A quiet upstairs room over a bakery, with morning light and good cushions.",
    address: {
      streetAddress: "27 Lantern Yard, 2nd floor",
      addressLocality: "Brooklyn",
      addressRegion: "NY",
      postalCode: "11201",
      addressCountry: "US",
    },
    timeZone: "America/New_York",
    rooms: [
      { id: "sun-room", name: "The Sun Room", capacity: 14 },
      { id: "nook", name: "The Nook", capacity: 6 },
    ],
    openingNotes:
      "Doors open 20 minutes before each class. Shoes off at the top of the stairs; mats, cushions and blankets are here for you.",
    directions:
      "Two minutes from the (fictional) Lantern Street stop. Ring the bell marked Stillhour beside the bakery; the stairs are on the left. Step-free access by the lift at the back of the yard.",
    mapUrl: "https://www.openstreetmap.org/search?query=Lantern%20Yard%20Brooklyn",
    lateCancel: { kind: "hours", hours: 12 },
    staffUids: ["demo-studio-staff"],
    dropIn: { amount: 2200, currency: "usd" },
    memberships: [
      {
        id: "lantern-unlimited-monthly",
        name: "Lantern Yard unlimited",
        description: "Every class at Lantern Yard for 30 days.",
        days: 30,
        amount: 14900,
        currency: "usd",
      },
    ],
  },
  {
    id: "wren-canal",
    slug: "wren-canal",
    name: "Stillhour Wren Canal",
    tagline: "A converted boathouse by the water, warm in winter, with the windows open in summer.",
    address: {
      streetAddress: "3 Wren Canal Walk",
      addressLocality: "London",
      addressRegion: "",
      postalCode: "E8 4ZZ",
      addressCountry: "GB",
    },
    timeZone: "Europe/London",
    rooms: [{ id: "boathouse", name: "The Boathouse", capacity: 20 }],
    openingNotes: "Open from 07:00 on weekdays and 09:00 at weekends. Tea after every evening class.",
    directions:
      "Follow the towpath east from the (fictional) Wren Lock bridge; we're the green door after the third bench. Bicycle racks by the door.",
    mapUrl: "https://www.openstreetmap.org/search?query=Wren%20Canal%20Walk%20London",
    lateCancel: { kind: "evening-before", time: "20:00" },
    staffUids: [],
    dropIn: { amount: 1800, currency: "gbp" },
    memberships: [
      {
        id: "wren-unlimited-monthly",
        name: "Wren Canal unlimited",
        description: "Every class at Wren Canal for 30 days.",
        days: 30,
        amount: 11000,
        currency: "gbp",
      },
    ],
  },
];

/** Recurring in-person slots: stored with the other class templates, so the schedule rolls forward. */
export const demoStudioTemplates: ClassTemplate[] = [
  {
    id: "lantern-lunch-sit",
    studioId: "lantern-yard",
    roomId: "sun-room",
    title: "Lunchtime Sit at Lantern Yard",
    teacherId: T.mateo,
    modality: "meditation",
    level: "All levels",
    durationMinutes: 30,
    tags: ["in-person"],
    capacity: 14,
    timeZone: "America/New_York",
    weekdays: [1, 2, 3, 4, 5],
    localTime: "12:30",
    description: "Half an hour of quiet sitting in the middle of the day. Come in your work clothes.",
    whatToHaveReady: "Nothing: cushions and chairs are in the room.",
    active: true,
    creditCost: 1,
  },
  {
    id: "lantern-evening-breath",
    studioId: "lantern-yard",
    roomId: "nook",
    title: "Evening Breath Circle",
    teacherId: T.amara,
    modality: "breathwork",
    level: "Beginner friendly",
    durationMinutes: 45,
    tags: ["in-person"],
    capacity: 6,
    timeZone: "America/New_York",
    weekdays: [2, 4, 6],
    localTime: "18:30",
    description: "A small circle of slow breathing to put the day down. Six places, so book ahead.",
    whatToHaveReady: "Comfortable clothes.",
    active: true,
    creditCost: null,
  },
  {
    id: "wren-early-light",
    studioId: "wren-canal",
    roomId: "boathouse",
    title: "Early Light by the Canal",
    teacherId: T.saoirse,
    modality: "mindfulness",
    level: "All levels",
    durationMinutes: 40,
    tags: ["in-person"],
    capacity: 20,
    timeZone: "Europe/London",
    weekdays: [1, 3, 5],
    localTime: "07:30",
    description: "Mindful attention to sound and breath while the towpath wakes up.",
    whatToHaveReady: "A warm layer; the boathouse is cool first thing.",
    active: true,
    creditCost: null,
  },
  {
    id: "wren-sunday-rest",
    studioId: "wren-canal",
    roomId: "boathouse",
    title: "Sunday Rest and Tea",
    teacherId: T.kenji,
    modality: "meditation",
    level: "All levels",
    durationMinutes: 60,
    tags: ["in-person"],
    capacity: 20,
    timeZone: "Europe/London",
    weekdays: [7],
    localTime: "17:00",
    description: "A long lying-down rest, then tea together.",
    whatToHaveReady: "Socks.",
    active: true,
    creditCost: 1,
  },
];

/** The in-person classes for the weeks after `now`: classes with a studio and a room. */
export function upcomingStudioClasses(now: Date, weeks = 3): LiveClass[] {
  return demoStudioTemplates.flatMap((template) => occurrences(template, now, weeks));
}

const WAIVER_TEXT = (studio: string) =>
  [
    `Welcome to ${studio}. This waiver is in plain words; please read it before your first class here.`,
    "1. Classes here are gentle, but they involve sitting, lying down, moving and breathing in ways that may be new to you. You take part of your own free will and at your own pace, and you may stop, rest or leave at any time.",
    "2. Please tell the teacher before class about any injury, pregnancy, heart or breathing condition, or anything else that might matter. If in doubt, ask your doctor first. Teachers are not medical professionals and classes are not treatment.",
    "3. You agree that the studio and its teachers are not responsible for injury or loss that comes from your taking part, except where it is caused by their negligence or where the law does not allow this to be waived.",
    "4. Please look after your belongings; the studio cannot be responsible for them.",
    "5. For someone under 18, a parent or guardian reads this with them and agrees on their behalf.",
    "This is demo text for a fictional studio, not legal advice.",
  ].join("\n\n");

export const demoWaivers: Waiver[] = demoStudios.map((studio) => ({
  id: waiverId(studio.id, 1),
  studioId: studio.id,
  version: 1,
  title: `${studio.name} class waiver`,
  text: WAIVER_TEXT(studio.name),
  publishedAt: Date.UTC(2026, 0, 5),
}));
