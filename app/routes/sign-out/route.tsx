import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { Link } from "~/components/link";
import { defineHandle } from "~/lib/route-handle";
import { endSession, getViewer } from "~/server/viewer.server";
import { defineActionLimits } from "~/lib/action-limits";

/** Signing out is a POST (a link or a prefetch must never sign anyone out); GET asks first. */
export const handle = defineHandle({ name: "sign-out", layout: "main", theme: "light" });

export const meta: MetaFunction = () => [{ title: "Sign out · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getViewer(request);
  if (!viewer || viewer.anonymous) throw redirect("/");
  return null;
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  "sign-out": { does: ["write"], bound: "ends the person's own session; nothing accumulates" },
});

export async function action({ request }: ActionFunctionArgs) {
  const setCookie = await endSession(request);
  return redirect("/signed-out", { headers: { "Set-Cookie": setCookie } });
}

export default function SignOutRoute() {
  return (
    <section className="section auth-page" aria-labelledby="sign-out-title">
      <div className="container container--narrow stack">
        <h1 id="sign-out-title">Sign out?</h1>
        <p>You'll be signed out on every device. Your classes, favourites and membership stay just as they are.</p>
        <Form method="post" reloadDocument className="button-row">
          <button className="button" type="submit">
            Sign out
          </button>
          <Link className="button button--secondary" to="/">
            Stay signed in
          </Link>
        </Form>
      </div>
    </section>
  );
}
