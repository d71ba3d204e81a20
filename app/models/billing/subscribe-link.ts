/**
 * The subscribe page's addresses (issue 8), apart from its form schema so the pages that link to it
 * carry no zod: a route's browser chunk keeps every module it shares with another page's components,
 * schemas included, even when it only used them in its action.
 */
import { safeRedirectPath } from "~/lib/navigation";

/** Longest code we read at all; anything longer is answered as an unknown code without more work. */
export const MAX_TYPED_CODE = 200;

/**
 * Where a member goes back to after subscribing (a class page they wanted to book): a plain path on
 * this site, exactly as the redirect check would answer it ("/.//host" parses to "//host").
 */
export function isReturnPath(value: string): boolean {
  return value.length <= 200 && /^\/[A-Za-z0-9/_.-]*$/.test(value) && safeRedirectPath(value, "") === value;
}

/** The subscribe page's own address for a choice, so sign-in can bring the visitor back to it. */
export function subscribeHref(choice: {
  plan?: string | null;
  code?: string | null;
  step?: "plan" | "payment";
  next?: string | null;
}): string {
  const params = new URLSearchParams();
  if (choice.plan) params.set("plan", choice.plan);
  if (choice.code && choice.code.length <= MAX_TYPED_CODE) params.set("code", choice.code);
  if (choice.step === "payment") params.set("step", "payment");
  if (choice.next && isReturnPath(choice.next)) params.set("next", choice.next);
  const query = params.toString();
  return query ? `/subscribe?${query}` : "/subscribe";
}
