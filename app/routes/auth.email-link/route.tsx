import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { FormField } from "~/components/form-field";
import { completeEmailSignIn, identityMessage, pendingEmail } from "~/server/email-sign-in.server";
import { defineHandle } from "~/lib/route-handle";
import { EmailLinkFormSchema, nextPath } from "~/models/identity/sign-in";
import { readRouteForm } from "~/server/body-limits.server";
import { refuse } from "~/server/submission.server";
import { echoOf, parseFields } from "~/lib/forms/submission";
import { defineActionLimits } from "~/lib/action-limits";

/**
 * Where an e-mail sign-in link lands. The loader finishes the sign-in on the server and sets the
 * session, so the journey needs no JavaScript. Opened in another browser, the page asks for the
 * address first (the provider needs it, and it proves the link was not forwarded by accident).
 */
export const handle = defineHandle({ name: "email-link", layout: "main", theme: "light" });

export const meta: MetaFunction = () => [{ title: "Signing you in · Stillhour" }, { name: "robots", content: "noindex" }];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

type Outcome = { state: "ask-email" | "failed" | "incomplete"; message?: string };

/** This page's own sentence for a body it could not read (the address is all it asks for). */
const UNREADABLE = "That request could not be read. Please try again.";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const oobCode = url.searchParams.get("oobCode") ?? "";
  const next = nextPath(url.searchParams.get("next"));
  if (!/^[A-Za-z0-9_-]{10,512}$/.test(oobCode)) {
    return data<Outcome>({ state: "incomplete" }, { status: 400 });
  }
  const email = await pendingEmail(request);
  if (!email) return data<Outcome>({ state: "ask-email" });
  return finish(request, email, oobCode, next);
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  "sign-in": {
    does: ["write"],
    bound: "a sign-in link the identity provider issued (single use, short-lived); its sending is limited on /sign-in",
  },
});

export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const oobCode = url.searchParams.get("oobCode") ?? "";
  const next = nextPath(url.searchParams.get("next"));
  if (!/^[A-Za-z0-9_-]{10,512}$/.test(oobCode)) return data<Outcome>({ state: "incomplete" }, { status: 400 });
  const body = await readRouteForm(request);
  if (!body.ok) return refuse<{ email?: string }>({ email: body.code === "bad_request" ? UNREADABLE : body.message }, {}, body.status);
  const parsed = parseFields(EmailLinkFormSchema, body.formData);
  if (!parsed.ok) return refuse(parsed.errors, echoOf(parsed.fields, ["email"]));
  return finish(request, parsed.value.email, oobCode, next);
}

async function finish(request: Request, email: string, oobCode: string, next: string) {
  const result = await completeEmailSignIn(request, email, oobCode);
  if (!result.ok) {
    return data<Outcome>(
      { state: "failed", message: identityMessage(result.code) },
      { status: result.code === "invalid_link" ? 410 : 400 },
    );
  }
  throw redirect(`/onboarding?next=${encodeURIComponent(next)}`, { headers: { "Set-Cookie": result.setCookie } });
}

export default function EmailLinkRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // A refused address asks again, with its message beside the field; anything else is the outcome.
  const refusal = actionData && "errors" in actionData ? actionData : null;
  const outcome: Outcome = actionData && !("errors" in actionData) ? actionData : refusal ? { state: "ask-email" } : loaderData;
  return (
    <section className="section auth-page" aria-labelledby="email-link-title">
      <div className="container container--narrow stack">
        {outcome.state === "ask-email" ? (
          <>
            <h1 id="email-link-title">One more step</h1>
            <p>This link was opened in a different browser from the one that asked for it. Please type the address it was sent to.</p>
            <Form method="post" noValidate>
              <FormField
                focusOnError
                name="email"
                label="Email address"
                type="email"
                autoComplete="email"
                required
                maxLength={254}
                defaultValue={refusal?.values.email ?? ""}
                error={refusal?.errors.email}
              />
              <button className="button" type="submit">
                Finish signing in
              </button>
            </Form>
          </>
        ) : (
          <>
            <h1 id="email-link-title">{outcome.state === "incomplete" ? "This link is incomplete" : "This link didn't work"}</h1>
            <p>
              {outcome.state === "incomplete"
                ? "Part of the address seems to be missing. Please open the link from the e-mail again, or ask for a new one."
                : outcome.message}
            </p>
            <div className="button-row">
              <Link className="button" to="/sign-in?mode=email">
                Get a new link
              </Link>
              <Link className="button button--secondary" to="/">
                Back to the home page
              </Link>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
