import type { AppLoadContext } from "@remix-run/node";
import { endDateText } from "~/models/wallet/gift";
import { creditSummary, listCreditPacks } from "~/models/wallet/credits.server";
import { isReturnPath } from "~/models/billing/subscribe-link";
import { formatMoney } from "~/models/billing/promotion-code";
import { settlePurchase } from "~/models/checkout/purchase-fulfilment.server";
import { isPurchaseId } from "~/models/billing/purchases.server";
import { newIntentId } from "~/models/billing/membership";
import { FALLBACK_TIME_ZONE } from "~/models/identity/user";
import { getViewerState } from "~/server/viewer.server";
import { readerZone } from "~/server/reader-zone.server";

/** The packs on sale and, for a member, what they hold; back from the payment page, the purchase settled here. */
export async function creditsPage(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const state = await getViewerState(request, context);
  const uid = state && !state.viewer.anonymous ? state.viewer.uid : null;
  const zone = (await readerZone(request, context)) ?? FALLBACK_TIME_ZONE;
  const purchaseId = url.searchParams.get("purchase");
  let bought: string | null = null;
  if (uid && purchaseId && isPurchaseId(purchaseId)) {
    const settled = await settlePurchase(purchaseId, uid).catch(() => null);
    if (settled?.purchase.kind === "credit_pack") {
      bought =
        settled.purchase.status === "paid"
          ? `Thank you: ${settled.purchase.name.replace(/^Stillhour class pack: /, "")} added to your credits.`
          : "We're waiting to hear from the payment service. Reload in a moment.";
    }
  }
  const [packs, summary] = await Promise.all([listCreditPacks(), uid ? creditSummary(uid, new Date()) : null]);
  const next = url.searchParams.get("next") ?? "";
  return {
    packs: packs.map((pack) => ({
      id: pack.id,
      name: pack.name,
      description: pack.description,
      price: formatMoney(pack.amount, pack.currency, "en-US"),
      credits: pack.credits,
      validDays: pack.validDays,
    })),
    signedIn: uid !== null,
    balance: summary?.balance ?? null,
    held:
      summary?.packs.map((pack) => ({ name: pack.name, left: pack.left, until: endDateText(Math.floor(pack.expiresAt / 1000), zone) })) ??
      [],
    bought,
    canceled: url.searchParams.get("canceled") === "1",
    next: isReturnPath(next) ? next : "",
    intentId: newIntentId(),
  };
}

export type CreditsPage = Awaited<ReturnType<typeof creditsPage>>;
