import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FieldError, FormField, fieldIds } from "~/components/form-field";
import { recordEvent } from "~/platform/analytics-event.server";
import { readPurchaseForm } from "~/server/purchase-form.server";
import { GIFT_MESSAGE_MAX } from "~/models/wallet/gift";
import { GIFT_FORM_FIELDS, deliveryDateRange, giftFormSchema } from "~/models/wallet/gift-form";
import { getGiftType, listGiftTypes, orderGift } from "~/models/wallet/gifts.server";
import { formatMoney } from "~/models/billing/promotion-code";
import { defineHandle } from "~/lib/route-handle";
import { parseForm } from "~/models/identity/sign-in";
import { getPrivateUser } from "~/models/identity/user.server";
import { getViewerState, requireAccess } from "~/server/viewer.server";
import { memberZone, readerZone } from "~/server/reader-zone.server";
import { newIntentId } from "~/models/billing/membership";
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
  const url = new URL(request.url);
  const state = await getViewerState(request, context);
  const signedIn = Boolean(state && !state.viewer.anonymous);
  const types = await listGiftTypes();
  // "Today" is the giver's own day: their browser's zone, else their record's (issue 34).
  const known = await readerZone(request, context);
  const zone = known ?? FALLBACK_TIME_ZONE;
  const requested = url.searchParams.get("type");
  const method = url.searchParams.get("method") === "link" ? "link" : "email";
  return data(
    {
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
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type ActionResult = { errors: Record<string, string>; values: Record<string, string> };

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  buy: { does: ["charge"], limits: [CHECKOUT_LIMIT] },
});

export async function action({ request, context }: ActionFunctionArgs) {
  const body = await readPurchaseForm(request);
  if (!body.ok) return data<ActionResult>({ errors: { form: body.message }, values: {} }, { status: body.status });
  const { formData } = body;
  const { viewer, user } = await requireAccess(request, { requiresAuth: true }, { context });
  const zone = (await memberZone(request, user)) ?? FALLBACK_TIME_ZONE;
  const parsed = parseForm(giftFormSchema(zone, Date.now()), formData, GIFT_FORM_FIELDS);
  if (!parsed.ok) return data<ActionResult>({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const form = parsed.data;
  const values = Object.fromEntries(GIFT_FORM_FIELDS.map((name) => [name, String(formData.get(name) ?? "").slice(0, 1000)]));
  const giftType = await getGiftType(form.giftType);
  if (!giftType) return data<ActionResult>({ errors: { giftType: "Please choose one of the gifts shown." }, values }, { status: 400 });
  const person = await getPrivateUser(viewer.uid);
  const buyerName = [person?.firstName, person?.lastName].filter(Boolean).join(" ") || "A friend";
  const started = await orderGift({
    uid: viewer.uid,
    buyerName,
    buyerZone: zone,
    order: { ...form, giftType },
  });
  if (!started.ok) {
    await recordEvent(
      { name: "Gift_Purchase_Failed", properties: { giftTypeId: giftType.id, reason: "checkout_not_started" } },
      { uid: viewer.uid },
    ).catch(() => undefined);
    return data<ActionResult>({ errors: { form: started.message }, values }, { status: 400 });
  }
  return redirect(started.url);
}

export default function GiftRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  const chosen = values.giftType || page.selected;
  const method = values.method || page.method;
  const typeIds = fieldIds("giftType", undefined, errors.giftType);
  const methodIds = fieldIds("method", undefined, errors.method);
  const messageIds = fieldIds("message", `Up to ${GIFT_MESSAGE_MAX} characters. We print it as you write it.`, errors.message);

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
            <fieldset className="plan-choice" aria-describedby={typeIds.describedBy}>
              <legend>Choose a gift</legend>
              {page.types.map((type) => (
                <label key={type.id} className="plan-option plan-option--flat">
                  <input type="radio" name="giftType" value={type.id} defaultChecked={type.id === chosen} />
                  <span className="plan-option__name">
                    {type.name}: {type.price}
                  </span>
                  <span className="plan-option__note">{type.description}</span>
                </label>
              ))}
              <FieldError id={typeIds.errorId} error={errors.giftType} />
            </fieldset>
            {page.signedIn ? (
              <>
                <fieldset className="plan-choice" aria-describedby={methodIds.describedBy}>
                  <legend>How should it travel?</legend>
                  <label className="plan-option plan-option--flat">
                    <input type="radio" name="method" value="email" defaultChecked={method === "email"} />
                    <span className="plan-option__name">By e-mail, on a day you choose</span>
                    <span className="plan-option__note">
                      We send it with your message, in the morning of that day. Choose today to send it straight away.
                    </span>
                  </label>
                  <label className="plan-option plan-option--flat">
                    <input type="radio" name="method" value="link" defaultChecked={method === "link"} />
                    <span className="plan-option__name">As a link you pass on</span>
                    <span className="plan-option__note">
                      You get a link and a code to share however you like: a card, a message, in person.
                    </span>
                  </label>
                  <FieldError id={methodIds.errorId} error={errors.method} />
                </fieldset>
                <fieldset className="plan-choice">
                  <legend>For an e-mail gift</legend>
                  <FormField
                    focusOnError
                    name="recipientName"
                    label="Their name"
                    autoComplete="off"
                    defaultValue={values.recipientName ?? ""}
                    error={errors.recipientName}
                    maxLength={80}
                  />
                  <FormField
                    focusOnError
                    name="recipientEmail"
                    label="Their e-mail address"
                    type="email"
                    autoComplete="off"
                    defaultValue={values.recipientEmail ?? ""}
                    error={errors.recipientEmail}
                  />
                  <FormField
                    focusOnError
                    name="deliverOn"
                    label="Send it on"
                    type="date"
                    hint={`A day on your own calendar${page.zoneKnown ? "" : " (GMT, until your browser tells us your time zone)"}, from today to a year ahead.`}
                    min={page.dates.min}
                    max={page.dates.max}
                    defaultValue={values.deliverOn || page.dates.min}
                    error={errors.deliverOn}
                  />
                </fieldset>
                <div className="field">
                  <label htmlFor={messageIds.id}>A message (optional)</label>
                  <p className="field__hint" id={messageIds.hintId}>
                    Up to {GIFT_MESSAGE_MAX} characters. We print it as you write it.
                  </p>
                  <textarea
                    id={messageIds.id}
                    name="message"
                    rows={4}
                    maxLength={GIFT_MESSAGE_MAX}
                    defaultValue={values.message ?? ""}
                    aria-describedby={messageIds.describedBy}
                    aria-invalid={errors.message ? true : undefined}
                  />
                  <FieldError id={messageIds.errorId} error={errors.message} />
                </div>
                <div className="field field--check">
                  <input id="field-forSelf" type="checkbox" name="forSelf" defaultChecked={values.forSelf === "on"} />
                  <label htmlFor="field-forSelf">This gift is for me (so I can redeem it myself)</label>
                </div>
                <button className="button" type="submit" disabled={busy}>
                  {busy ? "Opening the payment page…" : "Continue to payment"}
                </button>
                <p className="field__hint">You pay once; nothing renews.</p>
              </>
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
