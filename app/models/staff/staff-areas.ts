import { z } from "zod";
import { ROLES } from "~/lib/route-handle";
import type { Role } from "~/models/identity/user";

/**
 * The back office's map (issue 26; ADR 044): each staff area, the roles that may enter it, and what
 * each role may do. One table that the server guard (app/server/staff-access.server.ts), the route
 * handles, the /staff home and the README all read, so a page cannot be guarded one way and
 * advertised another. Pure and browser-safe.
 */

export const STAFF_ROLES: readonly Role[] = ROLES;

export const ROLE_LABEL: Record<Role, string> = {
  admin: "Admin",
  blogEditor: "Blog editor",
  cohost: "Cohost",
  facilitator: "Facilitator",
  studioStaff: "Studio staff",
};

/** What each role may do today, in one sentence (the /staff home and the people page show it). */
export const ROLE_DUTIES: Record<Role, string> = {
  admin:
    "Runs the whole site: people and roles, teachers, class templates, promotion codes, gifts and class packs, the news banner and feature flags, surveys, any class change, every studio's front desk, the morning figures and the audit log.",
  blogEditor: "Writes, previews, schedules, publishes and takes down blog articles; keeps the press page and the learn series.",
  cohost: "Sees the roster of each class they cohost and joins its room with cohost rights.",
  facilitator:
    "Cancels or names a substitute for the classes they teach, sees who is booked and writes to them, and keeps their own teacher profile.",
  studioStaff: "Runs the front desk of the studios an admin assigned them to: rosters, waivers and check-in.",
};

export const STAFF_AREA_IDS = [
  "home",
  "classes",
  "frontDesk",
  "people",
  "codes",
  "audit",
  "articles",
  "cohost",
  "press",
  "learn",
  "teachers",
  "profile",
  "templates",
  "catalogue",
  "site",
  "dashboard",
  "surveys",
] as const;
export type StaffAreaId = (typeof STAFF_AREA_IDS)[number];

export interface StaffArea {
  id: StaffAreaId;
  title: string;
  href: string;
  /** Anyone holding one of these roles may open the area's pages and post its forms. */
  roles: readonly Role[];
  /** What the area lets this person do, in their words. */
  summary: (roles: readonly Role[]) => string;
}

export const STAFF_AREAS: Record<StaffAreaId, StaffArea> = {
  home: { id: "home", title: "Staff home", href: "/staff", roles: STAFF_ROLES, summary: () => "What your roles let you do." },
  classes: {
    id: "classes",
    title: "Class changes",
    href: "/staff/classes",
    roles: ["admin", "facilitator"],
    summary: (roles) =>
      roles.includes("admin")
        ? "Cancel any class in the next two weeks or name its substitute; everyone booked is e-mailed."
        : "Cancel a class you teach or name its substitute; everyone booked is e-mailed.",
  },
  frontDesk: {
    id: "frontDesk",
    title: "Front desk",
    href: "/staff/studio",
    roles: ["admin", "studioStaff"],
    summary: (roles) =>
      roles.includes("admin")
        ? "Today's rosters at every studio, with waivers and check-in."
        : "Today's rosters at your studios, with waivers and check-in.",
  },
  people: {
    id: "people",
    title: "People and roles",
    href: "/staff/people",
    roles: ["admin"],
    summary: () => "Find a member by phone, e-mail or name; grant or remove roles; assign studio staff to studios.",
  },
  codes: {
    id: "codes",
    title: "Promotion codes",
    href: "/staff/codes",
    roles: ["admin"],
    summary: () => "Create codes, pause them, and see who redeemed them.",
  },
  articles: {
    id: "articles",
    title: "Articles",
    href: "/staff/articles",
    roles: ["admin", "blogEditor"],
    summary: () => "Write blog articles, preview a draft as it will look, schedule it, publish it or take it down.",
  },
  cohost: {
    id: "cohost",
    title: "Classes I cohost",
    href: "/staff/cohost",
    roles: ["cohost"],
    summary: () => "The roster of each class you cohost (first names, first-class marks) and a Join button into its room as cohost.",
  },
  templates: {
    id: "templates",
    title: "Class templates",
    href: "/staff/templates",
    roles: ["admin"],
    summary: () =>
      "Create and edit the recurring live and studio classes; the schedule follows at once, and booked classes keep their time.",
  },
  audit: {
    id: "audit",
    title: "Audit log",
    href: "/staff/audit",
    roles: ["admin"],
    summary: () => "Every change made through these pages: who, what, which record, before and after.",
  },
  teachers: {
    id: "teachers",
    title: "Teachers",
    href: "/staff/teachers",
    roles: ["admin"],
    summary: () => "Add a teacher and their page, edit bios, links and portraits, and hide or show a teacher on the site.",
  },
  profile: {
    id: "profile",
    title: "My teacher profile",
    href: "/staff/profile",
    roles: ["facilitator"],
    summary: () => "Your bio, your Instagram link and your portrait, as members see them on your teacher page.",
  },
  catalogue: {
    id: "catalogue",
    title: "Gifts and class packs",
    href: "/staff/catalogue",
    roles: ["admin"],
    summary: () => "Set the price and length of each gift and class pack, and take them on or off sale.",
  },
  site: {
    id: "site",
    title: "Banner and feature flags",
    href: "/staff/site",
    roles: ["admin"],
    summary: () => "Write the news banner, switch it on or off, and turn feature flags on or off.",
  },
  dashboard: {
    id: "dashboard",
    title: "Morning figures",
    href: "/staff/dashboard",
    roles: ["admin"],
    summary: () => "Bookings and fill for the coming week, memberships, codes, gifts and credits, with a CSV to download.",
  },
  surveys: {
    id: "surveys",
    title: "Surveys",
    href: "/staff/surveys",
    roles: ["admin"],
    summary: () => "Write a short survey for members, pause it, read its answers as counts or a CSV, and set how many members see surveys.",
  },
  press: {
    id: "press",
    title: "Press items",
    href: "/staff/press",
    roles: ["admin", "blogEditor"],
    summary: () => "Add coverage to the press page, preview it, publish it or take it down.",
  },
  learn: {
    id: "learn",
    title: "Learn series",
    href: "/staff/learn",
    roles: ["admin", "blogEditor"],
    summary: () => "Write learn series and their lessons, preview a series, publish it or take it down.",
  },
};

/** The short names the back office's own navigation uses (app/routes/staff/staff-shell.tsx). */
export const STAFF_NAV_LABEL: Record<StaffAreaId, string> = {
  home: "Staff home",
  classes: "Classes",
  frontDesk: "Front desk",
  people: "People",
  codes: "Codes",
  audit: "Audit log",
  articles: "Articles",
  cohost: "Cohosting",
  press: "Press",
  learn: "Learn",
  teachers: "Teachers",
  profile: "My profile",
  templates: "Templates",
  catalogue: "Gifts and packs",
  site: "Banner and flags",
  dashboard: "Figures",
  surveys: "Surveys",
};

/** The staff pages these roles open, the home first, as the back office's navigation lists them. */
export function staffNavFor(roles: readonly Role[]): Array<{ href: string; label: string }> {
  if (roles.length === 0) return [];
  return [STAFF_AREAS.home, ...areasFor(roles)].map((area) => ({ href: area.href, label: STAFF_NAV_LABEL[area.id] }));
}

/** True when these roles open this area. */
export function mayEnter(roles: readonly Role[], area: StaffAreaId): boolean {
  return STAFF_AREAS[area].roles.some((role) => roles.includes(role));
}

/** The areas these roles open, the home left out, in the table's order. */
export function areasFor(roles: readonly Role[]): StaffArea[] {
  return STAFF_AREA_IDS.filter((id) => id !== "home" && mayEnter(roles, id)).map((id) => STAFF_AREAS[id]);
}

/** The role a person acted through in an area, for the audit log: admin first, then the area's own. */
export function actingRole(roles: readonly Role[], area: StaffAreaId): Role | null {
  return STAFF_AREAS[area].roles.find((role) => roles.includes(role)) ?? null;
}

/** The people page's forms: a person's roles, or the studios whose front desk they run. */
export const PeopleActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("roles"),
    uid: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, "Please choose a person from the results."),
    roles: z.array(z.enum(ROLES, { errorMap: () => ({ message: "Please choose roles from the list." }) })).max(ROLES.length),
    /** The teacher a facilitator teaches as (ADR 037); "" for none, absent to keep what they have. */
    teacherId: z.union([z.literal(""), z.string().regex(/^[A-Za-z0-9_-]{1,120}$/, "Please choose a teacher from the list.")]).optional(),
  }),
  z.object({
    intent: z.literal("studios"),
    uid: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, "Please choose a person from the results."),
    studios: z.array(z.string().regex(/^[a-z0-9-]{1,40}$/, "Please choose studios from the list.")).max(50),
  }),
]);
export type PeopleAction = z.infer<typeof PeopleActionSchema>;
