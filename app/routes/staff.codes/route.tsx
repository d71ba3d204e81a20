import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { StaffCodeForm } from "./staff-code-form";
import { StaffPage } from "~/components/staff/staff-page";
import { describeBenefit } from "~/models/billing/promotion-code";
import { DESCRIPTION_MAX, EMPTY_PROMOTION_FORM, type PromotionFormValues } from "~/models/staff/promotion-form";
import { listPromotionCodes, promotionFormContext, type AdminPromotionCode } from "~/models/staff/promotions.server";
import { confirmationOf } from "~/lib/forms/confirm";
import { ConfirmChange } from "~/components/staff/confirm-change";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";
import { clockDate } from "~/models/identity/clock";
import { readSubmission } from "~/server/submission.server";
import { CodeIntentSchema, codeIntent } from "./page.server";
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
  const state = await requireStaff(request, "codes");
  const submission = await readSubmission(request, CodeIntentSchema);
  if (!submission.ok) return submission.reply;
  return codeIntent(submission.value.intent)(state, submission);
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

/** A refused new code: its values carry the form's `intent`. */
const isCreate = (values: object): values is PromotionFormValues => "intent" in values && values.intent === "create";

export default function StaffCodesRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const refused: object = result?.values ?? {};
  const created = isCreate(refused) ? refused : null;
  const confirmation = confirmationOf(result);
  return (
    <ConfirmChange confirmation={confirmation}>
      <StaffPage
        id="codes-title"
        title="Promotion codes"
        intro="Codes members type on the subscribe page. A new or paused code counts there at once; every change is recorded in the audit log."
        notice={page.notice}
      >
        {result?.errors.form ? (
          <p className="notice notice--error" role="alert">
            {result.errors.form}
          </p>
        ) : null}
        <StaffCodeForm
          values={created ?? EMPTY_PROMOTION_FORM}
          errors={created ? (result?.errors ?? {}) : {}}
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
