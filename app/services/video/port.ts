/**
 * Where a live class meets (issue 9; docs/decisions/018-video-rooms.md). One port, two adapters: a
 * local demo room page, and Daily's REST API. A join link is made per member, per class, when they
 * ask to join inside the window, and expires with the class: it is never put in a page's HTML.
 */

export interface RoomRequest {
  classId: string;
  title: string;
  /** Unix seconds. The room opens this early and closes at `closesAt`. */
  opensAt: number;
  closesAt: number;
}

export interface JoinRequest extends RoomRequest {
  uid: string;
  displayName: string;
  /** Issue 26: a cohost joins with the right to manage participants; a member (the default) without. */
  role?: "member" | "cohost";
}

export class VideoError extends Error {
  constructor(
    public readonly code: "unavailable" | "refused",
    message: string,
  ) {
    super(message);
    this.name = "VideoError";
  }
}

export interface VideoRooms {
  readonly name: "demo" | "daily";
  /** A join address for this member, valid until the class ends. */
  joinUrl(request: JoinRequest): Promise<string>;
  /**
   * Ends this member's way into the class's room (their booking was cancelled): puts them out if
   * they are in, and keeps their join address from letting them back. Idempotent.
   */
  endAccess(request: { classId: string; uid: string }): Promise<void>;
}

/** The room's name: stable per class, safe in a URL. */
export function roomName(classId: string): string {
  return `stillhour-${classId.toLowerCase().replace(/[^a-z0-9-]/g, "-")}`.slice(0, 100);
}
