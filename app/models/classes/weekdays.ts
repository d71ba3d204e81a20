/**
 * The practices and ISO weekdays as forms offer them (issue 26; ADR 051). No imports on purpose: the
 * staff template form loads this in the page, and pulling the schedule's zod schemas in with it
 * moved zod into the settings page's first load (13 KB gzip).
 */
export const MODALITIES = [
  { value: "meditation", label: "Meditation" },
  { value: "mindfulness", label: "Mindfulness" },
  { value: "breathwork", label: "Breathwork" },
] as const;

export const WEEKDAYS = [
  { value: "1", label: "Monday" },
  { value: "2", label: "Tuesday" },
  { value: "3", label: "Wednesday" },
  { value: "4", label: "Thursday" },
  { value: "5", label: "Friday" },
  { value: "6", label: "Saturday" },
  { value: "7", label: "Sunday" },
] as const;
