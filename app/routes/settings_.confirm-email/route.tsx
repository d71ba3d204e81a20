import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { defineHandle } from "~/lib/route-handle";
import { checkEmailToken } from "~/models/identity/email-change.server";
import { confirmFromForm, PRIVATE } from "./page.server";
import { defineActionLimits } from "~/lib/action-limits";

/**
 * Issue 23: the link sent to a new profile e-mail. Opening it only shows the address and one button
 * (a mail scanner that fetches links changes nothing); pressing it makes the address the one we write
 * to. No sign-in is needed: the token, which only that mailbox received, is the proof. Works without
 * JavaScript.
 */
export const handle = defineHandle({ name: "confirm-email", layout: "main", theme: "light", trackViews: false });

export const meta: MetaFunction = () => [{ title: "Confirm your e-mail · Stillhour" }, { name: "robots", content: "noindex" }];

type Page = { state: "ready"; email: string; token: string } | { state: "gone"; email: null; token: ""; message: string };

export async function loader({ request }: LoaderFunctionArgs) {
  const token = (new URL(request.url).searchParams.get("token") ?? "").slice(0, 100);
  const checked = await checkEmailToken(token);
  if (!checked.ok)
    return data<Page>(
      { state: "gone", email: null, token: "", message: checked.problem.message },
      { status: checked.problem.status, headers: PRIVATE },
    );
  return data<Page>({ state: "ready", email: checked.email, token }, { headers: PRIVATE });
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  confirm: { does: ["write"], bound: "a single-use link of 43 random characters, sent within the e-mail change's own limits" },
});

export async function action({ request }: ActionFunctionArgs) {
  return confirmFromForm(request);
}

export default function ConfirmEmailRoute() {
  const page = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const message = refused?.errors.form ?? (page.state === "gone" ? page.message : null);
  return (
    <section className="section" aria-labelledby="confirm-email-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <h1 id="confirm-email-title">Confirm your e-mail</h1>
        </header>
        {message ? (
          <>
            <p className="notice notice--error" role="alert">
              {message}
            </p>
            <p>
              <Link to="/settings#profile">Go to settings</Link>
            </p>
          </>
        ) : page.state === "ready" ? (
          <Form method="post" className="auth-card stack">
            <p>
              From now on we'll write to <strong>{page.email}</strong>: receipts, class changes and reminders.
            </p>
            <input type="hidden" name="token" value={page.token} />
            <button className="button" type="submit" disabled={busy}>
              {busy ? "Confirming…" : "Confirm this address"}
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
