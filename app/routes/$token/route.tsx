import { clientAddress } from "~/lib/rate-limit.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { GIFT_CODE_LENGTH, giftRefusal, endDateText, formatGiftCode, normalizeGiftCode, whyNotRedeem } from "~/models/wallet/gift";
import { allowCodeAttempt, codeGuessesLeft, countMissedLink, giftByCode, redeemGift, GIFT_CODE_LIMIT } from "~/models/wallet/gifts.server";
import { defineHandle } from "~/lib/route-handle";
import { secureCookies } from "~/lib/site-address.server";
import { REFERRAL_CODE, referralCookie, referrerOf } from "~/models/wallet/referrals.server";
import { resolveShortLink } from "~/platform/short-link.server";
import { getViewerState, requireAccess } from "~/server/viewer.server";
import { memberZone, readerZone } from "~/server/reader-zone.server";
import { readSubmission, refuse } from "~/server/submission.server";
import { RedeemFormSchema } from "./page.server";
import { defineActionLimits } from "~/lib/action-limits";
import { FALLBACK_TIME_ZONE } from "~/models/identity/user";

/**
 * §2 `{token}`: one path segment for the links we hand out. A gift code opens the gift and a member's
 * invitation leads to /subscribe with its offer (issue 11); any other token is tried as a short
 * link; anything else is simply not found.
 */
export const handle = defineHandle({ name: "token", localTimes: true, layout: "main", theme: "light", trackViews: false });

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: page ? `A gift for you: ${page.typeName} · Stillhour` : "Stillhour" },
  { name: "robots", content: "noindex" },
];

function giftCodeOf(token: string): string | null {
  return token.replace(/-/g, "").length === GIFT_CODE_LENGTH ? normalizeGiftCode(token) : null;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  // Gift codes and invitations are bearer secrets: past its guesses an address opens none of them.
  const client = clientAddress(request);
  const left = await codeGuessesLeft(client);
  if (!left.ok) throw new Response(null, { status: left.problem.status, statusText: left.problem.message });
  const code = giftCodeOf(token);
  const found = code ? await giftByCode(code) : null;
  if (!found) {
    // A friend's invitation: carried to /subscribe by a cookie, so it survives signing in.
    if (await referrerOf(token)) {
      throw redirect(`/subscribe?ref=${token}`, { headers: { "Set-Cookie": referralCookie(token, secureCookies(new URL(request.url))) } });
    }
    // Only a miss shaped like a secret counts: a mistyped page address is not a guess.
    if (code || REFERRAL_CODE.test(token)) {
      try {
        return await resolveShortLink(token);
      } catch (answer) {
        if (answer instanceof Response && answer.status === 404) await countMissedLink(client);
        throw answer;
      }
    }
    return resolveShortLink(token);
  }
  const { gift } = found;
  const state = await getViewerState(request, context);
  const uid = state && !state.viewer.anonymous ? state.viewer.uid : null;
  const zone = (await readerZone(request, context)) ?? FALLBACK_TIME_ZONE;
  const mine = uid !== null && gift.redeemedBy === uid;
  const refusal = uid ? whyNotRedeem(gift, uid) : gift.state === "redeemed" ? "already_redeemed" : null;
  return data(
    {
      code: formatGiftCode(gift.code),
      path: `/${gift.code}`,
      typeName: gift.typeName,
      months: gift.months,
      fromName: gift.forSelf ? null : gift.buyerName,
      recipientName: gift.recipientName || null,
      message: gift.message || null,
      signedIn: uid !== null,
      redeemedByYou: mine,
      resultText: mine && gift.resultAt ? resultText(gift.redemption?.kind ?? "start", gift.resultAt, zone) : null,
      refusal: mine ? null : refusal ? giftRefusal(refusal).message : null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

function resultText(kind: string, at: number, zone: string) {
  const when = endDateText(at, zone);
  return kind === "defer_charge"
    ? `Your next payment has moved to ${when}. Until then, your membership is on us.`
    : `Your membership now runs until ${when}.`;
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  redeem: { does: ["redeem", "charge", "write"], limits: [GIFT_CODE_LIMIT] },
});

export async function action({ request, params, context }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const code = giftCodeOf(token);
  if (!code) throw new Response(null, { status: 404, statusText: "Not found" });
  const submission = await readSubmission(request, RedeemFormSchema);
  if (!submission.ok) return submission.reply;
  // Signed out (or anonymous): sign in, then come back to this gift.
  const { viewer, user } = await requireAccess(request, { requiresAuth: true }, { context });
  const attempt = await allowCodeAttempt(clientAddress(request));
  if (!attempt.ok) return refuse({ form: attempt.problem.message }, {}, attempt.problem.status);
  const found = await giftByCode(code);
  if (!found) throw new Response(null, { status: 404, statusText: "Not found" });
  const result = await redeemGift({ giftId: found.giftId, uid: viewer.uid, zone: (await memberZone(request, user)) ?? FALLBACK_TIME_ZONE });
  if (!result.ok) return refuse({ form: result.message }, {}, result.status);
  return redirect(`/${code}`);
}

export default function TokenRoute() {
  const gift = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const error = actionData?.errors.form ?? gift.refusal;
  return (
    <section className="section" aria-labelledby="gift-open-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">A gift{gift.fromName ? ` from ${gift.fromName}` : ""}</p>
          <h1 id="gift-open-title">
            {gift.recipientName ? `${gift.recipientName}, here's ` : "Here's "}
            {gift.typeName.toLowerCase()} of Stillhour
          </h1>
          <p>
            Live classes and the whole on-demand library of meditation, mindfulness and breathwork, for{" "}
            {gift.months === 1 ? "a month" : `${gift.months} months`}. No card needed; if you already have a membership, this adds to it.
          </p>
        </header>
        {gift.message ? (
          <blockquote className="gift-message">
            <p>{gift.message}</p>
            {gift.fromName ? <footer>{gift.fromName}</footer> : null}
          </blockquote>
        ) : null}
        {gift.redeemedByYou ? (
          <div className="notice notice--success" role="status">
            <p>
              <strong>It's yours.</strong> {gift.resultText}
            </p>
            <p>
              <Link to="/classes">Find a live class</Link> or <Link to="/on-demand">start something on demand</Link>.
            </p>
          </div>
        ) : error ? (
          <p className="notice notice--error" role="alert">
            {error}
          </p>
        ) : gift.signedIn ? (
          <Form method="post">
            <button className="button" type="submit" disabled={busy}>
              {busy ? "Redeeming…" : "Redeem this gift"}
            </button>
          </Form>
        ) : (
          <p>
            <Link className="button" to={`/sign-in?next=${encodeURIComponent(gift.path)}`}>
              Sign in to redeem
            </Link>{" "}
            New here? Signing in with your phone or e-mail makes your account.
          </p>
        )}
        <p className="field__hint">
          Gift code <span className="gift-code">{gift.code}</span>
        </p>
      </div>
    </section>
  );
}
