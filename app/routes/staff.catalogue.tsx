import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { StaffItemCheck, StaffItemField } from "~/components/staff-item-field";
import { StaffPage } from "~/components/staff-page";
import { formatMoney } from "~/features/billing/promotion-code";
import { CreditPackFormSchema, GiftTypeFormSchema, fieldErrors, majorUnitsText } from "~/features/staff/catalogue-form";
import { listCatalogue, updateCreditPack, updateGiftType } from "~/features/staff/catalogue.server";
import { STAFF_AREAS } from "~/features/staff/staff-areas";
import { readFormBody } from "~/lib/form-body.server";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";

/**
 * Issue 26: what the site sells, for admins: each gift membership's and class pack's price, length
 * and whether it is on sale (ADR 052). /gift and /credits read these from the store on every view and
 * checkout, so a change counts there at once, on every instance; purchases already made keep what they
 * were sold with. Every change leaves one audit entry with its field diff.
 */
export const handle = defineHandle({ name: "staff-catalogue", layout: "main", theme: "light", requiresAuth: true, roles: [...STAFF_AREAS.catalogue.roles] });

export const meta: MetaFunction = () => [{ title: "Gifts and class packs · Staff · Stillhour" }, { name: "robots", content: "noindex" }];

const NOTICES: Record<string, string> = {
  gift: "Gift saved. The gift page shows it now, and the next checkout charges the new price.",
  pack: "Class pack saved. The class packs page shows it now, and the next checkout charges the new price.",
  unchanged: "Nothing changed, so nothing was recorded.",
};

type Values = Record<string, string>;
type ActionData = { key: string | null; error: string; errors: Record<string, string>; values: Values };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "catalogue");
  const { giftTypes, creditPacks } = await listCatalogue();
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return data(
    {
      notice: NOTICES[done] ?? null,
      gifts: giftTypes.map((t) => ({ id: t.id, name: t.name, price: majorUnitsText(t.amount), shown: formatMoney(t.amount, t.currency, "en-US"), currency: t.currency.toUpperCase(), months: String(t.months), onSale: t.active })),
      packs: creditPacks.map((p) => ({ id: p.id, name: p.name, price: majorUnitsText(p.amount), shown: formatMoney(p.amount, p.currency, "en-US"), currency: p.currency.toUpperCase(), credits: String(p.credits), validDays: String(p.validDays), onSale: p.active })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireStaff(request, "catalogue");
  const body = await readFormBody(request, 4 * 1024);
  if (!body.ok) return data<ActionData>({ key: null, error: body.message, errors: {}, values: {} }, { status: body.status });
  const form = body.formData;
  const text = (name: string) => String(form.get(name) ?? "").slice(0, 200);
  const kind = text("kind");
  const values: Values = { id: text("id"), price: text("price"), months: text("months"), credits: text("credits"), validDays: text("validDays"), onSale: text("onSale") };
  const key = `${kind}-${values.id}`;
  if (kind === "gift") {
    const parsed = GiftTypeFormSchema.safeParse(values);
    if (!parsed.success) return data<ActionData>({ key, error: "Please check the fields marked below.", errors: fieldErrors(parsed.error), values }, { status: 400 });
    const result = await updateGiftType(actor, parsed.data);
    if (!result.ok) return data<ActionData>({ key, error: result.problem.message, errors: {}, values }, { status: result.problem.status });
    return redirect(`/staff/catalogue?done=${result.changed ? "gift" : "unchanged"}`);
  }
  if (kind === "pack") {
    const parsed = CreditPackFormSchema.safeParse(values);
    if (!parsed.success) return data<ActionData>({ key, error: "Please check the fields marked below.", errors: fieldErrors(parsed.error), values }, { status: 400 });
    const result = await updateCreditPack(actor, parsed.data);
    if (!result.ok) return data<ActionData>({ key, error: result.problem.message, errors: {}, values }, { status: result.problem.status });
    return redirect(`/staff/catalogue?done=${result.changed ? "pack" : "unchanged"}`);
  }
  return data<ActionData>({ key: null, error: "Please use the Save button beside a gift or a class pack.", errors: {}, values: {} }, { status: 400 });
}

export default function StaffCatalogueRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const mine = (key: string) => (result?.key === key ? result : null);
  return (
    <StaffPage id="catalogue-title" title="Gifts and class packs" intro="Prices, lengths and what is on sale. A change shows on the public pages at once; what people already bought keeps the terms they paid for." notice={page.notice}>
      {result?.error && !result.key ? (
        <p className="notice notice--error" role="alert">
          {result.error}
        </p>
      ) : null}
      <h2 id="gifts-title">Gift memberships</h2>
      {page.gifts.length === 0 ? <p className="empty-note">There are no gift memberships in the store yet.</p> : null}
      <ul className="staff-codes" aria-labelledby="gifts-title">
        {page.gifts.map((gift) => {
          const key = `gift-${gift.id}`;
          const own = mine(key);
          const values = own?.values ?? { price: gift.price, months: gift.months, onSale: gift.onSale ? "on" : "" };
          return (
            <li key={gift.id} className="staff-code" data-item={key}>
              <h3 className="staff-areas__title">
                {gift.name} · {gift.onSale ? "On sale" : "Not on sale"}
              </h3>
              <p>
                {gift.shown} for {gift.months} {gift.months === "1" ? "month" : "months"}.
              </p>
              {own?.error ? (
                <p className="notice notice--error" role="alert">
                  {own.error}
                </p>
              ) : null}
              <Form method="post" className="staff-filter" aria-label={`Change ${gift.name}`}>
                <input type="hidden" name="kind" value="gift" />
                <input type="hidden" name="id" value={gift.id} />
                <StaffItemField idBase={key} name="price" label={`Price (${gift.currency})`} defaultValue={values.price ?? ""} error={own?.errors.price} inputMode="decimal" width={10} />
                <StaffItemField idBase={key} name="months" label="Months" defaultValue={values.months ?? ""} error={own?.errors.months} inputMode="numeric" width={4} />
                <StaffItemCheck idBase={key} name="onSale" label="On sale" defaultChecked={values.onSale === "on"} />
                <div className="button-row">
                  <button type="submit" className="button button--small" disabled={busy}>
                    Save {gift.name}
                  </button>
                </div>
              </Form>
            </li>
          );
        })}
      </ul>
      <h2 id="packs-title">Class packs</h2>
      {page.packs.length === 0 ? <p className="empty-note">There are no class packs in the store yet.</p> : null}
      <ul className="staff-codes" aria-labelledby="packs-title">
        {page.packs.map((pack) => {
          const key = `pack-${pack.id}`;
          const own = mine(key);
          const values = own?.values ?? { price: pack.price, credits: pack.credits, validDays: pack.validDays, onSale: pack.onSale ? "on" : "" };
          return (
            <li key={pack.id} className="staff-code" data-item={key}>
              <h3 className="staff-areas__title">
                {pack.name} · {pack.onSale ? "On sale" : "Not on sale"}
              </h3>
              <p>
                {pack.shown} for {pack.credits} credits, kept {pack.validDays} days.
              </p>
              {own?.error ? (
                <p className="notice notice--error" role="alert">
                  {own.error}
                </p>
              ) : null}
              <Form method="post" className="staff-filter" aria-label={`Change ${pack.name}`}>
                <input type="hidden" name="kind" value="pack" />
                <input type="hidden" name="id" value={pack.id} />
                <StaffItemField idBase={key} name="price" label={`Price (${pack.currency})`} defaultValue={values.price ?? ""} error={own?.errors.price} inputMode="decimal" width={10} />
                <StaffItemField idBase={key} name="credits" label="Credits" defaultValue={values.credits ?? ""} error={own?.errors.credits} inputMode="numeric" width={4} />
                <StaffItemField idBase={key} name="validDays" label="Days the credits keep" defaultValue={values.validDays ?? ""} error={own?.errors.validDays} inputMode="numeric" width={4} />
                <StaffItemCheck idBase={key} name="onSale" label="On sale" defaultChecked={values.onSale === "on"} />
                <div className="button-row">
                  <button type="submit" className="button button--small" disabled={busy}>
                    Save {pack.name}
                  </button>
                </div>
              </Form>
            </li>
          );
        })}
      </ul>
    </StaffPage>
  );
}
