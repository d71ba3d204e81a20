import type { Role } from "~/models/identity/user";
import type { LiveClass } from "~/models/classes/live-class";

/**
 * Who may change a live or studio class on /staff/classes (issue 23; ADR 037). An admin may change
 * any. A facilitator may change the classes they teach: those whose teacher, or named substitute,
 * is the teacher their account names in its `teacherId` claim (set with admin rights, never by the
 * member). A facilitator whose account names no teacher may change none.
 */

export interface StaffMember {
  roles: readonly Role[];
  /** The teacher this account teaches as (the `teacherId` claim), or null. */
  teacherId: string | null;
}

/** The staff member an account's roles and claims describe. */
export function staffMemberOf(viewer: { roles: readonly Role[]; account: { claims: Record<string, unknown> } }): StaffMember {
  const claim = viewer.account.claims.teacherId;
  return { roles: viewer.roles, teacherId: typeof claim === "string" && claim.length > 0 ? claim : null };
}

/** Whether this staff member may cancel this class or name its substitute. */
export function mayChangeClass(staff: StaffMember, liveClass: Pick<LiveClass, "teacherId" | "substituteTeacherId">): boolean {
  if (staff.roles.includes("admin")) return true;
  if (!staff.roles.includes("facilitator") || staff.teacherId === null) return false;
  return liveClass.teacherId === staff.teacherId || liveClass.substituteTeacherId === staff.teacherId;
}
