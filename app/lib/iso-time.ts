import type { DateTime } from "luxon";

/*
 * A DateTime's ISO text, for one built from stored or already-checked values (a real instant, a zone
 * the schema accepted). Luxon answers null for an invalid one; that is a fault upstream, so it is
 * said here, plainly, rather than written on as the text "null".
 */

export function isoInstant(time: DateTime): string {
  const text = time.toISO();
  if (text === null) throw new RangeError(`Not a valid time: ${time.invalidExplanation ?? time.invalidReason}`);
  return text;
}

export function isoDay(time: DateTime): string {
  const text = time.toISODate();
  if (text === null) throw new RangeError(`Not a valid day: ${time.invalidExplanation ?? time.invalidReason}`);
  return text;
}
