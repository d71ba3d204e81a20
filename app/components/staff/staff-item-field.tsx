/**
 * One labelled field of a form that appears once per item on a staff page (a gift, a class pack):
 * the ids carry the item's key so several forms on one page never share one, and the error sits
 * beside its field, tied to it for screen readers.
 */
export function StaffItemField({
  idBase,
  name,
  label,
  defaultValue,
  error,
  hint,
  inputMode,
  width,
}: {
  idBase: string;
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  hint?: string;
  inputMode?: "numeric" | "decimal" | "text";
  width?: number;
}) {
  const id = `${idBase}-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type="text"
        inputMode={inputMode}
        size={width}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoFocus={Boolean(error) || undefined}
      />
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The on-sale (or on) switch of an item's form: a checkbox that posts "on" when ticked. */
export function StaffItemCheck({
  idBase,
  name,
  label,
  defaultChecked,
}: {
  idBase: string;
  name: string;
  label: string;
  defaultChecked: boolean;
}) {
  return (
    <div className="staff-checks">
      <label htmlFor={`${idBase}-${name}`}>
        <input id={`${idBase}-${name}`} type="checkbox" name={name} value="on" defaultChecked={defaultChecked} />
        {label}
      </label>
    </div>
  );
}
