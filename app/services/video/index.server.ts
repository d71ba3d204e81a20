import { getEnv, isDemo, requiredSetting, type Env } from "~/lib/env.server";
import { createDailyRooms } from "./daily.server";
import { createDemoRooms } from "./demo.server";
import type { VideoRooms } from "./port";

/** The one place that picks where classes meet: VIDEO_PROVIDER=demo (APP_ENV=demo only) or daily. */
let rooms: VideoRooms | undefined;
let demo: ReturnType<typeof createDemoRooms> | undefined;

export function getVideoRooms(): VideoRooms {
  if (rooms) return rooms;
  const env = getEnv();
  if (env.VIDEO_PROVIDER === "daily") {
    rooms = createDailyRooms({
      apiKey: requiredSetting(env, "DAILY_API_KEY", "VIDEO_PROVIDER=daily"),
      domain: requiredSetting(env, "DAILY_DOMAIN", "VIDEO_PROVIDER=daily"),
      apiUrl: env.DAILY_API_URL,
    });
    return rooms;
  }
  // Refused at start outside the demo; this holds if a process got through anyway.
  const demoRooms = getDemoRooms();
  if (!demoRooms) throw new Error("VIDEO_PROVIDER=demo runs only with APP_ENV=demo");
  rooms = demoRooms;
  return rooms;
}

/**
 * Where Join's redirect may go, for the CSP's form-action: the Daily subdomain's rooms, or in staging
 * the local stand-in's origin (DAILY_API_URL); the demo room is on the site itself.
 */
export function roomOrigins(
  env: Pick<Env, "PAYMENT_PROVIDER" | "STRIPE_API_URL" | "VIDEO_PROVIDER" | "DAILY_API_URL" | "DAILY_DOMAIN"> = getEnv(),
): string[] {
  if (env.VIDEO_PROVIDER !== "daily") return [];
  return [env.DAILY_API_URL ? new URL(env.DAILY_API_URL).origin : `https://${env.DAILY_DOMAIN}.daily.co`];
}

/** The demo rooms, for the demo room page's check of its token; null unless VIDEO_PROVIDER=demo in the demo. */
export function getDemoRooms(): ReturnType<typeof createDemoRooms> | null {
  if (getEnv().VIDEO_PROVIDER !== "demo" || !isDemo()) return null;
  demo ??= createDemoRooms({ secret: getEnv().SESSION_SECRET });
  return demo;
}

export function setVideoRoomsForTests(next: VideoRooms | undefined) {
  rooms = next;
}
