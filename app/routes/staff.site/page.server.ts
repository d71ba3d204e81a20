import { redirect } from "@remix-run/node";
import { z } from "zod";
import { echoOf, parseFields } from "~/lib/forms/submission";
import { BannerFormSchema, FlagFormSchema } from "~/models/staff/catalogue-form";
import { getStoredBanner, listFlags, saveBanner, setFlag } from "~/models/staff/catalogue.server";
import type { AuditActor } from "~/models/staff/audit";
import { refuse } from "~/server/submission.server";

const NOTICES: Record<string, string> = {
  banner: "Banner saved. Public pages show it now.",
  flag: "Flag saved. It takes effect now.",
  unchanged: "Nothing changed, so nothing was recorded.",
};

const FLAG_NOTES: Record<string, string> = {
  onDemand: "The on-demand library in the navigation and on the home page.",
  gifts: "Gift memberships.",
  studios: "Class credits and in-person studios.",
  adPixel: "The ad pixel's page views, when a pixel is configured.",
  tagManager: "The tag manager and social scripts, when configured.",
  surveys: "Surveys after classes.",
};

/** The banner as stored and every flag with a line on what it turns on (issue 26; ADR 052). */
export async function sitePage(url: URL) {
  const [banner, flags] = await Promise.all([getStoredBanner(), listFlags()]);
  return {
    notice: NOTICES[url.searchParams.get("done") ?? ""] ?? null,
    banner: { text: banner?.text ?? "", linkLabel: banner?.linkLabel ?? "", href: banner?.href ?? "", active: banner?.active ?? false },
    flags: flags.map((flag) => ({ ...flag, note: FLAG_NOTES[flag.name] ?? "" })),
  };
}

export type SitePage = Awaited<ReturnType<typeof sitePage>>;

/** The banner form and the flags' buttons are told apart by `intent`. */
export const SiteIntentSchema = z.object({ intent: z.string().max(40) });

type Sent = { fields: Record<string, string> };

/** The banner; an unticked box sends nothing, which is "". Refused, it comes back with `intent` so the page fills that form. */
async function banner(actor: AuditActor, { fields }: Sent) {
  const typed = echoOf(fields, ["text", "linkLabel", "href", "active"] as const);
  const values = { text: "", linkLabel: "", href: "", active: "", ...typed, intent: "banner" as const };
  const parsed = parseFields(BannerFormSchema, values);
  if (!parsed.ok) return refuse({ form: "Please check the fields marked below.", ...parsed.errors }, values);
  const result = await saveBanner(actor, parsed.value);
  return redirect(`/staff/site?done=${result.ok && result.changed ? "banner" : "unchanged"}`);
}

/** One flag turned on or off. */
async function flag(actor: AuditActor, { fields }: Sent) {
  const parsed = parseFields(FlagFormSchema, fields);
  if (fields.intent !== "flag" || !parsed.ok) return refuse({ form: "Please use the buttons on this page." }, {});
  const result = await setFlag(actor, parsed.value.flag, parsed.value.enabled === "on");
  if (!result.ok) return refuse({ form: result.problem.message }, {}, result.problem.status);
  return redirect(`/staff/site?done=${result.changed ? "flag" : "unchanged"}`);
}

export const siteIntent = (intent: string) => (intent === "banner" ? banner : flag);
