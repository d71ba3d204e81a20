import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormField } from "~/components/form-field";
import { defineHandle } from "~/lib/route-handle";
import { OnboardingFormSchema, nextPath } from "~/models/identity/sign-in";
import { savePrivateUser } from "~/models/identity/user.server";
import { readerZone } from "~/server/reader-zone.server";
import { requireAccess } from "~/server/viewer.server";
import { getSignInAccount } from "~/models/identity/account.server";
import { readSubmission } from "~/server/submission.server";
import { defineActionLimits } from "~/lib/action-limits";

/** §4 onboarding: after a first real sign-in, a name (and an optional e-mail), then on to where they were going. */
export const handle = defineHandle({ name: "onboarding", localTimes: true, layout: "main", theme: "light", requiresAuth: true });

export const meta: MetaFunction = () => [{ title: "Welcome · Stillhour" }, { name: "robots", content: "noindex" }];

const FIELDS = ["firstName", "lastName", "email"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer, user } = await requireAccess(request, handle, { allowOnboarding: true, context });
  const next = nextPath(new URL(request.url).searchParams.get("next"));
  if (user.onboardingStatus === "onboarded") throw redirect(next);
  const account = await getSignInAccount(viewer.uid);
  return { firstName: user.firstName ?? "", lastName: user.lastName ?? "", email: user.email ?? account?.email ?? "" };
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  profile: { does: ["write"], bound: "the member's own name and details on their one record, replaced" },
});

export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer, user } = await requireAccess(request, handle, { allowOnboarding: true, context });
  const next = nextPath(new URL(request.url).searchParams.get("next"));
  // The record starts with the zone the browser already reported, so the first e-mail is on their clock.
  const zone = user.mostRecentTimeZone ?? (await readerZone(request, context));
  const submission = await readSubmission(request, OnboardingFormSchema, FIELDS);
  if (!submission.ok) return submission.reply;
  const { firstName, lastName, email } = submission.value;
  const account = await getSignInAccount(viewer.uid);
  await savePrivateUser(viewer.uid, {
    firstName,
    lastName,
    email: email ?? account?.email ?? null,
    phoneNumber: account?.phoneNumber ?? null,
    ...(zone ? { mostRecentTimeZone: zone } : {}),
  });
  return redirect(next);
}

export default function OnboardingRoute() {
  const stored = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const values = { ...stored, ...(actionData?.values ?? {}) };
  const errors = actionData?.errors ?? {};
  const saving = navigation.state === "submitting";
  return (
    <section className="section auth-page" aria-labelledby="onboarding-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">You're in</p>
          <h1 id="onboarding-title">What should we call you?</h1>
          <p>Teachers greet you by name in live classes. You can change it any time in settings.</p>
        </header>
        {errors.form ? (
          <p className="notice notice--error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <Form method="post" noValidate className="auth-card">
          <FormField
            focusOnError
            name="firstName"
            label="First name"
            autoComplete="given-name"
            required
            maxLength={60}
            defaultValue={values.firstName}
            error={errors.firstName}
          />
          <FormField
            focusOnError
            name="lastName"
            label="Last name"
            autoComplete="family-name"
            required
            maxLength={60}
            defaultValue={values.lastName}
            error={errors.lastName}
          />
          <FormField
            focusOnError
            name="email"
            label="Email (optional)"
            hint="For class reminders and receipts. We never share it."
            type="email"
            autoComplete="email"
            maxLength={254}
            defaultValue={values.email}
            error={errors.email}
          />
          <button className="button" type="submit" disabled={saving}>
            {saving ? "Saving…" : "Continue"}
          </button>
        </Form>
      </div>
    </section>
  );
}
