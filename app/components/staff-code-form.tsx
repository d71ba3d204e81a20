import { Form } from "@remix-run/react";
import { FieldError, FieldHint, FormField, fieldIds } from "~/components/form-field";

type TextField = "code" | "description" | "kind" | "percentOff" | "amountOff" | "duration" | "months" | "newMembersOnly" | "startsOn" | "endsOn" | "maxRedemptions" | "perMember" | "stripeCouponId";
/** The form's values as typed (the staff feature's PromotionFormValues has this shape). */
export type CodeFormValues = Record<TextField, string> & { plans: string[] };
type PromotionField = TextField | "plans";

/**
 * The admin's "new promotion code" form (issue 26). Plain post, every field labelled, its message
 * beside it, the typed values kept after a refusal. Without JavaScript every field shows; the
 * percentage or the amount is read according to the choice above them.
 */
export function StaffCodeForm({
  values,
  errors,
  plans,
  currency,
  needsStripeCoupon,
  busy,
  descriptionMax,
}: {
  descriptionMax: number;
  values: CodeFormValues;
  errors: Partial<Record<PromotionField, string>>;
  plans: Array<{ id: string; name: string }>;
  currency: string;
  needsStripeCoupon: boolean;
  busy: boolean;
}) {
  const radios = (name: "kind" | "duration" | "perMember", legend: string, options: Array<[string, string]>) => {
    const { errorId } = fieldIds(name, undefined, errors[name]);
    return (
      <fieldset className="staff-fieldset" aria-describedby={errorId}>
        <legend>{legend}</legend>
        <div className="staff-checks">
          {options.map(([value, label]) => (
            <label key={value}>
              <input type="radio" name={name} value={value} defaultChecked={values[name] === value} />
              {label}
            </label>
          ))}
        </div>
        <FieldError id={errorId} error={errors[name]} />
      </fieldset>
    );
  };
  const description = fieldIds("description", `Shown only on this page, up to ${descriptionMax} characters.`, errors.description);
  const plansIds = fieldIds("plans", "None ticked: every plan.", errors.plans);
  return (
    <Form method="post" aria-labelledby="new-code-title" noValidate>
      <input type="hidden" name="intent" value="create" />
      <h2 id="new-code-title">New code</h2>
      <FormField name="code" label="Code" hint="What members type: letters, numbers and hyphens." defaultValue={values.code} error={errors.code} focusOnError autoComplete="off" maxLength={64} />
      <div className="field">
        <label htmlFor={description.id}>Note for staff</label>
        <FieldHint id={description.hintId} hint={`Shown only on this page, up to ${descriptionMax} characters.`} />
        <textarea id={description.id} name="description" rows={2} defaultValue={values.description} aria-invalid={errors.description ? true : undefined} aria-describedby={description.describedBy} />
        <FieldError id={description.errorId} error={errors.description} />
      </div>
      {radios("kind", "Discount", [
        ["percent", "A percentage off"],
        ["amount", `An amount off (${currency.toUpperCase()})`],
      ])}
      <FormField name="percentOff" label="Percentage off" hint="For a percentage: 1 to 100." inputMode="numeric" defaultValue={values.percentOff} error={errors.percentOff} />
      <FormField name="amountOff" label={`Amount off (${currency.toUpperCase()})`} hint="For an amount: such as 10 or 9.99." inputMode="decimal" defaultValue={values.amountOff} error={errors.amountOff} />
      {radios("duration", "For how long", [
        ["once", "The first payment"],
        ["repeating", "A number of months"],
        ["forever", "Every payment"],
      ])}
      <FormField name="months" label="Months" hint="For a number of months: 1 to 36." inputMode="numeric" defaultValue={values.months} error={errors.months} />
      <fieldset className="staff-fieldset" aria-describedby={plansIds.describedBy}>
        <legend>Plans</legend>
        <FieldHint id={plansIds.hintId} hint="None ticked: every plan." />
        <div className="staff-checks">
          {plans.map((plan) => (
            <label key={plan.id}>
              <input type="checkbox" name="plans" value={plan.id} defaultChecked={values.plans.includes(plan.id)} />
              {plan.name}
            </label>
          ))}
        </div>
        <FieldError id={plansIds.errorId} error={errors.plans} />
      </fieldset>
      <div className="field field--check">
        <input id="field-newMembersOnly" type="checkbox" name="newMembersOnly" value="on" defaultChecked={values.newMembersOnly === "on"} />
        <label htmlFor="field-newMembersOnly">First-time members only</label>
      </div>
      <FormField name="startsOn" label="First day (UTC)" hint="Empty: from now." type="date" defaultValue={values.startsOn} error={errors.startsOn} />
      <FormField name="endsOn" label="Last day (UTC)" hint="Empty: no end. The last day is included." type="date" defaultValue={values.endsOn} error={errors.endsOn} />
      <FormField name="maxRedemptions" label="Uses in total" hint="Empty: no limit." inputMode="numeric" defaultValue={values.maxRedemptions} error={errors.maxRedemptions} />
      {radios("perMember", "Uses per member", [
        ["once", "Once per member"],
        ["unlimited", "No limit per member"],
      ])}
      {needsStripeCoupon || values.stripeCouponId ? (
        <FormField name="stripeCouponId" label="Stripe coupon id" hint="The coupon in the Stripe dashboard that this code stands for." defaultValue={values.stripeCouponId} error={errors.stripeCouponId} />
      ) : null}
      <button type="submit" className="button" disabled={busy}>
        Create the code
      </button>
    </Form>
  );
}
