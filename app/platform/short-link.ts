import { z } from "zod";
import { safeRedirectPath } from "~/lib/navigation";

/** shortLinks: a token that stands for a same-site address (gift and referral links). */
export const ShortLinkSchema = z.object({
  token: z.string(),
  kind: z.enum(["gift", "referral", "campaign"]),
  /** Always a same-site path, so a short link can never send a visitor elsewhere. */
  target: z.string().refine((target) => safeRedirectPath(target, "") === target, "must be a same-site path"),
  expiresAt: z.number().int().nullable().default(null),
});
export type ShortLink = z.infer<typeof ShortLinkSchema>;

export const SHORT_LINK_TOKEN = /^[A-Za-z0-9_-]{4,64}$/;

export function isLive(link: ShortLink, nowMs: number): boolean {
  return link.expiresAt === null || link.expiresAt * 1000 > nowMs;
}
