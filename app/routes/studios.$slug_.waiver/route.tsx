import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FieldError, FormField, fieldIds } from "~/components/form-field";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { requireAccess } from "~/server/viewer.server";
import { waiverAction, waiverPage } from "~/server/waiver-page.server";
import { defineActionLimits } from "~/lib/action-limits";

/**
 * Issue 12: a studio's waiver. The full current text, then a plain form: the member's typed name, a
 * consent box, their date of birth when we don't have it, and for under-18s a guardian's name and
 * consent. Signing returns to the booking it interrupted. Works without JavaScript.
 */
export const handle = defineHandle({ name: "studio-waiver", layout: "main", theme: "light", requiresAuth: true });

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: page ? `Waiver · ${page.studio.name} · Stillhour` : "Waiver · Stillhour" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const state = await requireAccess(request, handle, { context });
  const page = await waiverPage(request, state, params.slug ?? "");
  if (!page) throw notFound();
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  sign: { does: ["write"], bound: "one signature per member, studio and waiver version, created once" },
});

export async function action({ request, params, context }: ActionFunctionArgs) {
  const state = await requireAccess(request, handle, { context });
  const result = await waiverAction(request, state, params.slug ?? "");
  if ("redirect" in result) return redirect(result.redirect, 303);
  return data(result, { status: result.status });
}

export default function StudioWaiverRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors = actionData && "fieldErrors" in actionData ? actionData.fieldErrors : {};
  const values = actionData && "values" in actionData ? actionData.values : {};
  const consent = fieldIds("consent", undefined, errors.consent);
  const guardianConsent = fieldIds("guardianConsent", undefined, errors.guardianConsent);
  return (
    <section className="section" aria-labelledby="waiver-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">
            <Link to={`/studios/${page.studio.slug}`}>{page.studio.name}</Link>
          </p>
          <h1 id="waiver-title">{page.waiver ? page.waiver.title : "Waiver"}</h1>
          {page.waiver ? (
            <p>
              Version {page.waiver.version}, published {page.waiver.published}. Please read it all; it's short.
            </p>
          ) : null}
        </header>

        {actionData && "formError" in actionData && actionData.formError ? (
          <p className="notice notice--error" role="alert">
            {actionData.formError}
          </p>
        ) : null}

        {!page.waiver ? <p>This studio has no waiver to sign. You can book straight away.</p> : null}

        {page.waiver ? (
          // The whole text, in the page's own flow: no box of its own to scroll, so nothing extra to focus.
          <section className="waiver-text" aria-label="The waiver's full text">
            {page.waiver.text}
          </section>
        ) : null}

        {page.waiver && page.signedCurrent ? (
          <div className="stack">
            <p className="notice notice--success" role="status">
              You signed this version on {page.signedCurrent.when}.
            </p>
            <p>
              <Link className="button" to={page.next}>
                Carry on
              </Link>
            </p>
          </div>
        ) : null}

        {page.waiver && !page.signedCurrent ? (
          <Form method="post" className="auth-card stack" aria-labelledby="sign-title" noValidate>
            <h2 id="sign-title">Sign version {page.waiver.version}</h2>
            <input type="hidden" name="version" value={page.waiver.version} />
            <FormField
              focusOnError
              name="fullName"
              label="Your full name"
              hint={page.expectedName ? `Type it as it is on your account: ${page.expectedName}.` : "Type your full name."}
              autoComplete="name"
              required
              defaultValue={values.fullName ?? ""}
              error={errors.fullName}
            />
            {page.askBirthday ? (
              <FormField
                focusOnError
                name="birthday"
                label="Your date of birth"
                hint="We ask once, for the under-18 rule. For example 1990-04-21."
                type="date"
                required
                defaultValue={values.birthday ?? ""}
                error={errors.birthday}
              />
            ) : null}
            <div className="field">
              <div className="waiver-check">
                <input
                  id={consent.id}
                  name="consent"
                  type="checkbox"
                  value="on"
                  aria-invalid={errors.consent ? true : undefined}
                  aria-describedby={consent.describedBy}
                />
                <label htmlFor={consent.id}>I have read the waiver above and agree to it.</label>
              </div>
              <FieldError id={consent.errorId} error={errors.consent} />
            </div>
            {page.askGuardian ? (
              <fieldset className="stack">
                <legend>
                  {page.knownMinor
                    ? "You're under 18: a parent or guardian signs with you"
                    : "Only if you're under 18: a parent or guardian signs with you"}
                </legend>
                <FormField
                  focusOnError
                  name="guardianName"
                  label="Parent or guardian's full name"
                  autoComplete="off"
                  defaultValue={values.guardianName ?? ""}
                  error={errors.guardianName}
                />
                <div className="field">
                  <div className="waiver-check">
                    <input
                      id={guardianConsent.id}
                      name="guardianConsent"
                      type="checkbox"
                      value="on"
                      aria-invalid={errors.guardianConsent ? true : undefined}
                      aria-describedby={guardianConsent.describedBy}
                    />
                    <label htmlFor={guardianConsent.id}>
                      As their parent or guardian, I have read the waiver and agree to it on their behalf.
                    </label>
                  </div>
                  <FieldError id={guardianConsent.errorId} error={errors.guardianConsent} />
                </div>
              </fieldset>
            ) : null}
            <button className="button desk-button" type="submit" disabled={navigation.state === "submitting"}>
              {navigation.state === "submitting" ? "Signing…" : "Sign and continue"}
            </button>
          </Form>
        ) : null}

        {page.signed.length > 0 ? (
          <section className="stack" aria-labelledby="signed-title">
            <h2 id="signed-title">What you've signed here</h2>
            <ul>
              {page.signed.map((s) => (
                <li key={s.version}>
                  Version {s.version}, signed {s.when}.{" "}
                  <a href={s.href} download>
                    Download your signed copy (version {s.version})
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </section>
  );
}
