import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { authErrorMessage } from "~/models/identity/auth-errors";
import { phoneMessage, toE164 } from "~/models/identity/phone";
import { PhoneField } from "./phone-field";
import { discardBody } from "~/lib/discard-body";

const RESEND_COOLDOWN_SECONDS = 30;

/**
 * Phone sign-in with a code. It needs JavaScript (an invisible reCAPTCHA guards the SMS), so without
 * it the page says so and offers the e-mail link instead.
 */
export function PhoneSignIn({ next, purpose = "sign-in" }: { next: string; purpose?: "sign-in" | "change" }) {
  const hydrated = useHydrated();
  const [step, setStep] = useState<"number" | "code">("number");
  const [typed, setTyped] = useState({ country: "US", phone: "" });
  const [e164, setE164] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<{ field: "phone" | "code"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [cooldown, setCooldown] = useState(0);
  const codeRef = useRef<HTMLInputElement>(null);
  const buttonId = `phone-send-${useId().replace(/:/g, "")}`;

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  useEffect(() => {
    if (step === "code") codeRef.current?.focus();
  }, [step]);

  // The button pressed is disabled while the request is out, so focus must be brought back to the
  // field the message is about (it is tied to it by aria-describedby).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (error) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error]);

  if (!hydrated) {
    return (
      <p className="notice" data-testid="phone-needs-js">
        {purpose === "change"
          ? "Changing your number needs JavaScript for a quick check that you're not a robot. Everything else on this page works without it."
          : "Phone sign-in needs JavaScript for a quick check that you're not a robot. You can use an e-mail link instead: it works without JavaScript."}
      </p>
    );
  }

  async function send(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    // The field posts plain country and number inputs; read them as the server would.
    const fields = event ? new FormData(event.currentTarget) : null;
    const current = fields ? { country: String(fields.get("country") ?? "US"), phone: String(fields.get("phone") ?? "") } : typed;
    setTyped(current);
    const parsed = !fields && e164 ? { ok: true as const, e164 } : toE164(current.country, current.phone);
    if (!parsed.ok) {
      setError({ field: "phone", text: phoneMessage(parsed.reason) });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const client = await import("~/browser/auth.client");
      if (purpose === "change") await client.sendPhoneChangeCode(parsed.e164, buttonId);
      else await client.sendPhoneCode(parsed.e164, buttonId);
      setE164(parsed.e164);
      setStep("code");
      setCooldown(RESEND_COOLDOWN_SECONDS);
    } catch (caught) {
      setError({ field: "phone", text: authErrorMessage(codeOf(caught)) });
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    const digits = code.replace(/\D/g, "");
    if (digits.length !== 6) {
      setError({ field: "code", text: "Please enter the 6-digit code from the text message." });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const client = await import("~/browser/auth.client");
      if (purpose === "change") {
        await client.confirmPhoneChange(digits);
        // The server copies the number from the account, then shows settings again (a full load).
        const body = new URLSearchParams({ intent: "phone" });
        await discardBody(await fetch("/settings", { method: "POST", body, credentials: "same-origin" }));
        window.location.assign("/settings?saved=phone#phone");
        return;
      }
      await client.confirmPhoneCode(digits);
      // A full load, so every part of the page is rendered for the member by the server.
      window.location.assign(`/onboarding?next=${encodeURIComponent(next)}`);
    } catch (caught) {
      setError({ field: "code", text: authErrorMessage(codeOf(caught)) });
      setBusy(false);
    }
  }

  if (step === "code") {
    return (
      <form ref={formRef} onSubmit={confirm} noValidate className="phone-sign-in">
        <p role="status">We texted a 6-digit code to {e164}. It can take a minute to arrive.</p>
        <div className="field">
          <label htmlFor="phone-code">Code</label>
          <input
            ref={codeRef}
            id="phone-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, "").slice(0, 6))}
            aria-invalid={error?.field === "code" ? true : undefined}
            aria-describedby={error?.field === "code" ? "phone-code-error" : undefined}
          />
          {error?.field === "code" ? (
            <p className="field__error" id="phone-code-error" role="alert">
              {error.text}
            </p>
          ) : null}
        </div>
        <div className="button-row">
          <button className="button" type="submit" disabled={busy}>
            {busy ? "Checking…" : purpose === "change" ? "Change my number" : "Sign in"}
          </button>
          <button id={buttonId} className="button button--quiet" type="button" disabled={busy || cooldown > 0} onClick={() => void send()}>
            {cooldown > 0 ? `Send a new code in ${cooldown} s` : "Send a new code"}
          </button>
        </div>
        <button
          className="link-button"
          type="button"
          onClick={() => {
            setStep("number");
            setCode("");
            setError(null);
          }}
        >
          Use a different number
        </button>
      </form>
    );
  }

  return (
    <form ref={formRef} onSubmit={send} noValidate className="phone-sign-in">
      <PhoneField
        defaultCountry={typed.country}
        defaultValue={typed.phone}
        error={error?.field === "phone" ? error.text : undefined}
        disabled={busy}
      />
      <button id={buttonId} className="button" type="submit" disabled={busy}>
        {busy ? "Sending…" : purpose === "change" ? "Text a code to the new number" : "Text me a code"}
      </button>
    </form>
  );
}

function codeOf(error: unknown): string {
  return typeof (error as { code?: unknown })?.code === "string" ? (error as { code: string }).code : "auth/internal-error";
}
