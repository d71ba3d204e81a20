import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { landerMeta } from "~/components/landers/lander-route";
import { requireLanderView } from "~/server/lander-data.server";
import { defineHandle } from "~/lib/route-handle";

/** A Stillhour programme page: the child files only name the page; the content comes from the landingPages collection. */
export const handle = defineHandle({ query: [], name: "lander", layout: "lander", footer: "compact", theme: "dark", header: "fixed" });

export const meta = landerMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  return requireLanderView(new URL(request.url).pathname);
}

export default function LanderLayout() {
  return <Outlet />;
}
