import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * A stored E.164 number the way a person reads it (issue 34): "(201) 555-0178" for North American
 * numbers, "+44 7700 900123" for the rest; anything unreadable comes back as it was. Server-only, so
 * a page that merely shows a number carries none of the phone metadata to the browser.
 */
export function formatPhoneForReading(e164: string): string {
  const phone = parsePhoneNumberFromString(e164);
  if (!phone) return e164;
  return phone.countryCallingCode === "1" ? phone.formatNational() : phone.formatInternational();
}
