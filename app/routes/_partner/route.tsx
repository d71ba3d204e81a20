import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { landerMeta } from "~/components/landers/lander-route";
import { requireLanderView } from "~/server/lander-data.server";
import { defineHandle } from "~/lib/route-handle";

/** A partner page: the child files only name the page; the content comes from the landingPages collection. */
export const handle = defineHandle({ query: [], name: "partner", layout: "lander", footer: "compact", theme: "light" });

export const meta = landerMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  return requireLanderView(new URL(request.url).pathname);
}

export default function PartnerLayout() {
  return <Outlet />;
}
