import { Form } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { FieldErrors } from "~/lib/forms/submission";
import { CameraScan } from "./camera-scan";

/** What the desk said last: `codeRefused` marks a typed or scanned code turned down, kept as typed. */
export type DeskMessage = { tone: "success" | "error"; message: string; codeRefused: boolean; code: string };

type DeskAnswer = { done?: string; errors: FieldErrors; values: { code?: string } };

/** The action's answer as the page shows it: what was done, or the refusal (a code's under `code`). */
export function deskMessage(answer: DeskAnswer | undefined): DeskMessage | null {
  if (!answer) return null;
  if (answer.done) return { tone: "success", message: answer.done, codeRefused: false, code: "" };
  const codeRefused = answer.errors.code !== undefined;
  const message = answer.errors.code ?? answer.errors.form ?? Object.values(answer.errors).find(Boolean) ?? "";
  return { tone: "error", message, codeRefused, code: codeRefused ? (answer.values.code ?? "") : "" };
}

/** Check in by a ticket's code, typed or scanned with the camera. */
export function CodeCheckIn({ studioSlug, result, busy }: { studioSlug: string; result: DeskMessage | null; busy: boolean }) {
  const codeForm = useRef<HTMLFormElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const methodInput = useRef<HTMLInputElement>(null);
  // A code that went through is cleared at once, so the next person's code starts in an empty box;
  // a refused one stays as typed, to be put right (without JavaScript the page comes back the same way).
  useEffect(() => {
    if (result && !result.codeRefused && codeInput.current) codeInput.current.value = "";
  }, [result]);
  const onScanned = (value: string) => {
    if (!codeInput.current || !methodInput.current) return;
    codeInput.current.value = value;
    methodInput.current.value = "scan";
    codeForm.current?.requestSubmit();
  };
  return (
    <section className="auth-card stack" aria-labelledby="code-title">
      <h2 id="code-title">Check in by code</h2>
      <Form method="post" ref={codeForm} className="stack">
        <input type="hidden" name="intent" value="check-in-code" />
        <input type="hidden" name="studio" value={studioSlug} />
        <input type="hidden" name="method" value="code" ref={methodInput} />
        <div className="field">
          <label htmlFor="desk-code">Ticket code</label>
          <input
            id="desk-code"
            name="code"
            ref={codeInput}
            defaultValue={result?.codeRefused ? result.code : ""}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            inputMode="text"
            aria-invalid={result?.codeRefused ? true : undefined}
            aria-describedby={result?.codeRefused ? "desk-result" : undefined}
            autoFocus={result?.codeRefused}
          />
        </div>
        <button className="button desk-button" type="submit" disabled={busy}>
          Check in
        </button>
      </Form>
      <CameraScan onCode={onScanned} />
    </section>
  );
}
