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

export type { PublicIdentityConfig } from "~/adapters/identity/config";
