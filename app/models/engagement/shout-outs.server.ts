import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import { getPrivateUser } from "~/models/identity/user.server";
import { CHECK_IN_INFO, CheckInInfoSchema } from "~/models/studios/check-in.server";
import { milestonesUpTo } from "./achievements";
import { PracticeEntrySchema } from "./practice-calendar";
import { PRACTICE_ENTRIES, getPracticeSettings, listPractice, practiceEntryId } from "./practice.server";

/**
 * Shout-outs (issue 27, ADR 049): the members who reached a class milestone (1, 10, 25, 50, 100, every
 * 100 after) in a given class, for its teacher's word of congratulation. Only members who turned
 * `shoutOuts` on are ever listed, by first name and the milestone, nothing else. A milestone is
 * "reached in this class" when this class is that numbered practice in the member's own record.
 */

export interface ShoutOut {
  firstName: string;
  milestone: number;
  title: string;
}

/** Who came to the class: members who went into its live room, and members checked in at the studio. */
async function attendees(classId: string): Promise<{ uid: string; entryId: string }[]> {
  const [{ docs: live }, checkIns] = await Promise.all([
    getStore().query(PRACTICE_ENTRIES, PracticeEntrySchema, { where: [{ field: "classRef", op: "==", value: classId }], limit: 500 }),
    documentsWhere(CHECK_IN_INFO, "classId", classId, CheckInInfoSchema),
  ]);
  return [
    ...live
      .map((d) => d.data)
      .filter((e) => e.source === "live" && e.classRef === classId)
      .map((e) => ({ uid: e.uid, entryId: e.id })),
    ...checkIns
      .map((d) => d.data)
      .filter((i) => i.checkedIn && i.classId === classId)
      .map((i) => ({ uid: i.uid, entryId: practiceEntryId(i.uid, "studio", i.ticketId) })),
  ];
}

/** The shout-outs of one class, first names in alphabetical order; members who have not allowed it are never read further. */
export async function shoutOutsFor(classId: string): Promise<ShoutOut[]> {
  const found = await Promise.all(
    (await attendees(classId)).map(async ({ uid, entryId }) => {
      if (!(await getPracticeSettings(uid)).shoutOuts) return null;
      const position = (await listPractice(uid)).findIndex((e) => e.id === entryId) + 1;
      if (position === 0 || !milestonesUpTo(position).includes(position)) return null;
      const firstName = (await getPrivateUser(uid))?.firstName?.trim();
      if (!firstName) return null;
      return { firstName, milestone: position, title: position === 1 ? "First class" : `${position} classes` };
    }),
  );
  return found.filter((s): s is ShoutOut => s !== null).sort((a, b) => a.firstName.localeCompare(b.firstName) || a.milestone - b.milestone);
}
