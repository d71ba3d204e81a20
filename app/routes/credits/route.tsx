import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { z } from "zod";
import { HeldCredits, PackList } from "./packs";
import { getCreditPack, packTerms } from "~/models/wallet/credits.server";
import { readPurchase } from "~/server/purchase-form.server";
import { refuse } from "~/server/submission.server";
import { isReturnPath } from "~/models/billing/subscribe-link";
import { purchaseIdFor, startPurchase } from "~/models/billing/purchases.server";
import { defineHandle } from "~/lib/route-handle";
import { creditsPage } from "./page.server";
import { requireAccess } from "~/server/viewer.server";
import { PageNotices } from "~/components/page-notices";
import { defineActionLimits } from "~/lib/action-limits";
import { CHECKOUT_LIMIT } from "~/models/billing/membership.server";

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
  return data(await creditsPage(request, context), { headers: { "Cache-Control": "private, no-store" } });
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  buy: { does: ["charge"], limits: [CHECKOUT_LIMIT] },
});

/** One pack's form: which pack, the attempt's id (checked where the purchase starts) and where to come back to. */
const BuyPackFormSchema = z.object({ pack: z.string().default(""), intentId: z.string().default(""), next: z.string().default("") });

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await readPurchase(request, BuyPackFormSchema);
  if (!submission.ok) return submission.reply;
  const { viewer } = await requireAccess(request, { requiresAuth: true }, { context });
  const form = submission.value;
  const pack = await getCreditPack(form.pack);
  if (!pack) return refuse({ form: "Please choose one of the packs shown." }, {});
  const back = isReturnPath(form.next) ? `&next=${encodeURIComponent(form.next)}` : "";
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
    intentId: form.intentId,
    successPath: `/credits?purchase=${purchaseIdFor(viewer.uid, form.intentId)}${back}`,
    cancelPath: `/credits?canceled=1${back}`,
  });
  if (!started.ok) return refuse({ form: started.message }, {});
  return redirect(started.url);
}

export default function CreditsRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
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
          error={result?.errors.form}
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
        {page.balance !== null ? <HeldCredits balance={page.balance} held={page.held} /> : null}
        <PackList page={page} />
      </div>
    </section>
  );
}
