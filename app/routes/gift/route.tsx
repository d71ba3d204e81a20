import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { GiftDelivery, GiftTypes, type GiftValues } from "./gift-form";
import { recordEvent } from "~/platform/analytics-event.server";
import { AnyFields, readPurchase } from "~/server/purchase-form.server";
import { refuse } from "~/server/submission.server";
import { parseFields, withBlanks, type FieldErrors } from "~/lib/forms/submission";
import { GIFT_FORM_FIELDS, giftFormSchema } from "~/models/wallet/gift-form";
import { getGiftType, orderGift } from "~/models/wallet/gifts.server";
import { defineHandle } from "~/lib/route-handle";
import { giftPage } from "./page.server";
import { getPrivateUser } from "~/models/identity/user.server";
import { requireAccess } from "~/server/viewer.server";
import { memberZone } from "~/server/reader-zone.server";
import { PageNotices } from "~/components/page-notices";
import { defineActionLimits } from "~/lib/action-limits";
import { CHECKOUT_LIMIT } from "~/models/billing/membership.server";
import { FALLBACK_TIME_ZONE } from "~/models/identity/user";

/**
 * Issue 11: give Stillhour. Choose a gift, then how it travels: by e-mail on a chosen day, or as a
 * link the buyer passes on. Payment is one-time on the provider's page; the receipt follows the gift.
 * Works without JavaScript: one plain form, checked on the server, every field kept on an error.
 */
export const handle = defineHandle({ name: "gift", localTimes: true, layout: "main", theme: "light" });

export const meta: MetaFunction = () => [
  { title: "Give Stillhour · Stillhour" },
  {
    name: "description",
    content: "Give a month, a season or a year of live and on-demand classes, by e-mail on the day you choose or as a link to pass on.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return data(await giftPage(request, context), { headers: { "Cache-Control": "private, no-store" } });
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  buy: { does: ["charge"], limits: [CHECKOUT_LIMIT] },
});

/** What a refused gift form gets back: everything the buyer chose or typed. */
const ECHO = GIFT_FORM_FIELDS.filter((name) => name !== "intentId");

export async function action({ request, context }: ActionFunctionArgs) {
  // The body first (its cap, no price in it); the fields after, against the buyer's own calendar.
  const submission = await readPurchase(request, AnyFields, ECHO);
  if (!submission.ok) return submission.reply;
  const { viewer, user } = await requireAccess(request, { requiresAuth: true }, { context });
  const zone = (await memberZone(request, user)) ?? FALLBACK_TIME_ZONE;
  const values = submission.echo;
  const parsed = parseFields(giftFormSchema(zone, Date.now()), withBlanks(submission.fields, GIFT_FORM_FIELDS));
  if (!parsed.ok) return refuse(parsed.errors, values);
  const giftType = await getGiftType(parsed.value.giftType);
  if (!giftType) return refuse({ giftType: "Please choose one of the gifts shown." }, values);
  const started = await orderGift({
    uid: viewer.uid,
    buyerName: await buyerNameOf(viewer.uid),
    buyerZone: zone,
    order: { ...parsed.value, giftType },
  });
  if (!started.ok) {
    await recordEvent(
      { name: "Gift_Purchase_Failed", properties: { giftTypeId: giftType.id, reason: "checkout_not_started" } },
      { uid: viewer.uid },
    ).catch(() => undefined);
    return refuse({ form: started.message }, values);
  }
  return redirect(started.url);
}

/** The name the recipient's e-mail and the receipt give the buyer. */
async function buyerNameOf(uid: string): Promise<string> {
  const person = await getPrivateUser(uid);
  return [person?.firstName, person?.lastName].filter(Boolean).join(" ") || "A friend";
}

export default function GiftRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors: FieldErrors = actionData?.errors ?? {};
  const values: GiftValues = actionData?.values ?? {};

  return (
    <section className="section" aria-labelledby="gift-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">Gifts</p>
          <h1 id="gift-title">Give someone a quieter hour</h1>
          <p>
            A gift of Stillhour is time: live classes and the whole on-demand library, with no card asked of the person you give it to. If
            they already have a membership, it adds to it.
          </p>
        </header>
        <PageNotices
          error={errors.form}
          notice={page.canceled ? { tone: "info", text: "Nothing was charged. Your choices are below if you'd like to try again." } : null}
        />
        {page.types.length === 0 ? (
          <p className="empty-note">Gifts aren't on sale just now. Please come back soon.</p>
        ) : (
          <Form method="post" className="stack" noValidate>
            <input type="hidden" name="intentId" value={page.intentId} />
            <GiftTypes types={page.types} chosen={values.giftType || page.selected} error={errors.giftType} />
            {page.signedIn ? (
              <GiftDelivery page={page} errors={errors} values={values} />
            ) : (
              <p>
                <Link className="button" to={`/sign-in?next=${encodeURIComponent("/gift")}`}>
                  Sign in to give a gift
                </Link>{" "}
                We ask so we can send you the receipt and keep the gift safe until it's redeemed.
              </p>
            )}
          </Form>
        )}
        <p>
          Been given one? <Link to="/redeem">Redeem a gift code</Link>.
        </p>
      </div>
    </section>
  );
}
