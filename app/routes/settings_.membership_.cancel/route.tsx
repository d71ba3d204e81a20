import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { describeMembership } from "~/models/billing/membership-summary";
import { getMembership, winbackUsed } from "~/models/billing/membership.server";
import { membershipFacts } from "~/models/billing/subscription.server";
import { defineHandle } from "~/lib/route-handle";
import { requireAccess } from "~/server/viewer.server";
import { memberZone } from "~/server/reader-zone.server";

/**
 * Issue 8: the cancel step. One win-back offer, at most once per member, then cancellation at the
 * period's end with the date in the member's zone. Nothing the member made is deleted.
 */
export const handle = defineHandle({
  name: "settings-membership-cancel",
  localTimes: true,
  layout: "main",
  theme: "light",
  requiresAuth: true,
});

export const meta: MetaFunction = () => [{ title: "Cancel your membership · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer, user } = await requireAccess(request, handle, { context });
  const facts = await membershipFacts(await getMembership(viewer.uid), user.defaultCard);
  if (!facts) throw redirect("/settings#membership");
  const summary = describeMembership(facts, await memberZone(request, user));
  if (summary.status === "ended" || summary.status === "ending") throw redirect("/settings#membership");
  // WINBACK_OFFER: half price for the next two months, once per member.
  const offer = (await winbackUsed(viewer.uid)) ? null : "half price for your next two months";
  return data({ summary, offer }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function CancelRoute() {
  const { summary, offer } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : "";
  return (
    <section className="section" aria-labelledby="cancel-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">Your membership</p>
          <h1 id="cancel-title">Before you go</h1>
          <p>
            {summary.headline} If you cancel, every class stays open until the end of the period you've paid for, and your history and
            favourites stay with your account.
          </p>
        </header>
        {offer ? (
          <section className="auth-card stack" aria-labelledby="offer-title">
            <h2 id="offer-title">Stay for {offer}</h2>
            <p>If the price is what's in the way, this is yours. It applies to your next payments automatically; nothing else changes.</p>
            <Form method="post" action="/settings/membership">
              <input type="hidden" name="intent" value="winback" />
              <button className="button" type="submit" disabled={pending === "winback"}>
                {pending === "winback" ? "Applying…" : "Keep my membership with the offer"}
              </button>
            </Form>
          </section>
        ) : null}
        <section className="auth-card stack" aria-labelledby="confirm-title">
          <h2 id="confirm-title">Cancel at the end of this period</h2>
          <p>You won't be charged again. You can resume any time before the end date.</p>
          <div className="button-row">
            <Form method="post" action="/settings/membership">
              <input type="hidden" name="intent" value="cancel" />
              <button className="button button--danger" type="submit" disabled={pending === "cancel"}>
                {pending === "cancel" ? "Cancelling…" : "Cancel my membership"}
              </button>
            </Form>
            <Link className="button button--quiet" to="/settings#membership">
              Keep my membership
            </Link>
          </div>
        </section>
      </div>
    </section>
  );
}
