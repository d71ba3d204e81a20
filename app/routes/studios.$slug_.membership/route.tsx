import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { studioMembershipAction, studioMembershipPage } from "./page.server";
import { requireAccess } from "~/server/viewer.server";
import { PageNotices } from "~/components/page-notices";
import { defineActionLimits } from "~/lib/action-limits";
import { CHECKOUT_LIMIT } from "~/models/billing/membership.server";

/** Issue 12: join a studio for the month: every class there without paying each time. */
export const handle = defineHandle({ name: "studio-membership", layout: "main", theme: "light", requiresAuth: true });

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: page ? `Join ${page.studio.name} · Stillhour` : "Studio membership · Stillhour" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const state = await requireAccess(request, handle, { context });
  const page = await studioMembershipPage(request, state, params.slug ?? "");
  if (!page) throw notFound();
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  buy: { does: ["charge"], limits: [CHECKOUT_LIMIT] },
});

export async function action({ request, params, context }: ActionFunctionArgs) {
  const state = await requireAccess(request, handle, { context });
  return studioMembershipAction(request, state, params.slug ?? "");
}

export default function StudioMembershipRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <section className="section" aria-labelledby="membership-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">
            <Link to={`/studios/${page.studio.slug}`}>{page.studio.name}</Link>
          </p>
          <h1 id="membership-title">Join the studio</h1>
          <p>A studio membership books every class at {page.studio.name} without paying each time. It covers this studio only.</p>
        </header>
        {/* A refused post, else what the address says went wrong (a payment left unpaid). */}
        <PageNotices error={actionData?.errors.form ?? page.notice} />
        {page.current ? (
          <p className="notice notice--success" role="status">
            You're a member here: {page.current.name}, until {page.current.until}.{" "}
            <Link to={`/studios/${page.studio.slug}`}>Book a class</Link>
          </p>
        ) : null}
        {page.current
          ? null
          : page.offers.map((offer) => (
              <Form method="post" key={offer.id} className="auth-card stack">
                <h2>{offer.name}</h2>
                <p>
                  {offer.price} for {offer.days} days. {offer.description}
                </p>
                <input type="hidden" name="offerId" value={offer.id} />
                <input type="hidden" name="intentId" value={page.intentId} />
                <button className="button desk-button" type="submit" disabled={navigation.state === "submitting"}>
                  Join for {offer.price}
                </button>
              </Form>
            ))}
      </div>
    </section>
  );
}
