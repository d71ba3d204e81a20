import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormField } from "./form-field";
import { PhoneField } from "./phone-field";

// The markup a browser without JavaScript gets; typing behaviour is tested in app/models/identity/phone.test.ts.
describe("PhoneField markup", () => {
  const html = renderToStaticMarkup(
    <PhoneField
      defaultCountry="GB"
      defaultValue="020 7946 0958"
      hint="We'll text you a code."
      error="That number looks a digit or two short. Please check it."
    />,
  );

  it("posts a country and a phone number that work without JavaScript", () => {
    expect(html).toMatch(/<select[^>]*id="field-country"[^>]*name="country"/);
    expect(html).toMatch(/<input[^>]*name="phone"[^>]*type="tel"[^>]*autoComplete="tel-national"[^>]*inputMode="tel"/);
    expect(html).toMatch(/<input[^>]*value="020 7946 0958"/);
  });

  it("shows every country with its calling code, the chosen one selected", () => {
    expect(html).toContain('<option value="GB" selected>United Kingdom (+44)</option>');
    expect(html).toContain('<option value="US">United States (+1)</option>');
    expect(html.match(/<option /g)?.length).toBeGreaterThan(200);
    expect(html).toContain('<option value="AG">Antigua &#38; Barbuda (+1)</option>');
  });

  it("labels both controls and the group", () => {
    expect(html).toMatch(/role="group" aria-labelledby="field-phone-label"/);
    expect(html).toContain('<label id="field-phone-label" for="field-phone">Phone number</label>');
    expect(html).toContain('<label class="visually-hidden" for="field-country">Country</label>');
  });

  it("ties the hint and the error to the number, and the error to the country too", () => {
    expect(html).toContain('<p class="field__hint" id="field-phone-hint">We&#x27;ll text you a code.</p>');
    expect(html).toContain('<p class="field__error" id="field-phone-error" role="alert">');
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="field-phone-hint field-phone-error"/);
    expect(html).toMatch(/<select[^>]*aria-describedby="field-phone-error"/);
  });

  it("defaults to the United States, also when given a country it does not know", () => {
    for (const markup of [renderToStaticMarkup(<PhoneField />), renderToStaticMarkup(<PhoneField defaultCountry="ZZ" />)]) {
      expect(markup).toContain('<option value="US" selected>');
      expect(markup.match(/ selected/g)).toHaveLength(1);
    }
  });

  it("says nothing extra when there is no hint or error", () => {
    const plain = renderToStaticMarkup(<PhoneField label="Mobile number" />);
    expect(plain).toContain(">Mobile number</label>");
    expect(plain).not.toContain("aria-describedby");
    expect(plain).not.toContain("aria-invalid");
    expect(plain).not.toContain('role="alert"');
  });

  it("disables both controls together", () => {
    const disabled = renderToStaticMarkup(<PhoneField disabled required />);
    expect(disabled).toMatch(/<select[^>]*disabled=""/);
    expect(disabled).toMatch(/<input[^>]*disabled=""[^>]*required=""/);
  });
});

describe("FormField markup after sharing its pieces", () => {
  it("is unchanged", () => {
    expect(
      renderToStaticMarkup(
        <FormField name="email" label="Email address" hint="We never share it." error="Please enter your email address." />,
      ),
    ).toBe(
      '<div class="field"><label for="field-email">Email address</label><p class="field__hint" id="field-email-hint">We never share it.</p>' +
        '<input id="field-email" name="email" aria-invalid="true" aria-describedby="field-email-hint field-email-error"/>' +
        '<p class="field__error" id="field-email-error" role="alert">Please enter your email address.</p></div>',
    );
    expect(renderToStaticMarkup(<FormField name="firstName" label="First name" />)).toBe(
      '<div class="field"><label for="field-firstName">First name</label><input id="field-firstName" name="firstName"/></div>',
    );
  });
});
