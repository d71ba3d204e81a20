import { z } from "zod";
import { validTimeZone } from "./user";
import { zoneCity, zoneWords } from "./clock";
import { dateTimeFormat } from "~/lib/date-format";

/**
 * The visitor's time zone (issue 9): where it comes from, how it is named on screen, and the form
 * that changes it. Times are stored as UTC instants and shown in this zone; a page that shows a time
 * names the zone beside it, so no time is ever read in the server's zone by accident.
 */

export type TimeZoneSource = "browser" | "chosen";

export interface VisitorTimeZone {
  zone: string;
  source: TimeZoneSource;
}

/** The zone's canonical IANA name ("utc" → "UTC"), or null when it is not a zone this runtime knows. */
export function canonicalTimeZone(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const zone = validTimeZone(input.trim());
  if (!zone) return null;
  return dateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
}

export const TimeZoneFormSchema = z.object({
  timeZone: z
    .string({ required_error: "Please choose a time zone." })
    .trim()
    .min(1, "Please choose a time zone.")
    .max(64, "Please choose a time zone from the list.")
    .transform((value, ctx) => {
      const zone = canonicalTimeZone(value);
      if (!zone) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "We don't know that time zone. Please choose one from the list." });
        return z.NEVER;
      }
      return zone;
    }),
  source: z.enum(["browser", "chosen"]).default("chosen"),
  next: z.string().max(2000).optional(),
});

export { zoneCity } from "./clock";

/** How a zone is named beside a time: "Berlin time (GMT+1)". The offset is the one at `at`. */
export function zoneLabel(zone: string, at: Date = new Date(), locale = "en-GB"): string {
  if (zoneWords(zone) === "GMT") return "GMT";
  const offset =
    dateTimeFormat(locale, { timeZone: zone, timeZoneName: "shortOffset" })
      .formatToParts(at)
      .find((part) => part.type === "timeZoneName")?.value ?? "";
  return `${zoneCity(zone)} time${offset ? ` (${offset})` : ""}`;
}

/** Every zone this runtime knows, grouped by region for a select. */
export function zonesByRegion(): { region: string; zones: string[] }[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : ["UTC"];
  const groups = new Map<string, string[]>();
  for (const zone of all) {
    const region = zone.includes("/") ? zone.split("/")[0] : "Other";
    groups.set(region, [...(groups.get(region) ?? []), zone]);
  }
  if (!all.includes("UTC")) groups.set("Other", [...(groups.get("Other") ?? []), "UTC"]);
  return [...groups.entries()].map(([region, zones]) => ({ region, zones: zones.sort() })).sort((a, b) => a.region.localeCompare(b.region));
}
