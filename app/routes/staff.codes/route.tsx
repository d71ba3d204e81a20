import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { StaffCodeForm } from "./staff-code-form";
import { StaffPage } from "~/components/staff/staff-page";
import { describeBenefit } from "~/models/billing/promotion-code";
import {
  CodeSwitchSchema,
  DESCRIPTION_MAX,
  EMPTY_PROMOTION_FORM,
  promotionFormValues,
  readPromotionForm,
  type PromotionField,
} from "~/models/staff/promotion-form";
import {
  createPromotionCode,
  deletePromotionCode,
  getPromotionCodeForStaff,
  listPromotionCodes,
  promotionFormContext,
  setPromotionCodeActive,
  type AdminPromotionCode,
} from "~/models/staff/promotions.server";
import { carriedFields, confirmationOf, isConfirmed, type Confirmation } from "~/lib/forms/confirm";
import { ConfirmChange } from "~/components/staff/confirm-change";
import { problemOf } from "~/lib/errors";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";
import { clockDate } from "~/models/identity/clock";
import { readRouteForm } from "~/server/body-limits.server";
import { defineActionLimits, STAFF_ONLY } from "~/lib/action-limits";

/**
 * Issue 26: promotion codes, for admins. Create a code (percent or amount off, how long, which plans,
 * first-time members only, first and last day, total and per-member limits), pause or resume it,
 * and open its redemptions. /subscribe reads codes straight from the store, so a new code applies
 * there at once. Each change leaves one audit entry; the admin's note is shown as text, never HTML.
 */
export const handle = defineHandle({
  name: "staff-codes",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.codes.roles],
});

export const meta: MetaFunction = () => [{ title: "Promotion codes · Staff · Stillhour" }, { name: "robots", content: "noindex" }];

const NOTICES: Record<string, string> = {
  created: "Code created. It works on the subscribe page now.",
  paused: "Code paused. Nobody can use it until it is resumed.",
  resumed: "Code resumed.",
  deleted: "Code deleted. Typed on the subscribe page, it is now an unknown code.",
  unchanged: "Nothing changed, so nothing was recorded.",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { zone } = await requireStaff(request, "codes");
  const [codes, context] = await Promise.all([listPromotionCodes(), promotionFormContext()]);
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return data(
    {
      notice: NOTICES[done] ?? null,
      plans: context.plans,
      currency: context.currency,
      needsStripeCoupon: context.needsStripeCoupon,
      zone,
      codes: codes.map((code) => summary(code, context.plans, zone)),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  staff: { does: ["charge", "write"], bound: STAFF_ONLY },
});

export async function action({ request }: ActionFunctionArgs) {
  const { actor, zone } = await requireStaff(request, "codes");
  const body = await readRouteForm(request);
  if (!body.ok)
    return data({ intent: null, code: null, error: body.message, errors: {}, values: EMPTY_PROMOTION_FORM }, { status: body.status });
  const intent = String(body.formData.get("intent") ?? "");
  if (intent === "create") {
    const values = promotionFormValues(body.formData);
    const read = readPromotionForm(values, { ...(await promotionFormContext()), zone });
    if (!read.ok)
      return data({ intent, code: null, error: "Please check the fields marked below.", errors: read.errors, values }, { status: 400 });
    const result = await createPromotionCode(actor, read.code);
    if (!result.ok)
      return data(
        {
          intent,
          code: null,
          error: result.problem.message,
          errors: { code: result.problem.message } as Partial<Record<PromotionField, string>>,
          values,
        },
        { status: result.problem.status },
      );
    return redirect("/staff/codes?done=created");
  }
  const parsed = CodeSwitchSchema.safeParse({ intent, code: String(body.formData.get("code") ?? "") });
  if (!parsed.success)
    return data(
      { intent: null, code: null, error: "Please use the buttons beside a code.", errors: {}, values: EMPTY_PROMOTION_FORM },
      { status: 400 },
    );
  if (parsed.data.intent === "delete") {
    if (!isConfirmed(body.formData)) {
      // Issue 34: a deleted code cannot come back; the first press only asks.
      const code = await getPromotionCodeForStaff(parsed.data.code);
      if (!code || code.redemptionCount > 0) {
        const problem = problemOf(code ? "staff_code_used" : "staff_code_not_found");
        return data(
          { intent, code: parsed.data.code, error: problem.message, errors: {}, values: EMPTY_PROMOTION_FORM },
          { status: problem.status },
        );
      }
      const confirmation: Confirmation = {
        heading: `Delete the code ${code.code}?`,
        facts: [
          "Nobody has used it, so no purchase or member record names it.",
          `Once deleted, anyone typing ${code.code} on the subscribe page is told it is not a code we know, and it can't be brought back: you would create it again from scratch.`,
          "Pausing it instead stops it just as well and keeps it for later.",
        ],
        confirmLabel: `Yes, delete ${code.code}`,
        keepLabel: "Keep the code",
        fields: carriedFields(body.formData),
      };
      return data({ intent, code: code.code, error: null, errors: {}, values: EMPTY_PROMOTION_FORM, confirmation });
    }
    const deleted = await deletePromotionCode(actor, parsed.data.code);
    if (!deleted.ok)
      return data(
        { intent, code: parsed.data.code, error: deleted.problem.message, errors: {}, values: EMPTY_PROMOTION_FORM },
        { status: deleted.problem.status },
      );
    return redirect("/staff/codes?done=deleted");
  }
  const result = await setPromotionCodeActive(actor, parsed.data.code, parsed.data.intent === "resume");
  if (!result.ok)
    return data(
      { intent, code: parsed.data.code, error: result.problem.message, errors: {}, values: EMPTY_PROMOTION_FORM },
      { status: result.problem.status },
    );
  return redirect(`/staff/codes?done=${result.changed ? (parsed.data.intent === "pause" ? "paused" : "resumed") : "unchanged"}`);
}

function summary(code: AdminPromotionCode, plans: Array<{ id: string; name: string }>, zone: string) {
  // Days on the admin's own calendar, as they were typed (issue 34).
  const dayOf = (seconds: number) => clockDate(seconds * 1000, zone);
  const window = [
    code.validFrom !== null ? `from ${dayOf(code.validFrom)}` : null,
    code.expiresAt !== null ? `until ${dayOf(code.expiresAt - 1)}` : null,
  ]
    .filter(Boolean)
    .join(" ");
  return {
    code: code.code,
    description: code.description,
    benefit: describeBenefit(code.benefit),
    plans: code.planIds === null ? "Every plan" : code.planIds.map((id) => plans.find((p) => p.id === id)?.name ?? id).join(", "),
    window: window || "No dates",
    rules:
      [
        code.newMembersOnly ? "first-time members" : null,
        code.oncePerPerson ? "once per member" : null,
        code.maxRedemptions !== null ? `${code.maxRedemptions} uses in total` : null,
      ]
        .filter(Boolean)
        .join(", ") || "No limits",
    redemptions: code.redemptionCount,
    active: code.active,
  };
}

export default function StaffCodesRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const creating = result?.intent === "create";
  const confirmation = confirmationOf(result);
  return (
    <ConfirmChange confirmation={confirmation}>
      <StaffPage
        id="codes-title"
        title="Promotion codes"
        intro="Codes members type on the subscribe page. A new or paused code counts there at once; every change is recorded in the audit log."
        notice={page.notice}
      >
        {result?.error ? (
          <p className="notice notice--error" role="alert">
            {result.error}
          </p>
        ) : null}
        <StaffCodeForm
          values={creating ? result.values : EMPTY_PROMOTION_FORM}
          errors={creating ? result.errors : {}}
          plans={page.plans}
          currency={page.currency}
          needsStripeCoupon={page.needsStripeCoupon}
          busy={busy}
          descriptionMax={DESCRIPTION_MAX}
          zone={page.zone}
        />
        <h2>Codes</h2>
        <ul className="staff-codes" data-testid="codes">
          {page.codes.map((code) => (
            <li key={code.code} className="staff-code" data-code={code.code}>
              <h3 className="staff-areas__title staff-code__name">
                {/* A plain link: Remix would ask the server for the route of every link on screen at once. */}
                <a href={`/staff/codes/${encodeURIComponent(code.code)}`} aria-label={`${code.code}: redemptions`}>
                  {code.code}
                </a>{" "}
                · {code.active ? "Active" : "Paused"}
              </h3>
              {code.description ? <p className="staff-code__note">{code.description}</p> : null}
              <p>
                {code.benefit}. {code.plans}. {code.window}. {code.rules}. Used {code.redemptions}{" "}
                {code.redemptions === 1 ? "time" : "times"}.
              </p>
              <Form method="post" className="button-row">
                <input type="hidden" name="code" value={code.code} />
                <button
                  type="submit"
                  name="intent"
                  value={code.active ? "pause" : "resume"}
                  className="button button--secondary button--small"
                  disabled={busy}
                  aria-label={`${code.active ? "Pause" : "Resume"} ${code.code}`}
                >
                  {code.active ? "Pause" : "Resume"}
                </button>
                {/* A used code stays on record with its redemptions: only an unused one can go. */}
                {code.redemptions === 0 ? (
                  <button
                    type="submit"
                    name="intent"
                    value="delete"
                    className="button button--danger button--small"
                    disabled={busy}
                    aria-label={`Delete ${code.code}`}
                  >
                    Delete
                  </button>
                ) : null}
              </Form>
            </li>
          ))}
        </ul>
      </StaffPage>
    </ConfirmChange>
  );
}
