import { useEffect, useState } from "react";
import { copyToClipboard } from "~/browser/clipboard.client";

/**
 * A value to pass on (a gift link, a referral link): a read-only field anyone can select and copy,
 * and, once JavaScript runs, a Copy button that says whether it worked.
 */
export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const [hydrated, setHydrated] = useState(false);
  const [status, setStatus] = useState("");
  useEffect(() => setHydrated(true), []);
  return (
    <div className="field copy-field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-field__row">
        <input id={id} type="text" readOnly value={value} onFocus={(event) => event.currentTarget.select()} />
        {hydrated ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() =>
              void copyToClipboard(value, {
                onSuccess: () => setStatus("Copied."),
                onError: () => setStatus("Couldn't copy: select the text and copy it yourself."),
              })
            }
          >
            Copy
          </button>
        ) : null}
      </div>
      <p className="field__hint" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
