import { z } from "zod";

/**
 * Following a teacher, the pure half (issue 27; issue 34): what the teacher's page learns about its
 * reader after it loads, and the in-place form's one field. The store's side is following.server.ts.
 */

/** A reader's own follow of one teacher, with the count as the store holds it now. */
export interface FollowState {
  signedIn: boolean;
  following: boolean;
  emailOnSchedule: boolean;
  followers: number;
}

/** The teacher page's button: follow, or stop following. */
export const FollowInPlaceSchema = z.object({ intent: z.enum(["follow", "unfollow"]) });
