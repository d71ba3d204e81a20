import type { AppLoadContext } from "@remix-run/node";
import { deliveryDateRange } from "~/models/wallet/gift-form";
import { listGiftTypes } from "~/models/wallet/gifts.server";
import { formatMoney } from "~/models/billing/promotion-code";
import { newIntentId } from "~/models/billing/membership";
import { FALLBACK_TIME_ZONE } from "~/models/identity/user";
import { getViewerState } from "~/server/viewer.server";
import { readerZone } from "~/server/reader-zone.server";

/** The gifts on sale, how the gift may travel, and the delivery days on the giver's own calendar. */
export async function giftPage(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const state = await getViewerState(request, context);
  const signedIn = Boolean(state && !state.viewer.anonymous);
  const types = await listGiftTypes();
  // "Today" is the giver's own day: their browser's zone, else their record's (issue 34).
  const known = await readerZone(request, context);
  const zone = known ?? FALLBACK_TIME_ZONE;
  const requested = url.searchParams.get("type");
  const method = url.searchParams.get("method") === "link" ? "link" : "email";
  return {
    types: types.map((type) => ({
      id: type.id,
      name: type.name,
      description: type.description,
      price: formatMoney(type.amount, type.currency, "en-US"),
    })),
    selected: types.find((type) => type.id === requested)?.id ?? types[0]?.id ?? "",
    method,
    signedIn,
    canceled: url.searchParams.get("canceled") === "1",
    dates: deliveryDateRange(zone, Date.now()),
    zone,
    zoneKnown: known !== null,
    intentId: newIntentId(),
  };
}

export type GiftPage = Awaited<ReturnType<typeof giftPage>>;
