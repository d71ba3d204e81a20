import { getStore } from "~/services/store/index.server";
import { getEnv } from "~/lib/env.server";
import { peopleFor } from "./booking.server";
import { CLASSES } from "./class-schedule.server";
import { LiveClassSchema } from "~/models/classes/live-class";
import { sendOnce } from "~/platform/mail.server";
import { getTeachers } from "~/models/content/teacher.server";
import { getPrivateUser } from "~/models/identity/user.server";
import { clockTime } from "~/models/identity/clock";

/**
 * Reminders (issue 9): every booked member hears about their class CLASS_REMINDER_MINUTES before it
 * starts, once (the key carries the start time, so a class moved to another time reminds again).
 * Run every few minutes: the server does it on a timer, and `npm run classes:remind` does it once.
 */
export async function sendReminders(options: { now?: Date; leadMinutes?: number } = {}): Promise<{ classes: number; sent: number }> {
  const now = options.now ?? new Date();
  const lead = options.leadMinutes ?? getEnv().CLASS_REMINDER_MINUTES;
  const { docs } = await getStore().query(CLASSES, LiveClassSchema, {
    where: [
      { field: "startsAt", op: ">", value: now.toISOString() },
      { field: "startsAt", op: "<=", value: new Date(now.getTime() + lead * 60_000).toISOString() },
    ],
  });
  const classes = docs.map((doc) => doc.data).filter((c) => c.status !== "cancelled");
  if (classes.length === 0) return { classes: 0, sent: 0 };
  const teachers = new Map((await getTeachers()).map((t) => [t.id, t.fullName]));
  const site = getEnv().PUBLIC_SITE_URL;
  let sent = 0;
  for (const liveClass of classes) {
    const { booked } = await peopleFor(liveClass.id);
    for (const uid of booked) {
      const person = await getPrivateUser(uid);
      if (!person?.email) continue;
      const zone = person.mostRecentTimeZone;
      const time = clockTime(liveClass.startsAt, zone);
      const teacher = teachers.get(liveClass.substituteTeacherId ?? liveClass.teacherId);
      const page = new URL(`/classes/${liveClass.slug || liveClass.id}`, site).toString();
      const result = await sendOnce(
        {
          to: person.email,
          subject: `Soon: ${liveClass.title} at ${time}`,
          text: `Hello ${person.firstName ?? "there"},\n\n"${liveClass.title}"${teacher ? ` with ${teacher}` : ""} starts at ${time}. Joining opens ten minutes before, on the class page:\n${page}\n\n${liveClass.whatToHaveReady ? `Have ready: ${liveClass.whatToHaveReady}\n\n` : ""}Can't make it? Cancel there, and the seat goes to the next person in line.\n\nStillhour`,
          idempotencyKey: `reminder:${liveClass.id}:${uid}:${liveClass.startsAt}`,
        },
        { uid },
      );
      if (result === "sent") sent += 1;
    }
  }
  return { classes: classes.length, sent };
}
