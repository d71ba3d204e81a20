import { createHmac, timingSafeEqual } from "node:crypto";
import type { JoinRequest, VideoRooms } from "./port";

/**
 * The demo's rooms: a local page (/demo/room/{classId}) that says it is a demo and shows the class.
 * Its address carries a token signed with the server's secret, naming the member and the class and
 * expiring with it, so the page itself can tell a booked member's link from a guessed one.
 */
export function createDemoRooms(options: {
  secret: string;
}): VideoRooms & { verify(classId: string, token: string, nowSeconds: number): { uid: string; role: "member" | "cohost" } | null } {
  const sign = (payload: string) => createHmac("sha256", options.secret).update(`demo-room:${payload}`).digest("base64url");
  return {
    name: "demo",
    async joinUrl(request: JoinRequest) {
      // A cohost's token says so at its end; a member's keeps the shape it always had.
      const payload = `${request.classId}.${request.uid}.${request.closesAt}${request.role === "cohost" ? ".cohost" : ""}`;
      const token = `${Buffer.from(payload).toString("base64url")}.${sign(payload)}`;
      return `/demo/room/${encodeURIComponent(request.classId)}?t=${token}`;
    },
    async endAccess() {
      // The demo room's page asks for the booking on every open (models/classes/class-join.server.ts): a cancelled
      // booking's link already leads nowhere, and there is no call to leave.
    },
    verify(classId, token, nowSeconds) {
      const [encoded, signature] = token.split(".");
      if (!encoded || !signature || token.length > 600) return null;
      const payload = Buffer.from(encoded, "base64url").toString("utf8");
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      const [tokenClass, uid, closesAt, role] = payload.split(".");
      if (tokenClass !== classId || !uid || !(Number(closesAt) >= nowSeconds)) return null;
      return { uid, role: role === "cohost" ? "cohost" : "member" };
    },
  };
}
