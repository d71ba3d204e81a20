import { defineHandle } from "~/lib/route-handle";
import { notFound } from "~/lib/errors";

/** Every address no other route claims answers 404 with the Page Not Found page (§8). */
export const handle = defineHandle({ name: "not-found" });

export function loader(): never {
  throw notFound();
}

export default function NotFoundRoute() {
  return null;
}
