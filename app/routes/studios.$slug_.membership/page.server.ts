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
import { redirect } from "@remix-run/node";
import { parseFields } from "~/lib/forms/submission";
import { readSubmission, refuse } from "~/server/submission.server";

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

/** Both fields are the page's own hidden ones: a wrong one means a stale or altered page, answered above the offers. */
const UNREADABLE = "That request could not be read. Please reload the page and try again.";

/** Buying a studio membership: one payment page per intent id, or the refusal in the one shape (ADR 060). */
export async function studioMembershipAction(request: Request, state: ViewerState, slug: string) {
  const studio = await getStudioBySlug(slug);
  if (!studio) return refuse({ form: "We couldn't find that studio." }, {}, 404);
  const submission = await readSubmission(request, z.record(z.string()));
  if (!submission.ok) return submission.reply;
  const parsed = parseFields(BuySchema, submission.fields);
  if (!parsed.ok) return refuse({ form: UNREADABLE }, {});
  const uid = state.viewer.uid;
  const started = await startMembershipPurchase({
    uid,
    studio,
    offerId: parsed.value.offerId,
    intentId: parsed.value.intentId,
    returnPath: `/studios/${studio.slug}/membership`,
    purchaseId: purchaseIdFor(uid, parsed.value.intentId),
  });
  if (!started.ok) return refuse({ form: started.message }, {}, 409);
  return redirect(started.url, 303);
}
