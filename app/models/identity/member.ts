import type { LiveUserOptions, LiveUserRecord } from "./live-user";

/**
 * What every page knows about a signed-in member: enough for the header's account menu and the
 * browser's session sync, nothing more (loader data is inlined into the page).
 */
export interface MemberSummary {
  uid: string;
  firstName: string | null;
  initials: string;
  photoUrl: string | null;
  photoColor: string | null;
  isSubscribed: boolean;
  /** Holds any staff role: the header offers the back office and never the membership. */
  isStaff: boolean;
  /** Which call to action the header, menus and bands show this person (`salesCallFor`). */
  call: SalesCall;
  /** The fields the page shows, as rendered; the live listener replaces them as they change. */
  record: LiveUserRecord;
  /** How the page listens to the member's record: the store's event stream, or Firestore itself. */
  liveOptions: LiveUserOptions | null;
  /**
   * How much longer (ms) the server's session may still be handed to the browser's sign-in
   * (`/api/session/token` answers only within five minutes of signing in); 0 once it may not.
   */
  handOverMs: number;
}

/**
 * Who is offered what (issue 34): "offer" for someone who can still take the free trial (a visitor,
 * or a signed-in person who has never had a plan), "member" for someone whose membership runs
 * (trial, paid or gifted), and "none" for anyone else: staff without a membership, and people whose
 * plan has ended (they have had their trial, so a free week is not theirs to take).
 */
export type SalesCall = "offer" | "member" | "none";

export function salesCallFor(
  person: { isSubscribed: boolean; subscriptionStatus: string | null; roles: readonly string[] } | null,
): SalesCall {
  if (!person) return "offer";
  if (person.isSubscribed) return "member";
  if (person.roles.length > 0 || person.subscriptionStatus) return "none";
  return "offer";
}

export type { PublicIdentityConfig } from "~/services/identity/config";
