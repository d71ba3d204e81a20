import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { FormField } from "~/components/form-field";
import { PhoneSignIn } from "~/components/phone-sign-in";
import { defineHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";
import { EmailLinkFormSchema, nextPath } from "~/models/identity/sign-in";
import { identityMessage, sendEmailSignInLink, SIGN_IN_LINK_PER_ADDRESS, SIGN_IN_LINK_PER_EMAIL } from "~/server/email-sign-in.server";
import { getViewer } from "~/server/viewer.server";
import { signInAvailable } from "~/models/identity/account.server";
import { readSession } from "~/lib/session.server";
import { readSubmission, refuse } from "~/server/submission.server";
import { defineActionLimits } from "~/lib/action-limits";

export const handle = defineHandle({ name: "sign-in", layout: "main", theme: "light" });

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta({ title: "Sign in", description: "Sign in to Stillhour with your phone or a link by e-mail.", path: "/sign-in", matches }),
  { name: "robots", content: "noindex" },
];

// The page shows the address a link was sent to: never kept for anyone else.
export const headers: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : parentHeaders;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const next = nextPath(url.searchParams.get("next"));
  const viewer = await getViewer(request);
  if (viewer && !viewer.anonymous) throw redirect(next);
  let sentTo: string | null = null;
  if (url.searchParams.get("sent") === "1") {
    const session = await readSession(request.headers.get("Cookie") ?? "");
    sentTo = session.get("pendingEmail")?.email ?? null;
  }
  const headers = sentTo ? { "Cache-Control": "private, no-store" } : undefined;
  return data({ next, sentTo, available: signInAvailable(), phoneFirst: url.searchParams.get("mode") !== "email" }, { headers });
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  "email-link": { does: ["mail"], limits: [SIGN_IN_LINK_PER_ADDRESS, SIGN_IN_LINK_PER_EMAIL] },
});

export async function action({ request }: ActionFunctionArgs) {
  const next = nextPath(new URL(request.url).searchParams.get("next"));
  const submission = await readSubmission(request, EmailLinkFormSchema, ["email"]);
  if (!submission.ok) return submission.reply;
  const { email } = submission.value;
  const sent = await sendEmailSignInLink(request, email, next);
  if (!sent.ok) return refuse({ email: identityMessage(sent.code) }, { email }, sent.status);
  return redirect(`/sign-in?sent=1&next=${encodeURIComponent(next)}#email-link`, { headers: { "Set-Cookie": sent.setCookie } });
}

export default function SignInRoute() {
  const { next, sentTo, available, phoneFirst } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formAction?.startsWith("/sign-in") === true;

  return (
    <section className="section auth-page" aria-labelledby="sign-in-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">Welcome back, or welcome</p>
          <h1 id="sign-in-title">Sign in to Stillhour</h1>
          <p>Use your phone number or an e-mail link. New here? The same steps make your account.</p>
        </header>

        {!available ? (
          <p className="notice" role="status">
            Signing in isn't available on this server right now. Everything else on the site still works.
          </p>
        ) : (
          <div className={phoneFirst ? "auth-options" : "auth-options auth-options--email-first"}>
            <section className="auth-card" aria-labelledby="phone-title">
              <h2 id="phone-title">With your phone</h2>
              <PhoneSignIn next={next} />
            </section>

            <section className="auth-card" id="email-link" aria-labelledby="email-title">
              <h2 id="email-title">With a link by e-mail</h2>
              {sentTo ? (
                <div className="notice notice--success" role="status">
                  <p>
                    We sent a sign-in link to <strong>{sentTo}</strong>. Open it on this device to finish signing in. It works once and
                    expires after a while.
                  </p>
                  <p>Nothing arrived? Check the spam folder, or send it again below.</p>
                </div>
              ) : (
                <p>We'll send you a link that signs you in. No password to remember. This works without JavaScript too.</p>
              )}
              <Form method="post" action={`/sign-in?next=${encodeURIComponent(next)}`} noValidate>
                <FormField
                  focusOnError
                  name="email"
                  label="Email address"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  required
                  maxLength={254}
                  defaultValue={actionData?.values.email ?? sentTo ?? ""}
                  error={actionData?.errors.email ?? actionData?.errors.form}
                />
                <button className="button" type="submit" disabled={sending} aria-disabled={sending}>
                  {sending ? "Sending…" : sentTo ? "Send another link" : "Send me a sign-in link"}
                </button>
              </Form>
            </section>
          </div>
        )}
        <p className="auth-page__small">
          By signing in you agree to our <Link to="/terms">terms</Link> and <Link to="/privacy">privacy notice</Link>.
        </p>
      </div>
    </section>
  );
}
