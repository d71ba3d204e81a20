import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { type ErrorCode } from "~/lib/errors";
import { PROFILE_PHOTO_LIMIT } from "~/models/identity/profile-photo.server";
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
import { getPrivateUser } from "~/models/identity/user.server";
import { requireAccess } from "~/server/viewer.server";
import { memberZone } from "~/server/reader-zone.server";
import { readTogether } from "~/server/batched-reads.server";
import { EMAIL_CHANGE_PER_ACCOUNT, EMAIL_CHANGE_PER_ADDRESS, getPendingEmail } from "~/models/identity/email-change.server";
import { defineActionLimits } from "~/lib/action-limits";
import { changeSetting, uploadPhoto } from "./page.server";
import { PhotoSection } from "./photo-section";
import { ProfileSection } from "./profile-section";
import { UsernameSection } from "./username-section";
import { PhoneSection } from "./phone-section";
import { DataSection, DeleteSection, SignOutSection } from "./account-sections";

/** §2 settings: profile photo, profile, username, phone, sign out, delete account, the membership's place and class credits. */
export const handle = defineHandle({ name: "settings", localTimes: true, layout: "main", theme: "light", requiresAuth: true });

export const meta: MetaFunction = () => [{ title: "Settings · Stillhour" }, { name: "robots", content: "noindex" }];

/** The note a section shows after its change was saved (`?saved=`), and which section shows it. */
type SavedNote = { form: "photo" | "profile" | "username" | "phone"; text: string };
const SAVED: ReadonlyMap<string, SavedNote> = new Map<string, SavedNote>([
  ["photo", { form: "photo", text: "Saved your new photo." }],
  ["photo-removed", { form: "photo", text: "Removed your photo. Your initials show instead." }],
  ["profile", { form: "profile", text: "Saved your name, e-mail and birthday." }],
  [
    "profile-email",
    {
      form: "profile",
      text: "Saved. We sent a link to your new e-mail address: it becomes the one we write to once you follow it.",
    },
  ],
  ["email-confirmed", { form: "profile", text: "Confirmed: we'll write to your new e-mail address from now on." }],
  ["username", { form: "username", text: "Saved your username." }],
  ["phone", { form: "phone", text: "Saved your new phone number." }],
]);

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
      saved: SAVED.get(saved) ?? null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** Refusals of "Download my data" (routes/settings_.my-data.tsx), shown beside its button. */
const DATA_REFUSALS = ["sign_in_again_export", "data_export_limited", "bad_request"] as const satisfies readonly ErrorCode[];

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
  const multipart = (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
  return multipart ? uploadPhoto(request, viewer) : changeSetting(request, viewer);
}

export default function SettingsRoute() {
  const stored = useLoaderData<typeof loader>();
  // A refusal that belongs to no one form (a body that could not be read, an unknown intent).
  const pageError = useActionData<typeof action>()?.errors.form;
  const saved = (form: SavedNote["form"]) => (stored.saved?.form === form ? stored.saved.text : null);
  return (
    <section className="section settings" aria-labelledby="settings-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <h1 id="settings-title">Settings</h1>
          <p>Your details, your membership and your account. Each part saves on its own.</p>
        </header>
        {pageError ? (
          <p className="notice notice--error" role="alert">
            {pageError}
          </p>
        ) : null}
        <PhotoSection photo={stored.photo} saved={saved("photo")} />
        <MembershipPanel
          summary={stored.membership}
          notice={stored.membershipNotice}
          giftedUntil={stored.gifts.giftedUntil}
          demoClock={stored.demoClock}
        />
        <GiftsPanel gifts={stored.gifts} />
        <ReferralPanel referrals={stored.referrals} />
        <CreditsPanel credits={stored.credits} />
        <ProfileSection stored={stored.profile} emailChange={stored.emailChange} saved={saved("profile")} />
        <UsernameSection username={stored.username} saved={saved("username")} />
        <PhoneSection phoneNumber={stored.phoneNumber} saved={saved("phone")} />
        <SignOutSection />
        <DataSection refusal={stored.dataRefusal} />
        <DeleteSection />
      </div>
    </section>
  );
}
