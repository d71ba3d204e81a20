import type { ViewerState } from "./viewer.server";
import { memberZone } from "./reader-zone.server";
import { FALLBACK_TIME_ZONE } from "~/models/identity/user";

/**
 * The zone a practice is dated in (issue 27): the one the member is
 * in now, as their session knows it (the browser's report or their choice), else the one on their
 * record, else Greenwich time (FALLBACK_TIME_ZONE; ADR 045).
 */
export async function practiceZone(request: Request, state: ViewerState): Promise<string> {
  return (await memberZone(request, state.user)) ?? FALLBACK_TIME_ZONE;
}

/** Runs a practice write beside the thing the member came to do; a failure there is logged, never shown. */
export async function notePractice(what: string, write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    console.warn(
      JSON.stringify({ level: "warn", msg: "practice not recorded", what, error: error instanceof Error ? error.name : "unknown" }),
    );
  }
}
