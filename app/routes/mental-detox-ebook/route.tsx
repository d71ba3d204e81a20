import { clientAddress } from "~/lib/rate-limit.server";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { useEffect, useRef } from "react";
import { FormField, HoneypotField } from "~/components/form-field";
import { Hero } from "~/components/hero";
import { SectionHeading } from "~/components/section-heading";
import { ERRORS, isStoreUnavailable } from "~/lib/errors";
import { HONEYPOT_FIELD } from "~/lib/forms/honeypot";
import { LeadFormSchema } from "~/models/content/lead";
import { allowLeadAttempt, createLead, LEAD_LIMIT } from "~/models/content/lead.server";
import { defineHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";
import { readRouteForm } from "~/server/body-limits.server";
import { refuse } from "~/server/submission.server";
import { echoOf, parseFields } from "~/lib/forms/submission";
import { defineActionLimits } from "~/lib/action-limits";

export const handle = defineHandle({ name: "mental-detox-ebook", layout: "main", theme: "dark" });

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "The mental detox e-book",
    description: "A free, short guide to clearing mental clutter: seven days of small practices from the Stillhour teachers.",
    path: "/mental-detox-ebook",
    matches,
  });

export function loader({ request }: LoaderFunctionArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

const LEAD_FIELDS = ["email", "firstName"] as const;
type LeadValues = Partial<Record<(typeof LEAD_FIELDS)[number], string>>;

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  lead: { does: ["write"], limits: [LEAD_LIMIT] },
});

export async function action({ request }: ActionFunctionArgs) {
  // Read (within a plain form's cap) before the rate limit: a refused body is not an attempt.
  const body = await readRouteForm(request);
  if (!body.ok && body.code === "payload_too_large") return refuse<LeadValues>({ form: body.message }, {}, body.status);
  if (!(await allowLeadAttempt(clientAddress(request)))) {
    return refuse<LeadValues>({ form: ERRORS.rate_limited.message }, {}, ERRORS.rate_limited.status);
  }
  if (!body.ok) return refuse<LeadValues>({ form: body.message }, {}, body.status);
  // A filled honeypot gets the same thank-you as a person, and nothing is stored.
  if (String(body.formData.get(HONEYPOT_FIELD) ?? "") !== "") return redirect("/mental-detox-ebook?sent=1#ebook-form");
  const parsed = parseFields(LeadFormSchema, body.formData);
  const values: LeadValues = echoOf(parsed.fields, LEAD_FIELDS);
  if (!parsed.ok) return refuse(parsed.errors, values);
  try {
    await createLead(parsed.value, "mental-detox-ebook");
  } catch (error) {
    if (!isStoreUnavailable(error)) throw error;
    return refuse({ form: ERRORS.store_unavailable.message }, values, ERRORS.store_unavailable.status);
  }
  return redirect("/mental-detox-ebook?sent=1#ebook-form");
}

const CHAPTERS = [
  { title: "Notice the noise", body: "A five-minute check-in to see what is actually taking up space in your head." },
  { title: "Clear the inputs", body: "Gentle limits on news, feeds and notifications, without going off-grid." },
  { title: "Breathe it out", body: "Two breathing patterns for the moments when your thoughts start to race." },
  { title: "Rest on purpose", body: "How to take a real break, even a short one, and come back clearer." },
];

export default function MentalDetoxEbookRoute() {
  const { sent } = useLoaderData<typeof loader>();
  return (
    <>
      <Hero
        eyebrow="Free e-book"
        title="The mental detox: seven days to a clearer head"
        lede="A short, friendly guide from our teachers with one small practice a day. Read it in a sitting, practise it over a week."
        actions={
          <Link className="button" to="/mental-detox">
            Join the mental detox programme
          </Link>
        }
      />
      <EbookForm sent={sent} />
      <section className="section section--flush-top" aria-labelledby="inside-title">
        <div className="container">
          <SectionHeading id="inside-title" eyebrow="Inside" title="What you will find" />
          <ol className="steps">
            {CHAPTERS.map((chapter) => (
              <li key={chapter.title}>
                <h3>{chapter.title}</h3>
                <p>{chapter.body}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <section className="section section--flush-top" aria-labelledby="who-title">
        <div className="container container--narrow">
          <h2 id="who-title">Who it is for</h2>
          <div className="prose">
            <p>
              Anyone whose mind feels a little full. No experience needed, and nothing to buy. If a practice does not suit you, skip it; the
              rest still work.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}

function EbookForm({ sent }: { sent: boolean }) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/mental-detox-ebook");
  const errors = result?.errors ?? {};
  const values = result?.values ?? {};
  const firstError = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // With JavaScript, move focus to the first problem so it is announced and easy to fix.
    firstError.current?.querySelector<HTMLElement>("[aria-invalid=true], [role=alert]")?.focus?.();
  }, [result]);

  return (
    <section className="section section--flush-top" id="ebook-form" aria-labelledby="ebook-form-title">
      <div className="container container--narrow">
        <div className="card form-card">
          {sent ? (
            <div role="status">
              <h2 id="ebook-form-title">Thank you. It is on its way.</h2>
              <p>
                We have sent the e-book to your inbox. If it does not arrive in a few minutes, have a look in your spam folder. Meanwhile,
                the <Link to="/mental-detox">mental detox programme</Link> has every practice as a class.
              </p>
            </div>
          ) : (
            <>
              <h2 id="ebook-form-title">Get the free e-book</h2>
              <p className="muted">We will email you the guide. No spam, and you can unsubscribe from any message.</p>
              <Form method="post" noValidate aria-describedby={errors.form ? "ebook-form-error" : undefined}>
                <div ref={firstError}>
                  {errors.form ? (
                    <p className="field__error" id="ebook-form-error" role="alert">
                      {errors.form}
                    </p>
                  ) : null}
                  <FormField
                    focusOnError
                    name="email"
                    label="Email address"
                    type="email"
                    autoComplete="email"
                    inputMode="email"
                    required
                    maxLength={254}
                    defaultValue={values.email ?? ""}
                    error={errors.email}
                  />
                  <FormField
                    focusOnError
                    name="firstName"
                    label="First name (optional)"
                    type="text"
                    autoComplete="given-name"
                    maxLength={80}
                    defaultValue={values.firstName ?? ""}
                    error={errors.firstName}
                  />
                </div>
                <HoneypotField name={HONEYPOT_FIELD} />
                <button className="button" type="submit" aria-busy={submitting || undefined} disabled={submitting}>
                  {submitting ? "Sending…" : "Send me the e-book"}
                </button>
              </Form>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
