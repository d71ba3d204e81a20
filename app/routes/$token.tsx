import type { LoaderFunctionArgs } from "@remix-run/node";
import { defineHandle } from "~/models/route-handle";
import { resolveShortLink } from "~/models/short-link.server";

/**
 * §2 `{token}`: one path segment that will resolve short links (gift and referral tokens,
 * added by later features). Until a token matches, the address is simply not found.
 */
export const handle = defineHandle({ name: "token" });

export async function loader({ params }: LoaderFunctionArgs) {
  return resolveShortLink(params.token ?? "");
}

export default function TokenRoute() {
  return null;
}
