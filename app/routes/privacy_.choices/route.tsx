import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { PrivacyChoiceFormSchema, privacyChoice, privacyChoiceCookie } from "./privacy-choice.server";
import { defineHandle } from "~/lib/route-handle";
import { readSubmission } from "~/server/submission.server";
import { defineActionLimits } from "~/lib/action-limits";

/**
 * Issue 13: the visitor's privacy choice. A plain form (works without JavaScript) that turns analytics
 * and advertising off or on for this browser; the choice is a cookie the page reads before it loads
 * any of them, so it holds on every page from the next one on.
 */
export const handle = defineHandle({ name: "privacy-choices", layout: "main", theme: "light" });

export const meta: MetaFunction = () => [{ title: "Your privacy choices · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return data(
    { choice: privacyChoice(request), saved: url.searchParams.get("saved") === "1" },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  choices: { does: ["write"], bound: "the visitor's own choices, kept in a cookie and replaced; nothing is stored" },
});

export async function action({ request }: ActionFunctionArgs) {
  const submission = await readSubmission(request, PrivacyChoiceFormSchema);
  if (!submission.ok) return submission.reply;
  return redirect("/privacy/choices?saved=1", {
    headers: { "Set-Cookie": privacyChoiceCookie(submission.value.choice, new URL(request.url)), "Cache-Control": "no-store" },
  });
}

export default function PrivacyChoicesRoute() {
  const page = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const error = refused?.errors.form ?? refused?.errors.choice;
  const navigation = useNavigation();
  return (
    <section className="section" aria-labelledby="privacy-choices-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">Privacy</p>
          <h1 id="privacy-choices-title">Your privacy choices</h1>
          <p>
            We count page views and a few actions (like starting a class) to learn what helps, and, only where we have set one up, measure
            our advertising. You can turn all of that off for this browser. The site works the same either way.
          </p>
        </header>
        {page.saved ? (
          <p className="notice notice--success" role="status">
            {page.choice === "opt-out"
              ? "Done. Analytics and advertising are off in this browser."
              : "Saved. Analytics is on in this browser."}
          </p>
        ) : null}
        {error ? (
          <p className="notice notice--error" role="alert">
            {error}
          </p>
        ) : null}
        <Form method="post" className="auth-card stack">
          <fieldset className="stack">
            <legend>Analytics and advertising in this browser</legend>
            <label>
              <input type="radio" name="choice" value="allow" defaultChecked={page.choice === "allow"} /> Allow them
            </label>
            <label>
              <input type="radio" name="choice" value="opt-out" defaultChecked={page.choice === "opt-out"} /> Opt out of analytics and
              advertising
            </label>
          </fieldset>
          <p>
            <button type="submit" className="button" disabled={navigation.state === "submitting"}>
              {navigation.state === "submitting" ? "Saving…" : "Save my choice"}
            </button>
          </p>
        </Form>
        <p>
          <Link to="/privacy">Read the privacy policy</Link>
        </p>
      </div>
    </section>
  );
}
