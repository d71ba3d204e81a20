import { getEnv } from "~/lib/env.server";
import { createDailyRooms } from "./daily.server";
import { createDemoRooms } from "./demo.server";
import type { VideoRooms } from "./port";

/** The one place that picks where classes meet: VIDEO_PROVIDER=demo (refused in production) or daily. */
let rooms: VideoRooms | undefined;
let demo: ReturnType<typeof createDemoRooms> | undefined;

export function getVideoRooms(): VideoRooms {
  if (rooms) return rooms;
  const env = getEnv();
  rooms = getDemoRooms() ?? createDailyRooms({ apiKey: env.DAILY_API_KEY!, domain: env.DAILY_DOMAIN! });
  return rooms;
}

/** The demo rooms, for the demo room page's check of its token; null unless VIDEO_PROVIDER=demo. */
export function getDemoRooms(): ReturnType<typeof createDemoRooms> | null {
  if (getEnv().VIDEO_PROVIDER !== "demo") return null;
  demo ??= createDemoRooms({ secret: getEnv().SESSION_SECRET });
  return demo;
}

export function setVideoRoomsForTests(next: VideoRooms | undefined) {
  rooms = next;
}
