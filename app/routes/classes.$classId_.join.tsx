import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { joinClass } from "~/server/class-join.server";

/**
 * Issue 9: "Join". A booked member inside the window is sent to their room; the address is made now,
 * for them, and never written into a page. Everyone else goes back to the class page, which says why.
 */
export async function loader({ params }: ActionFunctionArgs) {
  return redirect(`/classes/${encodeURIComponent(params.classId ?? "")}`);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const outcome = await joinClass(request, context, params.classId ?? "");
  return redirect(outcome.location, { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}
