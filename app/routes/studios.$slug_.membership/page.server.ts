import { z } from "zod";
import { paymentOptions } from "~/models/studios/in-person-tickets.server";
import { settlePurchase } from "~/models/checkout/purchase-fulfilment.server";
import { isPurchaseId, purchaseIdFor } from "~/models/billing/purchases.server";
import { formatMoney, studioTime } from "~/models/studios/studio";
import { getStudioBySlug } from "~/models/studios/studio.server";
import { startMembershipPurchase } from "~/models/studios/studio-purchases.server";
import type { ViewerState } from "~/server/viewer.server";
import { memberZone } from "~/server/reader-zone.server";
import { newIntentId } from "~/models/billing/membership";
import { readRouteForm } from "~/server/body-limits.server";

/** A studio's memberships (issue 12): what's offered, what the member holds, and the plain form to buy one. */
export async function studioMembershipPage(request: Request, state: ViewerState, slug: string) {
  const studio = await getStudioBySlug(slug);
  if (!studio) return null;
  const url = new URL(request.url);
  const purchaseId = url.searchParams.get("purchase");
  if (isPurchaseId(purchaseId)) await settlePurchase(purchaseId, state.viewer.uid);
  const { membership } = await paymentOptions(state.viewer.uid, studio.id, new Date());
  return {
    studio: { slug: studio.slug, name: studio.name },
    current: membership
      ? {
          name: membership.name,
          until: studioTime(new Date(membership.endsAt), studio.timeZone, { reader: await memberZone(request, state.user) }),
        }
      : null,
    offers: studio.memberships.map((m) => ({
      id: m.id,
      name: m.name,
      description: m.description,
      price: formatMoney(m.amount, m.currency),
      days: m.days,
    })),
    intentId: newIntentId(),
    notice: url.searchParams.get("paid") === "cancelled" ? "The payment was cancelled; nothing was charged." : null,
  };
}

const BuySchema = z.object({ offerId: z.string().regex(/^[a-z0-9-]{1,40}$/), intentId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });

export async function studioMembershipAction(
  request: Request,
  state: ViewerState,
  slug: string,
): Promise<{ redirect: string } | { error: string; status: number }> {
  const studio = await getStudioBySlug(slug);
  if (!studio) return { error: "We couldn't find that studio.", status: 404 };
  const body = await readRouteForm(request);
  if (!body.ok) return { error: body.message, status: body.status };
  const parsed = BuySchema.safeParse({ offerId: body.formData.get("offerId"), intentId: body.formData.get("intentId") });
  if (!parsed.success) return { error: "That request could not be read. Please reload the page and try again.", status: 400 };
  const uid = state.viewer.uid;
  const started = await startMembershipPurchase({
    uid,
    studio,
    offerId: parsed.data.offerId,
    intentId: parsed.data.intentId,
    returnPath: `/studios/${studio.slug}/membership`,
    purchaseId: purchaseIdFor(uid, parsed.data.intentId),
  });
  if (!started.ok) return { error: started.message, status: 409 };
  return { redirect: started.url };
}
