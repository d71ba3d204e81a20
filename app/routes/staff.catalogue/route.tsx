import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { StaffItemCheck, StaffItemField } from "~/components/staff/staff-item-field";
import { StaffPage } from "~/components/staff/staff-page";
import { formatMoney } from "~/models/billing/promotion-code";
import { majorUnitsText } from "~/models/staff/catalogue-form";
import { listCatalogue } from "~/models/staff/catalogue.server";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";
import { readSubmission } from "~/server/submission.server";
import type { FieldErrors } from "~/lib/forms/submission";
import { CatalogueFormSchema, saveItem } from "./page.server";
import { defineActionLimits, STAFF_ONLY } from "~/lib/action-limits";

/**
 * Issue 26: what the site sells, for admins: each gift membership's and class pack's price, length
 * and whether it is on sale (ADR 052). /gift and /credits read these from the store on every view and
 * checkout, so a change counts there at once, on every instance; purchases already made keep what they
 * were sold with. Every change leaves one audit entry with its field diff.
 */
export const handle = defineHandle({
  name: "staff-catalogue",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.catalogue.roles],
});

export const meta: MetaFunction = () => [{ title: "Gifts and class packs · Staff · Stillhour" }, { name: "robots", content: "noindex" }];

const NOTICES: Record<string, string> = {
  gift: "Gift saved. The gift page shows it now, and the next checkout charges the new price.",
  pack: "Class pack saved. The class packs page shows it now, and the next checkout charges the new price.",
  unchanged: "Nothing changed, so nothing was recorded.",
};

type Values = Record<string, string>;
type ActionData = { errors: FieldErrors; values: Values };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "catalogue");
  const { giftTypes, creditPacks } = await listCatalogue();
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return data(
    {
      notice: NOTICES[done] ?? null,
      gifts: giftTypes.map((t) => ({
        id: t.id,
        name: t.name,
        price: majorUnitsText(t.amount),
        shown: formatMoney(t.amount, t.currency, "en-US"),
        currency: t.currency.toUpperCase(),
        months: String(t.months),
        onSale: t.active,
      })),
      packs: creditPacks.map((p) => ({
        id: p.id,
        name: p.name,
        price: majorUnitsText(p.amount),
        shown: formatMoney(p.amount, p.currency, "en-US"),
        currency: p.currency.toUpperCase(),
        credits: String(p.credits),
        validDays: String(p.validDays),
        onSale: p.active,
      })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  staff: { does: ["write"], bound: STAFF_ONLY },
});

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireStaff(request, "catalogue");
  const submission = await readSubmission(request, CatalogueFormSchema);
  if (!submission.ok) return submission.reply;
  return saveItem(actor, submission.fields);
}

/** The item a refusal is about, from the kind and id it sent back; null for a refusal about no item. */
const keyOf = (result: ActionData) =>
  result.values.kind && result.values.id !== undefined ? `${result.values.kind}-${result.values.id}` : null;

type Item = { id: string; name: string; onSale: boolean; currency: string; summary: string; values: Values };
type Field = { name: string; label: string; inputMode: "numeric" | "decimal"; width: number };

const GIFT_FIELDS: Field[] = [{ name: "months", label: "Months", inputMode: "numeric", width: 4 }];
const PACK_FIELDS: Field[] = [
  { name: "credits", label: "Credits", inputMode: "numeric", width: 4 },
  { name: "validDays", label: "Days the credits keep", inputMode: "numeric", width: 4 },
];

export default function StaffCatalogueRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const gifts: Item[] = page.gifts.map((g) => ({
    ...g,
    summary: `${g.shown} for ${g.months} ${g.months === "1" ? "month" : "months"}.`,
    values: { price: g.price, months: g.months },
  }));
  const packs: Item[] = page.packs.map((p) => ({
    ...p,
    summary: `${p.shown} for ${p.credits} credits, kept ${p.validDays} days.`,
    values: { price: p.price, credits: p.credits, validDays: p.validDays },
  }));
  return (
    <StaffPage
      id="catalogue-title"
      title="Gifts and class packs"
      intro="Prices, lengths and what is on sale. A change shows on the public pages at once; what people already bought keeps the terms they paid for."
      notice={page.notice}
    >
      {result?.errors.form && !keyOf(result) ? (
        <p className="notice notice--error" role="alert">
          {result.errors.form}
        </p>
      ) : null}
      <CatalogueList
        id="gifts-title"
        title="Gift memberships"
        empty="There are no gift memberships in the store yet."
        kind="gift"
        items={gifts}
        fields={GIFT_FIELDS}
        result={result}
        busy={busy}
      />
      <CatalogueList
        id="packs-title"
        title="Class packs"
        empty="There are no class packs in the store yet."
        kind="pack"
        items={packs}
        fields={PACK_FIELDS}
        result={result}
        busy={busy}
      />
    </StaffPage>
  );
}

/** One kind of item, each with its own small form: price, the kind's own fields, on sale. */
function CatalogueList({
  id,
  title,
  empty,
  kind,
  items,
  fields,
  result,
  busy,
}: {
  id: string;
  title: string;
  empty: string;
  kind: "gift" | "pack";
  items: Item[];
  fields: Field[];
  result: ActionData | undefined;
  busy: boolean;
}) {
  return (
    <>
      <h2 id={id}>{title}</h2>
      {items.length === 0 ? <p className="empty-note">{empty}</p> : null}
      <ul className="staff-codes" aria-labelledby={id}>
        {items.map((item) => {
          const key = `${kind}-${item.id}`;
          const own = result && keyOf(result) === key ? result : null;
          const values = own?.values ?? { ...item.values, onSale: item.onSale ? "on" : "" };
          return (
            <li key={`${key}-${JSON.stringify(item.values)}-${item.onSale}`} className="staff-code" data-item={key}>
              <h3 className="staff-areas__title">
                {item.name} · {item.onSale ? "On sale" : "Not on sale"}
              </h3>
              <p>{item.summary}</p>
              {own?.errors.form ? (
                <p className="notice notice--error" role="alert">
                  {own.errors.form}
                </p>
              ) : null}
              <Form method="post" className="staff-filter" aria-label={`Change ${item.name}`}>
                <input type="hidden" name="kind" value={kind} />
                <input type="hidden" name="id" value={item.id} />
                <StaffItemField
                  idBase={key}
                  name="price"
                  label={`Price (${item.currency})`}
                  defaultValue={values.price ?? ""}
                  error={own?.errors.price}
                  inputMode="decimal"
                  width={10}
                />
                {fields.map((field) => (
                  <StaffItemField
                    key={field.name}
                    idBase={key}
                    name={field.name}
                    label={field.label}
                    defaultValue={values[field.name] ?? ""}
                    error={own?.errors[field.name]}
                    inputMode={field.inputMode}
                    width={field.width}
                  />
                ))}
                <StaffItemCheck idBase={key} name="onSale" label="On sale" defaultChecked={values.onSale === "on"} />
                <div className="button-row">
                  <button type="submit" className="button button--small" disabled={busy}>
                    Save {item.name}
                  </button>
                </div>
              </Form>
            </li>
          );
        })}
      </ul>
    </>
  );
}
