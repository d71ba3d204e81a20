import { useEffect, useMemo, useRef, type ChangeEvent } from "react";
import { FieldError, FieldHint, fieldIds } from "~/components/form-field";
import {
  DEFAULT_PHONE_COUNTRY,
  PHONE_INPUT_MAX_LENGTH,
  followPhoneEdit,
  formatPhoneAsTyped,
  getPhoneCountries,
  isPhoneCountry,
  toE164,
} from "~/models/identity/phone";

interface PhoneFieldProps {
  label?: string;
  hint?: string;
  /** ISO code; an unknown one falls back to the default country. */
  defaultCountry?: string;
  defaultValue?: string;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  /** The number in E.164 while it is valid, null while it is not. */
  onChange?: (e164: string | null) => void;
}

/**
 * A country select and a phone number, posted as "country" and "phone". Without JavaScript it is a
 * plain input and the action reads it with toE164; with JavaScript the number is formatted as it is
 * typed, in the chosen country's format.
 */
export function PhoneField({
  label = "Phone number",
  hint,
  defaultCountry = DEFAULT_PHONE_COUNTRY,
  defaultValue = "",
  error,
  disabled,
  required,
  onChange,
}: PhoneFieldProps) {
  const phone = fieldIds("phone", hint, error);
  const countryId = fieldIds("country").id;
  const countryRef = useRef<HTMLSelectElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // What the input showed after the last formatting: a backspace that only removed a separator is
  // recognised by formatting coming back to exactly this.
  const shown = useRef(defaultValue);

  useEffect(() => {
    // Whatever was typed before hydration is the starting point, not the server's default.
    if (inputRef.current) shown.current = inputRef.current.value;
  }, []);

  const chosen = isPhoneCountry(defaultCountry) ? defaultCountry : DEFAULT_PHONE_COUNTRY;
  const options = useMemo(() => countryOptionsHtml(chosen), [chosen]);

  const country = () => countryRef.current?.value ?? DEFAULT_PHONE_COUNTRY;

  function report(value: string) {
    if (!onChange) return;
    const result = toE164(country(), value);
    onChange(result.ok ? result.e164 : null);
  }

  function handleNumber(event: ChangeEvent<HTMLInputElement>) {
    const native = event.nativeEvent as Partial<InputEvent>;
    // Reformatting mid-composition would fight the keyboard's own candidate text; compositionend catches up.
    if (native.isComposing) return;
    const inputType = native.inputType ?? "";
    format(event.currentTarget, inputType.startsWith("delete") ? (inputType.endsWith("Forward") ? "forward" : "backward") : undefined);
  }

  function format(input: HTMLInputElement, deletion?: "backward" | "forward") {
    const next = followPhoneEdit(
      country(),
      shown.current,
      { value: input.value, caret: input.selectionStart ?? input.value.length },
      deletion,
    );
    if (input.value !== next.value) input.value = next.value;
    if (input.ownerDocument.activeElement === input) input.setSelectionRange(next.caret, next.caret);
    shown.current = next.value;
    report(next.value);
  }

  function handleCountry() {
    const input = inputRef.current;
    if (!input) return;
    const value = formatPhoneAsTyped(country(), input.value);
    input.value = value;
    shown.current = value;
    report(value);
  }

  return (
    <div className="field phone-field" role="group" aria-labelledby={`${phone.id}-label`}>
      <label id={`${phone.id}-label`} htmlFor={phone.id}>
        {label}
      </label>
      <FieldHint id={phone.hintId} hint={hint} />
      <label className="visually-hidden" htmlFor={countryId}>
        Country
      </label>
      <div className="phone-field__pair">
        {/*
          Country names come from the runtime's Intl data, which differs between Node and browsers
          (Chromium says "Palestine" where Node says "Palestinian Territories", and sorts it elsewhere).
          Options rendered by React would mismatch on hydration and could pair one country's name with
          another's value. As inner HTML the server's list stays whole, and React never diffs it.
        */}
        <select
          ref={countryRef}
          id={countryId}
          name="country"
          autoComplete="country"
          disabled={disabled}
          aria-describedby={phone.errorId}
          onChange={handleCountry}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: options }}
        />
        <input
          ref={inputRef}
          id={phone.id}
          name="phone"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          maxLength={PHONE_INPUT_MAX_LENGTH}
          defaultValue={defaultValue}
          disabled={disabled}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={phone.describedBy}
          onChange={handleNumber}
          onCompositionEnd={(event) => format(event.currentTarget)}
        />
      </div>
      <FieldError id={phone.errorId} error={error} />
    </div>
  );
}

function countryOptionsHtml(selected: string): string {
  return getPhoneCountries()
    .map(
      (option) =>
        `<option value="${escapeHtml(option.code)}"${option.code === selected ? " selected" : ""}>${escapeHtml(option.label)}</option>`,
    )
    .join("");
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
