import { Form } from "@remix-run/react";
import { FieldError, FieldHint, FormField, fieldIds } from "~/components/form-field";
import { StaffChoiceGroup } from "~/components/staff/staff-page";
import { zoneWords } from "~/models/identity/clock";

type TextField =
  | "code"
  | "description"
  | "kind"
  | "percentOff"
  | "amountOff"
  | "duration"
  | "months"
  | "newMembersOnly"
  | "startsOn"
  | "endsOn"
  | "maxRedemptions"
  | "perMember"
  | "stripeCouponId";
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
  zone,
}: {
  descriptionMax: number;
  /** The admin's own zone: the days are on its calendar, and named beside the fields (issue 34). */
  zone: string;
  values: CodeFormValues;
  errors: Partial<Record<PromotionField, string>>;
  plans: Array<{ id: string; name: string }>;
  currency: string;
  needsStripeCoupon: boolean;
  busy: boolean;
}) {
  const radios = (name: "kind" | "duration" | "perMember", legend: string, options: Array<[string, string]>) => (
    <StaffChoiceGroup
      type="radio"
      name={name}
      legend={legend}
      options={options.map(([value, label]) => ({ value, label }))}
      checked={[values[name]]}
      error={errors[name]}
      idBase={`field-${name}`}
    />
  );
  const description = fieldIds("description", `Shown only on this page, up to ${descriptionMax} characters.`, errors.description);
  return (
    <Form method="post" aria-labelledby="new-code-title" noValidate>
      <input type="hidden" name="intent" value="create" />
      <h2 id="new-code-title">New code</h2>
      <FormField
        name="code"
        label="Code"
        hint="What members type: letters, numbers and hyphens."
        defaultValue={values.code}
        error={errors.code}
        focusOnError
        autoComplete="off"
        maxLength={64}
      />
      <div className="field">
        <label htmlFor={description.id}>Note for staff</label>
        <FieldHint id={description.hintId} hint={`Shown only on this page, up to ${descriptionMax} characters.`} />
        <textarea
          id={description.id}
          name="description"
          rows={2}
          defaultValue={values.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={description.describedBy}
        />
        <FieldError id={description.errorId} error={errors.description} />
      </div>
      {radios("kind", "Discount", [
        ["percent", "A percentage off"],
        ["amount", `An amount off (${currency.toUpperCase()})`],
      ])}
      <FormField
        name="percentOff"
        label="Percentage off"
        hint="For a percentage: 1 to 100."
        inputMode="numeric"
        defaultValue={values.percentOff}
        error={errors.percentOff}
      />
      <FormField
        name="amountOff"
        label={`Amount off (${currency.toUpperCase()})`}
        hint="For an amount: such as 10 or 9.99."
        inputMode="decimal"
        defaultValue={values.amountOff}
        error={errors.amountOff}
      />
      {radios("duration", "For how long", [
        ["once", "The first payment"],
        ["repeating", "A number of months"],
        ["forever", "Every payment"],
      ])}
      <FormField
        name="months"
        label="Months"
        hint="For a number of months: 1 to 36."
        inputMode="numeric"
        defaultValue={values.months}
        error={errors.months}
      />
      <StaffChoiceGroup
        type="checkbox"
        name="plans"
        legend="Plans"
        hint="None ticked: every plan."
        options={plans.map((plan) => ({ value: plan.id, label: plan.name }))}
        checked={values.plans}
        error={errors.plans}
        idBase="field-plans"
      />
      <div className="field field--check">
        <input id="field-newMembersOnly" type="checkbox" name="newMembersOnly" value="on" defaultChecked={values.newMembersOnly === "on"} />
        <label htmlFor="field-newMembersOnly">First-time members only</label>
      </div>
      <FormField
        name="startsOn"
        label={`First day (${zoneWords(zone)})`}
        hint="Empty: from now."
        type="date"
        defaultValue={values.startsOn}
        error={errors.startsOn}
      />
      <FormField
        name="endsOn"
        label={`Last day (${zoneWords(zone)})`}
        hint="Empty: no end. The last day is included."
        type="date"
        defaultValue={values.endsOn}
        error={errors.endsOn}
      />
      <FormField
        name="maxRedemptions"
        label="Uses in total"
        hint="Empty: no limit."
        inputMode="numeric"
        defaultValue={values.maxRedemptions}
        error={errors.maxRedemptions}
      />
      {radios("perMember", "Uses per member", [
        ["once", "Once per member"],
        ["unlimited", "No limit per member"],
      ])}
      {needsStripeCoupon || values.stripeCouponId ? (
        <FormField
          name="stripeCouponId"
          label="Stripe coupon id"
          hint="The coupon in the Stripe dashboard that this code stands for."
          defaultValue={values.stripeCouponId}
          error={errors.stripeCouponId}
        />
      ) : null}
      <button type="submit" className="button" disabled={busy}>
        Create the code
      </button>
    </Form>
  );
}
