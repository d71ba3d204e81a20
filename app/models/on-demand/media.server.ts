import { getDemoStreaming } from "~/services/streaming/index.server";

/**
 * One file of the demo's own HLS packages (a playlist or a segment), or null when there is no such
 * file or a hosted streaming service is configured (the player then has that service's addresses).
 */
export function demoMediaResponse(mediaId: string, file: string): Response | null {
  return getDemoStreaming()?.mediaResponse(mediaId, file) ?? null;
}

/** Whether the demo's HLS packages are served here at all. */
export function demoMediaActive(): boolean {
  return getDemoStreaming() !== null;
}
