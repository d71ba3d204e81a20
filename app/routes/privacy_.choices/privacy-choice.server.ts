import { z } from "zod";
import { secureCookies } from "~/lib/site-address.server";
import { OPT_OUT_COOKIE, isOptedOut } from "~/platform/privacy-cookie";

/**
 * The visitor's analytics and advertising choice (issue 13): a cookie the browser's code reads before
 * loading any analytics, pixel or tag manager (app/browser/analytics-runtime.client.ts). Not HttpOnly
 * for that reason; it holds only "opt-out".
 */
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

export type PrivacyChoice = "allow" | "opt-out";

/** The choices form: one of its two options, or the sentence that asks for one. */
export const PrivacyChoiceFormSchema = z.object({
  choice: z.enum(["allow", "opt-out"], { errorMap: () => ({ message: "Choose one of the two options." }) }),
});

export function privacyChoice(request: Request): PrivacyChoice {
  return isOptedOut(request.headers.get("Cookie") ?? "") ? "opt-out" : "allow";
}

/** The Set-Cookie for the choice: Secure by the configured site address, not the request's scheme. */
export function privacyChoiceCookie(choice: PrivacyChoice, url: URL): string {
  const secure = secureCookies(url) ? "; Secure" : "";
  return choice === "opt-out"
    ? `${OPT_OUT_COOKIE}=opt-out; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`
    : `${OPT_OUT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}
