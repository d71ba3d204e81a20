import { redirect } from "@remix-run/node";
import { safeRedirectPath } from "~/lib/navigation";
import { FALLBACK_TIME_ZONE, buildSessionUserState } from "~/models/identity/user";
import { getPrivateUser } from "~/models/identity/user.server";
import { staffMemberOf, type StaffMember } from "~/models/staff/class-access";
import { STAFF_AREAS, actingRole, mayEnter, type StaffAreaId } from "~/models/staff/staff-areas";
import type { AuditActor } from "~/models/staff/audit";
import { getViewer, type ViewerState } from "./viewer.server";
import { memberZone } from "./reader-zone.server";

/**
 * The one guard of every staff page (issue 26; ADR 044), called by each staff loader and each staff
 * action before anything else. Roles come from the account's claims as the identity provider holds
 * them now: the guard asks the provider on every staff request, reads included (other pages may use
 * an answer up to a minute old), so a role removed on the people page is gone on that person's next
 * request, on every instance, without waiting for a new sign-in.
 *
 * A visitor (or an anonymous account) goes to sign in and back; an account without a role that
 * opens the area gets 403; a member who has not finished onboarding goes there first.
 */

export interface StaffState extends ViewerState {
  staff: StaffMember;
  /** Who is acting and through which role, for the audit log. */
  actor: AuditActor;
  /**
   * The staff member's own zone, found as anyone's is (their browser's report, else their record), in
   * which they see and type online classes, articles, codes and days (issue 34); UTC while unknown.
   */
  zone: string;
}

export async function requireStaff(request: Request, area: StaffAreaId): Promise<StaffState> {
  const viewer = await getViewer(request, { checkAs: "write" });
  const url = new URL(request.url);
  const here = safeRedirectPath(`${url.pathname}${url.search}`);
  if (!viewer || viewer.anonymous) throw redirect(`/sign-in?next=${encodeURIComponent(here)}`);
  if (!mayEnter(viewer.roles, area)) {
    throw new Response(null, {
      status: 403,
      statusText:
        viewer.roles.length === 0 ? "This page is for Stillhour staff" : `Your staff roles do not open ${STAFF_AREAS[area].title}`,
    });
  }
  const record = await getPrivateUser(viewer.uid);
  const user = buildSessionUserState(viewer.account, record, new Date());
  if (user.onboardingStatus !== "onboarded") throw redirect(`/onboarding?next=${encodeURIComponent(here)}`);
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return {
    viewer,
    user,
    staff: staffMemberOf(viewer),
    actor: { uid: viewer.uid, name, role: actingRole(viewer.roles, area) ?? viewer.roles[0] },
    zone: (await memberZone(request, user)) ?? FALLBACK_TIME_ZONE,
  };
}
