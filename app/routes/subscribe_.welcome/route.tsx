import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useEffect } from "react";
import { describeMembership } from "~/models/billing/membership-summary";
import { promotionFailureFor, syncCheckoutSession } from "~/models/billing/membership.server";
import { redemptionFailureMessage } from "~/models/billing/promotion-code";
import { membershipFacts } from "~/models/billing/subscription.server";
import { isReturnPath } from "~/models/billing/subscribe-link";
import { defineHandle } from "~/lib/route-handle";
import { requireAccess } from "~/server/viewer.server";
import { memberZone } from "~/server/reader-zone.server";

/**
 * Issue 8: where the payment page returns a member. It runs the same sync as the webhook, so the
 * plan shows even when the provider's event is late; it grants nothing for a session that is not
 * this member's, not paid, or made up, however often it is loaded.
 */
export const handle = defineHandle({ name: "subscribe-welcome", localTimes: true, layout: "main", theme: "light", requiresAuth: true });

export const meta: MetaFunction = () => [{ title: "Welcome to your membership · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer, user } = await requireAccess(request, handle, { context });
  const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
  const result = await syncCheckoutSession(sessionId.slice(0, 200), viewer.uid);
  const headers = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
  if (!result.ok) {
    const status = result.reason === "not_paid" ? 202 : result.reason === "unavailable" ? 503 : 404;
    return data({ ok: false as const, firstName: user.firstName, reason: result.reason }, { status, headers });
  }
  const { membership } = result;
  const facts = await membershipFacts(membership, user.defaultCard);
  const failure = membership.subscriptionId ? await promotionFailureFor(membership.subscriptionId, viewer.uid) : null;
  return data(
    {
      ok: true as const,
      firstName: user.firstName,
      summary: facts ? describeMembership(facts, await memberZone(request, user)) : null,
      promotionNote: failure ? `${redemptionFailureMessage(failure)} Your membership itself is unaffected.` : null,
      // The ad pixel's conversion (when configured), keyed by the checkout so a reload is one conversion.
      conversion: { id: sessionId.slice(0, 200), plan: membership.planId ?? null },
      next: (() => {
        const next = new URL(request.url).searchParams.get("next") ?? "";
        return isReturnPath(next) ? next : null;
      })(),
    },
    { headers },
  );
}

const NOT_DONE: Record<"not_paid" | "unavailable" | "not_found" | "not_yours", { title: string; body: string }> = {
  not_paid: {
    title: "Your payment is still on its way",
    body: "The payment page hasn't confirmed it yet. This usually takes a few seconds: reload this page in a moment.",
  },
  unavailable: {
    title: "We couldn't confirm your payment just now",
    body: "The payment service didn't answer in time. Nothing is lost: reload this page in a minute, or find your plan in settings.",
  },
  not_found: {
    title: "We couldn't find that purchase",
    body: "This address doesn't match a finished purchase on your account. Nothing was charged by opening it.",
  },
  not_yours: {
    title: "We couldn't find that purchase",
    body: "This address doesn't match a finished purchase on your account. Nothing was charged by opening it.",
  },
};

export default function WelcomeRoute() {
  const page = useLoaderData<typeof loader>();
  const conversionId = page.ok ? page.conversion.id : null;
  const plan = page.ok ? page.conversion.plan : null;
  useEffect(() => {
    if (!conversionId) return;
    void import("~/browser/platform-runtime.client").then((runtime) => runtime.conversion("Subscribe_Completed", { plan }, conversionId));
  }, [conversionId, plan]);
  if (!page.ok) {
    return (
      <section className="section" aria-labelledby="welcome-title">
        <div className="container container--narrow stack">
          <h1 id="welcome-title">{NOT_DONE[page.reason].title}</h1>
          <p>{NOT_DONE[page.reason].body}</p>
          <p className="button-row">
            <Link className="button" to="/settings#membership">
              See your membership
            </Link>
            <Link className="button button--secondary" to="/subscribe">
              Choose a plan
            </Link>
          </p>
        </div>
      </section>
    );
  }
  return (
    <section className="section" aria-labelledby="welcome-title">
      <div className="container container--narrow stack">
        <p className="eyebrow">You're a member</p>
        <h1 id="welcome-title">Welcome{page.firstName ? `, ${page.firstName}` : ""}. Take a breath: you're in.</h1>
        {page.summary ? <p>{page.summary.headline}</p> : null}
        {page.summary?.nextCharge ? <p>{page.summary.nextCharge}</p> : null}
        {page.summary?.discount ? <p>{page.summary.discount}</p> : null}
        {page.promotionNote ? (
          <p className="notice" role="status">
            {page.promotionNote}
          </p>
        ) : null}
        <p className="button-row">
          {page.next ? (
            <Link className="button" to={page.next}>
              Back to your class
            </Link>
          ) : (
            <Link className="button" to="/classes">
              See the live schedule
            </Link>
          )}
          <Link className="button button--secondary" to="/settings#membership">
            Your membership
          </Link>
        </p>
      </div>
    </section>
  );
}
