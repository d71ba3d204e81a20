import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Suspense, lazy } from "react";
import { FormField } from "~/components/form-field";
import { PaletteImage } from "./palette-image";
import { readFormBody } from "~/lib/forms/form-body.server";
import { ERRORS, type ErrorCode } from "~/lib/errors";
import { DeleteFormSchema, ProfileFormSchema, UsernameFormSchema } from "~/models/identity/profile";
import { PHOTO_ACCEPT, PHOTO_MAX_BYTES } from "~/models/identity/profile-photo";
import { removeProfilePhoto, updateProfilePhoto, PROFILE_PHOTO_LIMIT } from "~/models/identity/profile-photo.server";
import { PHOTO_FIELD, readPhotoForm } from "~/server/photo-form.server";
import { deleteAccountCompletely } from "~/models/privacy/account-deletion.server";
import { GiftsPanel, MembershipPanel, ReferralPanel } from "./membership-panel";
import { CreditsPanel } from "./credits-panel";
import { describeCredits } from "~/models/wallet/credit-pack";
import { creditSummary } from "~/models/wallet/credits.server";
import { describeMembership, membershipNotice } from "~/models/billing/membership-summary";
import { getMembership, syncCheckoutSession } from "~/models/billing/membership.server";
import { giftsSummary } from "~/models/wallet/gifts.server";
import { referralSummary } from "~/models/wallet/referrals.server";
import { demoPaymentsActive } from "~/models/checkout/demo-checkout.server";
import { membershipFacts } from "~/models/billing/subscription.server";
import { defineHandle } from "~/lib/route-handle";
import { FALLBACK_TIME_ZONE, initialsOf } from "~/models/identity/user";
import { formatPhoneForReading } from "~/models/identity/phone-display.server";
import { parseForm } from "~/models/identity/sign-in";
import { claimUsername, getPrivateUser, savePrivateUser } from "~/models/identity/user.server";
import { endSession, hasRecentSignIn, requireAccess } from "~/server/viewer.server";
import { memberZone } from "~/server/reader-zone.server";
import { readTogether } from "~/server/batched-reads.server";
import { getSignInAccount } from "~/models/identity/account.server";
import {
  EMAIL_CHANGE_PER_ACCOUNT,
  EMAIL_CHANGE_PER_ADDRESS,
  getPendingEmail,
  requestEmailChange,
} from "~/models/identity/email-change.server";
import { defineActionLimits } from "~/lib/action-limits";

/**
 * The change-of-number form carries libphonenumber's metadata (about 36 KB gzip), and it sits far down
 * the page: it is its own chunk. The server renders it in place (the document waits for everything),
 * so without JavaScript it is a plain form; in the browser that part of the page hydrates once its
 * chunk arrives, after the rest is already interactive.
 */
const PhoneSignIn = lazy(() => import("~/components/phone-sign-in").then((module) => ({ default: module.PhoneSignIn })));

/** §2 settings: profile photo, profile, username, phone, sign out, delete account, the membership's place and class credits. */
export const handle = defineHandle({ name: "settings", localTimes: true, layout: "main", theme: "light", requiresAuth: true });

export const meta: MetaFunction = () => [{ title: "Settings · Stillhour" }, { name: "robots", content: "noindex" }];

const SAVED: Record<string, string> = {
  photo: "Saved your new photo.",
  "photo-removed": "Removed your photo. Your initials show instead.",
  profile: "Saved your name, e-mail and birthday.",
  "profile-email": "Saved. We sent a link to your new e-mail address: it becomes the one we write to once you follow it.",
  "email-confirmed": "Confirmed: we'll write to your new e-mail address from now on.",
  username: "Saved your username.",
  phone: "Saved your new phone number.",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer, user } = await requireAccess(request, handle, { context });
  const url = new URL(request.url);
  const saved = url.searchParams.get("saved") ?? "";
  let notice = url.searchParams.get("membership") ?? (url.searchParams.get("plan") === "running" ? "running" : null);
  const cardSession = url.searchParams.get("card") === "updated" ? url.searchParams.get("session_id") : null;
  if (cardSession) {
    // Back from the provider's card page: the same sync as checkout makes the new card the default.
    const synced = await syncCheckoutSession(cardSession.slice(0, 255), viewer.uid);
    notice = synced.ok ? "card-updated" : synced.reason === "unavailable" ? "unavailable" : "card_failed";
  }
  const zone = await memberZone(request, user);
  // Started together, so their gets of the member's own documents go to the store as one batched read.
  const [membership, credits, freshUser, gifts, referrals, pendingEmail] = await readTogether(() =>
    Promise.all([
      getMembership(viewer.uid),
      creditSummary(viewer.uid, new Date()),
      // The request's record was read before that sync; the card it wrote is read afresh.
      cardSession ? getPrivateUser(viewer.uid) : null,
      giftsSummary(viewer.uid, zone ?? FALLBACK_TIME_ZONE),
      referralSummary(viewer.uid),
      getPendingEmail(viewer.uid),
    ]),
  );
  const card = cardSession ? (freshUser?.defaultCard ?? null) : user.defaultCard;
  const facts = await membershipFacts(membership, card);
  return data(
    {
      uid: viewer.uid,
      photo: { url: user.photoUrl, color: user.photoColor, initials: initialsOf(user.firstName, user.lastName) },
      // The field shows the address being confirmed, so saving the form again keeps the change waiting.
      profile: {
        firstName: user.firstName ?? "",
        lastName: user.lastName ?? "",
        email: pendingEmail ?? user.email ?? "",
        birthday: user.birthday ?? "",
      },
      emailChange: { confirmed: user.email, pending: pendingEmail },
      username: user.username ?? "",
      // As a person reads it ("(201) 555-0178"), formatted here so the page carries no phone metadata for it.
      phoneNumber: user.phoneNumber ? formatPhoneForReading(user.phoneNumber) : null,
      membership: facts ? describeMembership(facts, zone) : null,
      membershipNotice: membershipNotice(notice),
      credits: describeCredits(credits, zone ?? FALLBACK_TIME_ZONE),
      gifts,
      referrals: { ...referrals, link: new URL(`/${referrals.code}`, url.origin).toString() },
      demoClock: demoPaymentsActive(),
      dataRefusal: DATA_REFUSALS.find((code) => code === url.searchParams.get("data")) ?? null,
      saved: SAVED[saved]
        ? {
            form: saved.startsWith("photo") ? "photo" : saved.startsWith("profile") || saved === "email-confirmed" ? "profile" : saved,
            text: SAVED[saved],
          }
        : null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** Refusals of "Download my data" (routes/settings_.my-data.tsx), shown beside its button. */
const DATA_REFUSALS = ["sign_in_again_export", "data_export_limited", "bad_request"] as const satisfies readonly ErrorCode[];

type ActionResult = { form: string; errors: Record<string, string>; values: Record<string, string>; code?: ErrorCode };

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  profile: { does: ["mail", "write"], limits: [EMAIL_CHANGE_PER_ACCOUNT, EMAIL_CHANGE_PER_ADDRESS] },
  photo: { does: ["write"], limits: [PROFILE_PHOTO_LIMIT] },
  username: { does: ["write"], bound: "one username per member, claimed in a transaction; the old one is released" },
  delete: {
    does: ["charge", "write"],
    bound: "once per account, after a sign-in within five minutes; the membership ends at the provider with it",
  },
});

export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = await requireAccess(request, handle, { context });
  // Only the photo form sends multipart; it has its own, larger limit and reads the body as it arrives.
  if ((request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    const form = await readPhotoForm(request);
    if (!form.ok) {
      const { status, message } = ERRORS[form.code];
      return data<ActionResult>(
        form.code === "bad_request" ? { form: "page", errors: { form: message }, values: {} } : photoError(message),
        { status },
      );
    }
    if (form.fields.get("intent") !== "photo") {
      return data<ActionResult>({ form: "page", errors: { form: ERRORS.bad_request.message }, values: {} }, { status: 400 });
    }
    const changed = await updateProfilePhoto(viewer.uid, form.file);
    if (!changed.ok) return data<ActionResult>(photoError(ERRORS[changed.code].message), { status: ERRORS[changed.code].status });
    return redirect("/settings?saved=photo#photo");
  }
  const body = await readFormBody(request);
  if (!body.ok) return data<ActionResult>({ form: "page", errors: { form: body.message }, values: {} }, { status: body.status });
  const { formData } = body;
  const intent = String(formData.get("intent") ?? "");

  if (intent === "remove-photo") {
    await removeProfilePhoto(viewer.uid);
    return redirect("/settings?saved=photo-removed#photo");
  }
  if (intent === "photo") {
    // The photo form sent without multipart (a hand-made request): there is no file in it.
    return data<ActionResult>(photoError(ERRORS.photo_missing.message), { status: 400 });
  }
  if (intent === "profile") {
    const parsed = parseForm(ProfileFormSchema, formData, PROFILE_FIELDS);
    if (!parsed.ok) return data<ActionResult>({ form: intent, errors: parsed.errors, values: parsed.values }, { status: 400 });
    const { email, ...rest } = parsed.data;
    // A new address is used only once the link sent to it is followed (issue 23): receipts carry codes.
    const change = await requestEmailChange({ uid: viewer.uid, email: email ?? null, firstName: rest.firstName });
    if (typeof change === "object") {
      // Too many links lately (issue 35): nothing is saved, the message sits beside the field, the form keeps what was typed.
      return data<ActionResult>(
        { form: intent, errors: { email: change.limited.message }, values: typedValues(formData, PROFILE_FIELDS) },
        { status: change.limited.status },
      );
    }
    await savePrivateUser(viewer.uid, rest);
    return redirect(change === "sent" ? "/settings?saved=profile-email#profile" : "/settings?saved=profile#profile");
  }
  if (intent === "username") {
    const parsed = parseForm(UsernameFormSchema, formData, ["username"]);
    if (!parsed.ok) return data<ActionResult>({ form: intent, errors: parsed.errors, values: parsed.values }, { status: 400 });
    const claim = await claimUsername(viewer.uid, parsed.data.username);
    if (!claim.ok) {
      return data<ActionResult>(
        {
          form: intent,
          errors: { username: "Someone already has that username. Please try another." },
          values: { username: parsed.data.username },
        },
        { status: 400 },
      );
    }
    return redirect("/settings?saved=username#username");
  }
  if (intent === "phone") {
    // The number was changed in the browser after a code; the provider's account is the truth.
    const account = await getSignInAccount(viewer.uid);
    await savePrivateUser(viewer.uid, { phoneNumber: account?.phoneNumber ?? null });
    return redirect("/settings?saved=phone#phone");
  }
  if (intent === "delete") {
    // Nothing else here can't be undone: a session left signed in on a shared computer is not enough.
    if (!hasRecentSignIn(viewer)) {
      const { status, message } = ERRORS.sign_in_again;
      return data<ActionResult>({ form: intent, errors: { confirm: message }, values: {}, code: "sign_in_again" }, { status });
    }
    const parsed = parseForm(DeleteFormSchema, formData, ["confirm"]);
    if (!parsed.ok) return data<ActionResult>({ form: intent, errors: parsed.errors, values: parsed.values }, { status: 400 });
    const deleted = await deleteAccountCompletely(viewer.uid);
    if (!deleted.ok && deleted.problem) {
      return data<ActionResult>(
        { form: intent, errors: { confirm: deleted.problem.message }, values: {} },
        { status: deleted.problem.status },
      );
    }
    if (!deleted.ok) {
      return data<ActionResult>(
        {
          form: intent,
          errors: { confirm: "We couldn't finish deleting your account just now. We'll finish it shortly; you don't need to do anything." },
          values: {},
        },
        { status: 503 },
      );
    }
    return redirect("/signed-out", { headers: { "Set-Cookie": await endSession(request, { revoke: false }) } });
  }
  if (intent === "sign-in-again") {
    // Signs out here only (other devices keep their sessions) and comes back to the deletion after.
    return redirect(`/sign-in?next=${encodeURIComponent("/settings#delete")}`, {
      headers: { "Set-Cookie": await endSession(request, { revoke: false }) },
    });
  }
  return data<ActionResult>({ form: "page", errors: { form: ERRORS.bad_request.message }, values: {} }, { status: 400 });
}

export default function SettingsRoute() {
  const stored = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (form: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === form;
  const errorsFor = (form: string) => (actionData?.form === form ? actionData.errors : {});
  const valuesFor = <T extends Record<string, string>>(form: string, fallback: T): T =>
    actionData?.form === form ? { ...fallback, ...actionData.values } : fallback;
  const savedNote = (form: string) =>
    stored.saved?.form === form ? (
      <p className="notice notice--success" role="status">
        {stored.saved.text}
      </p>
    ) : null;
  const profile = valuesFor("profile", stored.profile);
  const profileErrors = errorsFor("profile");

  return (
    <section className="section settings" aria-labelledby="settings-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <h1 id="settings-title">Settings</h1>
          <p>Your details, your membership and your account. Each part saves on its own.</p>
        </header>
        {actionData?.form === "page" ? (
          <p className="notice notice--error" role="alert">
            {actionData.errors.form}
          </p>
        ) : null}

        <section className="auth-card" id="photo" aria-labelledby="photo-title">
          <h2 id="photo-title">Profile photo</h2>
          {savedNote("photo")}
          <div className="photo-setting">
            {stored.photo.url ? (
              <PaletteImage
                className="photo-setting__image"
                src={stored.photo.url}
                alt="Your profile photo"
                width={96}
                height={96}
                color={stored.photo.color ?? undefined}
                loading="eager"
              />
            ) : (
              <span className="photo-setting__image photo-setting__initials" aria-hidden="true">
                {stored.photo.initials}
              </span>
            )}
            <p className="photo-setting__note">
              {stored.photo.url ? "This is the photo beside your name." : "No photo yet: your initials show instead."}
            </p>
          </div>
          <Form method="post" encType="multipart/form-data" noValidate>
            <input type="hidden" name="intent" value="photo" />
            <FormField
              focusOnError
              name={PHOTO_FIELD}
              label={stored.photo.url ? "Choose a new photo" : "Choose a photo"}
              hint={`JPEG, PNG, WebP or AVIF, up to ${PHOTO_MAX_BYTES / 1024 / 1024} MB. We crop it to a square and keep no location or camera details.`}
              type="file"
              accept={PHOTO_ACCEPT}
              error={errorsFor("photo").photo}
            />
            <button className="button" type="submit" disabled={busy("photo")}>
              {busy("photo") ? "Uploading…" : "Upload photo"}
            </button>
          </Form>
          {stored.photo.url ? (
            <Form method="post" className="photo-setting__remove">
              <input type="hidden" name="intent" value="remove-photo" />
              <button className="button button--secondary" type="submit" disabled={busy("remove-photo")}>
                {busy("remove-photo") ? "Removing…" : "Remove photo"}
              </button>
            </Form>
          ) : null}
        </section>

        <MembershipPanel
          summary={stored.membership}
          notice={stored.membershipNotice}
          giftedUntil={stored.gifts.giftedUntil}
          demoClock={stored.demoClock}
        />
        <GiftsPanel gifts={stored.gifts} />
        <ReferralPanel referrals={stored.referrals} />

        <CreditsPanel credits={stored.credits} />

        <section className="auth-card" id="profile" aria-labelledby="profile-title">
          <h2 id="profile-title">About you</h2>
          {savedNote("profile")}
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="profile" />
            <FormField
              focusOnError
              name="firstName"
              label="First name"
              autoComplete="given-name"
              maxLength={60}
              defaultValue={profile.firstName}
              error={profileErrors.firstName}
            />
            <FormField
              focusOnError
              name="lastName"
              label="Last name"
              autoComplete="family-name"
              maxLength={60}
              defaultValue={profile.lastName}
              error={profileErrors.lastName}
            />
            <FormField
              focusOnError
              name="email"
              label="Email (optional)"
              type="email"
              autoComplete="email"
              maxLength={254}
              defaultValue={profile.email}
              error={profileErrors.email}
              hint={
                stored.emailChange.pending
                  ? `Waiting for you to confirm ${stored.emailChange.pending}: follow the link we sent there. Until then we write to ${stored.emailChange.confirmed ?? "no address"}.`
                  : undefined
              }
            />
            <FormField
              focusOnError
              name="birthday"
              label="Birthday (optional)"
              type="date"
              autoComplete="bday"
              defaultValue={profile.birthday}
              error={profileErrors.birthday}
            />
            <button className="button" type="submit" disabled={busy("profile")}>
              {busy("profile") ? "Saving…" : "Save"}
            </button>
          </Form>
        </section>

        <section className="auth-card" id="username" aria-labelledby="username-title">
          <h2 id="username-title">Username</h2>
          {savedNote("username")}
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="username" />
            <FormField
              focusOnError
              name="username"
              label="Username"
              hint="Shown in live classes instead of your full name, if you like. Letters, numbers, dots and underscores."
              autoComplete="username"
              maxLength={30}
              defaultValue={valuesFor("username", { username: stored.username }).username}
              error={errorsFor("username").username}
            />
            <button className="button" type="submit" disabled={busy("username")}>
              {busy("username") ? "Saving…" : "Save username"}
            </button>
          </Form>
        </section>

        <section className="auth-card" id="phone" aria-labelledby="phone-title">
          <h2 id="phone-title">Phone number</h2>
          {savedNote("phone")}
          <p>
            {stored.phoneNumber ? <>Your number is {stored.phoneNumber}.</> : "No phone number yet."} To change it, we text a code to the
            new number.
          </p>
          <Suspense fallback={<p className="field__hint">Loading the form…</p>}>
            <PhoneSignIn next="/settings" purpose="change" />
          </Suspense>
        </section>

        <section className="auth-card" aria-labelledby="sign-out-title">
          <h2 id="sign-out-title">Sign out</h2>
          <p>Signs you out on every device.</p>
          <Form method="post" action="/sign-out" reloadDocument>
            <button className="button button--secondary" type="submit">
              Sign out
            </button>
          </Form>
        </section>

        <section className="auth-card" id="data" aria-labelledby="data-title">
          <h2 id="data-title">Download your data</h2>
          <p>
            A zip of everything we hold about you: your profile, membership and payments, classes and tickets, practice, surveys and more,
            as JSON and spreadsheet (CSV) files, with a short README saying what each file is.
          </p>
          <p>Like deleting your account, it needs a sign-in in the last five minutes.</p>
          {stored.dataRefusal ? (
            <p className="field__error" id="data-error" role="alert">
              {ERRORS[stored.dataRefusal].message}
            </p>
          ) : null}
          <form method="post" action="/settings/my-data">
            <input type="hidden" name="intent" value="download" />
            <button className="button button--secondary" type="submit" aria-describedby={stored.dataRefusal ? "data-error" : undefined}>
              Download my data
            </button>
          </form>
          {stored.dataRefusal === "sign_in_again_export" ? (
            <form method="post" action="/settings/my-data">
              <input type="hidden" name="intent" value="sign-in-again" />
              <button className="button button--secondary" type="submit">
                Sign in again
              </button>
            </form>
          ) : null}
        </section>

        <section className="auth-card" id="delete" aria-labelledby="delete-title">
          <h2 id="delete-title">Delete your account</h2>
          <p>
            This deletes your account for good: your profile and username, your classes, tickets and waivers, what you watched and saved,
            and your membership, which ends at once with nothing more charged. Records of what you paid stay for our accounts, with your
            name taken off. It can't be undone. If you only want a break, you can simply sign out.
          </p>
          <p>For your safety, it needs a recent sign-in: if yours was more than five minutes ago, we'll ask you to sign in again first.</p>
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="delete" />
            <FormField
              focusOnError
              name="confirm"
              label="Type DELETE to confirm"
              autoComplete="off"
              maxLength={10}
              error={errorsFor("delete").confirm}
            />
            <button className="button button--danger" type="submit" disabled={busy("delete")}>
              {busy("delete") ? "Deleting…" : "Delete my account"}
            </button>
          </Form>
          {actionData?.form === "delete" && actionData.code === "sign_in_again" ? (
            <Form method="post" reloadDocument>
              <input type="hidden" name="intent" value="sign-in-again" />
              <button className="button button--secondary" type="submit">
                Sign in again
              </button>
            </Form>
          ) : null}
        </section>
      </div>
    </section>
  );
}

const PROFILE_FIELDS = ["firstName", "lastName", "email", "birthday"] as const;

function typedValues(formData: FormData, fields: readonly string[]): Record<string, string> {
  return Object.fromEntries(fields.map((name) => [name, String(formData.get(name) ?? "").slice(0, 1000)]));
}

function photoError(message: string): ActionResult {
  return { form: "photo", errors: { photo: message }, values: {} };
}
