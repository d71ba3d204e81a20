import type { MetaFunction } from "@remix-run/node";
import { Link } from "~/components/link";
import { defineHandle } from "~/lib/route-handle";

/** Where a sign-out lands; the browser's own sign-in state is cleared here too (AuthRuntime). */
export const handle = defineHandle({ name: "signed-out", layout: "main", theme: "light" });

export const meta: MetaFunction = () => [{ title: "Signed out · Stillhour" }, { name: "robots", content: "noindex" }];

export default function SignedOutRoute() {
  return (
    <section className="section auth-page" aria-labelledby="signed-out-title">
      <div className="container container--narrow stack">
        <h1 id="signed-out-title">You're signed out</h1>
        <p role="status">Thanks for practising with us. Come back whenever you need a quiet minute.</p>
        <div className="button-row">
          <Link className="button" to="/">
            Back to the home page
          </Link>
          <Link className="button button--secondary" to="/sign-in">
            Sign in again
          </Link>
        </div>
      </div>
    </section>
  );
}
