import { getVideoRooms } from "~/services/video/index.server";
import { VideoError } from "~/services/video/port";

/**
 * A member's way into a class's video room ends with their booking (issue 23): whoever cancels
 * calls this after the cancellation is written. Never throws: the booking is cancelled either way,
 * and the room's own check (the demo room asks for the booking; Daily's ban) is what keeps them out.
 */
export async function endRoomAccess(classId: string, uid: string): Promise<void> {
  try {
    await getVideoRooms().endAccess({ classId, uid });
  } catch (error) {
    console.warn(
      JSON.stringify({
        level: "warn",
        msg: "video room access not ended",
        classId,
        code: error instanceof VideoError ? error.code : "unknown",
      }),
    );
  }
}
