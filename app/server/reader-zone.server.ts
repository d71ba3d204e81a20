import { validTimeZone } from "~/models/identity/user";
import { getViewerState } from "./viewer.server";
import { getVisitor } from "./visitor.server";

/**
 * The zone a person reads times in (issue 34, ADR 015): the one their browser reported or they chose
 * in this session, else, for a member, the one kept on their record (`mostRecentTimeZone`, which the
 * browser's reports keep current); null while nobody has told us, when pages say they show Greenwich time (GMT).
 * The viewer's state is the request's shared one, so a member's record is read once per request.
 */
export async function readerZone(request: Request, context?: object): Promise<string | null> {
  const visitor = await getVisitor(request);
  if (visitor.timeZone) return visitor.timeZone.zone;
  if (!visitor.member) return null;
  const state = await getViewerState(request, context);
  return validTimeZone(state?.user.mostRecentTimeZone);
}

/** The same for a signed-in member whose record is already read: the session's zone, else the record's. */
export async function memberZone(request: Request, user: { mostRecentTimeZone: string | null }): Promise<string | null> {
  return (await getVisitor(request)).timeZone?.zone ?? validTimeZone(user.mostRecentTimeZone);
}
