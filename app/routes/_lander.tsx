import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { landerMeta } from "~/components/lander-route";
import { requireLandingPageView } from "~/features/content/landing-page.server";
import { defineHandle } from "~/lib/route-handle";

/** A Stillhour programme page: the child files only name the page; the content comes from the landingPages collection. */
export const handle = defineHandle({ query: [], name: "lander", layout: "lander", theme: "dark", header: "fixed" });

export const meta = landerMeta;

export function loader({ request }: LoaderFunctionArgs) {
  return requireLandingPageView(new URL(request.url).pathname);
}

export default function LanderLayout() {
  return <Outlet />;
}
