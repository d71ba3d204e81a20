import { VideoError, roomName, type JoinRequest, type VideoRooms } from "./port";

/**
 * Daily (https://docs.daily.co/reference/rest-api) behind the video port: one private room per class,
 * created on first join with `nbf`/`exp` around the class, and a meeting token per member naming them
 * and expiring when the class ends; a cancelled booking's member is ejected and banned by user id.
 * Daily's own words never reach a page: failures become VideoError.
 */
export function createDailyRooms(options: {
  apiKey: string;
  domain: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  apiUrl?: string;
}): VideoRooms {
  // Staging's stand-in (DAILY_API_URL) answers the API under /v1 and serves the rooms on its origin.
  const standIn = options.apiUrl ? new URL(options.apiUrl).origin : null;
  const apiBase = standIn ? `${standIn}/v1` : "https://api.daily.co/v1";
  const roomBase = standIn ?? `https://${options.domain}.daily.co`;
  const call = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(`${apiBase}${path}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${options.apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 8_000),
      });
    } catch {
      throw new VideoError("unavailable", "the video service did not answer");
    }
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    // A room that already exists is the room we want.
    if (response.status === 400 && path === "/rooms" && String(json.info ?? "").includes("already exists"))
      return { name: (body as { name: string }).name };
    // No room yet (nobody joined): nobody to put out.
    if (response.status === 404 && path.endsWith("/eject")) return {};
    if (!response.ok)
      throw new VideoError(
        response.status >= 500 || response.status === 429 ? "unavailable" : "refused",
        `video service answered ${response.status}`,
      );
    return json;
  };

  return {
    name: "daily",
    async joinUrl(request: JoinRequest) {
      const name = roomName(request.classId);
      await call("/rooms", {
        name,
        privacy: "private",
        properties: { nbf: request.opensAt, exp: request.closesAt, eject_at_room_exp: true },
      });
      const token = await call("/meeting-tokens", {
        properties: {
          room_name: name,
          user_name: request.displayName,
          user_id: request.uid,
          exp: request.closesAt,
          nbf: request.opensAt,
          // A cohost may manage participants (mute, remove); they are not the room's owner.
          ...(request.role === "cohost" ? { permissions: { canAdmin: ["participants"] } } : {}),
        },
      });
      if (typeof token.token !== "string") throw new VideoError("unavailable", "the video service sent no token");
      return `${roomBase}/${name}?t=${encodeURIComponent(token.token)}`;
    },
    async endAccess({ classId, uid }) {
      // A meeting token cannot be withdrawn; ejecting by user_id with `ban` puts the member out and
      // refuses that user_id (their token's) for the rest of the meeting.
      await call(`/rooms/${roomName(classId)}/eject`, { user_ids: [uid], ban: true });
    },
  };
}
