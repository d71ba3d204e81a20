import type { InputHTMLAttributes } from "react";

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  /** Autofocus the field when it has an error, so a post without JavaScript lands on what to fix. */
  focusOnError?: boolean;
}

/** The ids that tie a control to its hint and error, so every field is announced the same way. */
export function fieldIds(name: string, hint?: string, error?: string) {
  const id = `field-${name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { id, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(" ") || undefined };
}

/** A field's hint, shown before its control. */
export function FieldHint({ id, hint }: { id?: string; hint?: string }) {
  return id && hint ? (
    <p className="field__hint" id={id}>
      {hint}
    </p>
  ) : null;
}

/** A field's error, announced as it appears. */
export function FieldError({ id, error }: { id?: string; error?: string }) {
  return id && error ? (
    <p className="field__error" id={id} role="alert">
      {error}
    </p>
  ) : null;
}

/**
 * A labelled input with its hint and its error message beside it, tied together for screen readers.
 * With `focusOnError`, a field with an error is autofocused: after a post without JavaScript the
 * browser puts the cursor in the first one (with JavaScript, AppBehaviours does it after the post).
 */
export function FormField({ name, label, hint, error, autoFocus, focusOnError, ...input }: FormFieldProps) {
  const { id, hintId, errorId, describedBy } = fieldIds(name, hint, error);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <FieldHint id={hintId} hint={hint} />
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoFocus={autoFocus || (focusOnError && Boolean(error)) || undefined}
        {...input}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** The honeypot: hidden from people and from assistive technology, tempting to bots. */
export function HoneypotField({ name }: { name: string }) {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label htmlFor={`hp-${name}`}>Leave this field empty</label>
      <input id={`hp-${name}`} name={name} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
