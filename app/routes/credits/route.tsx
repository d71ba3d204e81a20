import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { endDateText } from "~/models/wallet/gift";
import { creditSummary, getCreditPack, listCreditPacks, packTerms } from "~/models/wallet/credits.server";
import { readPurchaseForm } from "~/server/purchase-form.server";
import { isReturnPath } from "~/models/billing/subscribe-link";
import { formatMoney } from "~/models/billing/promotion-code";
import { settlePurchase } from "~/models/checkout/purchase-fulfilment.server";
import { isPurchaseId, purchaseIdFor, startPurchase } from "~/models/billing/purchases.server";
import { defineHandle } from "~/lib/route-handle";
import { getViewerState, requireAccess } from "~/server/viewer.server";
import { readerZone } from "~/server/reader-zone.server";
import { newIntentId } from "~/models/billing/membership";
import { PageNotices } from "~/components/page-notices";
import { defineActionLimits } from "~/lib/action-limits";
import { CHECKOUT_LIMIT } from "~/models/billing/membership.server";
import { FALLBACK_TIME_ZONE } from "~/models/identity/user";

/**
 * Issue 11: class packs. Credits pay for classes that take them, oldest-expiring first (ADR 022).
 * Each pack is one plain form; the price comes from the catalogue. Back from the payment page the
 * purchase is settled here, so the credits show without waiting for the webhook.
 */
export const handle = defineHandle({ name: "credits", localTimes: true, layout: "main", theme: "light" });

export const meta: MetaFunction = () => [
  { title: "Class packs · Stillhour" },
  {
    name: "description",
    content: "Buy a pack of class credits for the live classes that take them. No membership needed; credits keep for months.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
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
  return data(
    {
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
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type ActionResult = { error: string };

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  buy: { does: ["charge"], limits: [CHECKOUT_LIMIT] },
});

export async function action({ request, context }: ActionFunctionArgs) {
  const body = await readPurchaseForm(request);
  if (!body.ok) return data<ActionResult>({ error: body.message }, { status: body.status });
  const { formData } = body;
  const { viewer } = await requireAccess(request, { requiresAuth: true }, { context });
  const pack = await getCreditPack(String(formData.get("pack") ?? ""));
  if (!pack) return data<ActionResult>({ error: "Please choose one of the packs shown." }, { status: 400 });
  const next = String(formData.get("next") ?? "");
  const back = isReturnPath(next) ? `&next=${encodeURIComponent(next)}` : "";
  const intentId = String(formData.get("intentId") ?? "");
  const started = await startPurchase({
    uid: viewer.uid,
    item: {
      kind: "credit_pack",
      itemId: pack.id,
      name: `Stillhour class pack: ${pack.name}`,
      amount: pack.amount,
      currency: pack.currency,
      metadata: packTerms(pack),
    },
    intentId,
    successPath: `/credits?purchase=${purchaseIdFor(viewer.uid, intentId)}${back}`,
    cancelPath: `/credits?canceled=1${back}`,
  });
  if (!started.ok) return data<ActionResult>({ error: started.message }, { status: 400 });
  return redirect(started.url);
}

export default function CreditsRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const pendingPack = navigation.state !== "idle" && navigation.formMethod === "POST" ? String(navigation.formData?.get("pack") ?? "") : "";
  return (
    <section className="section" aria-labelledby="credits-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">Class packs</p>
          <h1 id="credits-title">Come when it suits you</h1>
          <p>
            A pack of credits books the live classes marked with a credit price, no membership needed. One credit is one class; the ones
            expiring soonest are used first.
          </p>
        </header>
        <PageNotices
          error={result?.error}
          notice={
            page.bought
              ? {
                  tone: "success",
                  text: (
                    <>
                      {page.bought} {page.next ? <Link to={page.next}>Back to your class</Link> : null}
                    </>
                  ),
                }
              : page.canceled
                ? { tone: "info", text: "You left the payment page before paying, so nothing was charged." }
                : null
          }
        />
        {page.balance !== null ? (
          <section className="auth-card stack" aria-labelledby="held-title">
            <h2 id="held-title">Your credits: {page.balance}</h2>
            {page.held.length > 0 ? (
              <ul>
                {page.held.map((pack, index) => (
                  <li key={index}>
                    {pack.name}: {pack.left} left, until {pack.until}
                  </li>
                ))}
              </ul>
            ) : (
              <p>No credits yet. Choose a pack below.</p>
            )}
          </section>
        ) : null}
        {page.packs.length === 0 ? (
          <p className="empty-note">Class packs aren't on sale just now.</p>
        ) : (
          <ul className="credit-packs">
            {page.packs.map((pack, index) => (
              <li key={pack.id} className="credit-packs__item">
                <h2 className="credit-packs__name">{pack.name}</h2>
                <p>
                  {pack.credits} classes for {pack.price}, to use within {pack.validDays} days. {pack.description}
                </p>
                {page.signedIn ? (
                  <Form method="post">
                    <input type="hidden" name="pack" value={pack.id} />
                    <input type="hidden" name="intentId" value={`${page.intentId}-${index}`} />
                    {page.next ? <input type="hidden" name="next" value={page.next} /> : null}
                    <button className="button" type="submit" disabled={pendingPack === pack.id}>
                      {pendingPack === pack.id ? "Opening the payment page…" : `Buy ${pack.name.toLowerCase()}`}
                    </button>
                  </Form>
                ) : (
                  <Link
                    className="button"
                    to={`/sign-in?next=${encodeURIComponent(`/credits${page.next ? `?next=${encodeURIComponent(page.next)}` : ""}`)}`}
                  >
                    Sign in to buy
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
