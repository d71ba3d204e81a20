import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { CopyField } from "~/components/copy-field";
import { notFound } from "~/lib/errors";
import { GIFT_STATE_LABELS, endDateText, formatGiftCode } from "~/models/wallet/gift";
import { getGift, giftLink } from "~/models/wallet/gifts.server";
import { formatMoney } from "~/models/billing/promotion-code";
import { settlePurchase } from "~/models/checkout/purchase-fulfilment.server";
import { defineHandle } from "~/lib/route-handle";
import { requireAccess } from "~/server/viewer.server";
import { memberZone } from "~/server/reader-zone.server";

/**
 * The buyer's receipt (issue 11): where the gift stands (paid, scheduled, sent, redeemed), and for a
 * link gift the link and code to pass on. Arriving from the payment page it settles the payment
 * itself, so it never depends on the webhook having come first.
 */
export const handle = defineHandle({
  name: "gift-receipt",
  localTimes: true,
  layout: "main",
  theme: "light",
  requiresAuth: true,
  trackViews: false,
});

export const meta: MetaFunction = () => [{ title: "Your gift · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { viewer, user } = await requireAccess(request, handle, { context });
  const giftId = params.giftId ?? "";
  let gift = await getGift(giftId);
  if (!gift || gift.buyerUid !== viewer.uid) throw notFound();
  if (gift.state === "pending") {
    await settlePurchase(giftId, viewer.uid).catch((error: unknown) => {
      console.warn(
        JSON.stringify({
          level: "warn",
          msg: "gift receipt could not settle",
          giftId,
          cause: error instanceof Error ? error.name : "unknown",
        }),
      );
    });
    gift = (await getGift(giftId)) ?? gift;
  }
  const zone = (await memberZone(request, user)) ?? gift.buyerZone;
  const shareable = gift.state === "paid" || gift.state === "scheduled" || gift.state === "sent";
  return data(
    {
      typeName: gift.typeName,
      price: formatMoney(gift.amount, gift.currency, "en-US"),
      state: gift.state,
      stateLabel: GIFT_STATE_LABELS[gift.state],
      method: gift.method,
      recipientName: gift.recipientName,
      recipientEmail: gift.recipientEmail,
      sendDay: gift.deliverAt ? endDateText(Math.floor(gift.deliverAt / 1000), zone) : null,
      sentDay: gift.sentAt ? endDateText(Math.floor(gift.sentAt / 1000), zone) : null,
      redeemedDay: gift.redeemedAt ? endDateText(Math.floor(gift.redeemedAt / 1000), zone) : null,
      link: gift.method === "link" && shareable ? giftLink(gift.code) : null,
      code: gift.method === "link" && shareable ? formatGiftCode(gift.code) : null,
      forSelf: gift.forSelf,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function GiftReceiptRoute() {
  const gift = useLoaderData<typeof loader>();
  return (
    <section className="section" aria-labelledby="receipt-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">Your gift</p>
          <h1 id="receipt-title">{gift.state === "pending" ? "Almost there" : `Thank you for giving ${gift.typeName}`}</h1>
          <p>
            {gift.typeName} of Stillhour, {gift.price}, paid once.
          </p>
        </header>
        <dl className="receipt-list">
          <div>
            <dt>Where it stands</dt>
            <dd data-testid="gift-state">{gift.stateLabel}</dd>
          </div>
          {gift.method === "email" ? (
            <div>
              <dt>Going to</dt>
              <dd>
                {gift.recipientName} ({gift.recipientEmail})
              </dd>
            </div>
          ) : null}
          {gift.method === "email" && gift.sendDay && !gift.sentDay ? (
            <div>
              <dt>We'll send it on</dt>
              <dd>{gift.sendDay}</dd>
            </div>
          ) : null}
          {gift.sentDay ? (
            <div>
              <dt>Sent on</dt>
              <dd>{gift.sentDay}</dd>
            </div>
          ) : null}
          {gift.redeemedDay ? (
            <div>
              <dt>Redeemed on</dt>
              <dd>{gift.redeemedDay}</dd>
            </div>
          ) : null}
        </dl>
        {gift.state === "pending" ? (
          <p className="notice notice--info" role="status">
            We're waiting to hear from the payment service. This usually takes a few seconds: <Link to=".">reload this page</Link>.
          </p>
        ) : null}
        {gift.link && gift.code ? (
          <section className="auth-card stack" aria-labelledby="pass-on-title">
            <h2 id="pass-on-title">{gift.forSelf ? "Your gift" : "Pass it on"}</h2>
            <p>
              {gift.forSelf
                ? "Open the link to redeem it whenever you're ready."
                : "Share the link however you like. Whoever opens it and signs in can redeem it, once."}
            </p>
            <CopyField id="gift-link" label="Gift link" value={gift.link} />
            <p>
              Or the code, to type at <Link to="/redeem">the redeem page</Link>: <strong className="gift-code">{gift.code}</strong>
            </p>
          </section>
        ) : null}
        <p>
          <Link to="/gift">Give another gift</Link>
        </p>
      </div>
    </section>
  );
}
