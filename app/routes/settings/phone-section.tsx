import { Suspense, lazy } from "react";
import { SavedNote } from "./section-state";

/**
 * The change-of-number form carries libphonenumber's metadata (about 36 KB gzip), and it sits far down
 * the page: it is its own chunk. The server renders it in place (the document waits for everything),
 * so without JavaScript it is a plain form; in the browser that part of the page hydrates once its
 * chunk arrives, after the rest is already interactive.
 */
const PhoneSignIn = lazy(() => import("~/components/phone-sign-in").then((module) => ({ default: module.PhoneSignIn })));

/** Settings' phone number: as a person reads it, and the form that texts a code to a new one. */
export function PhoneSection({ phoneNumber, saved }: { phoneNumber: string | null; saved: string | null }) {
  return (
    <section className="auth-card" id="phone" aria-labelledby="phone-title">
      <h2 id="phone-title">Phone number</h2>
      <SavedNote text={saved} />
      <p>{phoneNumber ? <>Your number is {phoneNumber}.</> : "No phone number yet."} To change it, we text a code to the new number.</p>
      <Suspense fallback={<p className="field__hint">Loading the form…</p>}>
        <PhoneSignIn next="/settings" purpose="change" />
      </Suspense>
    </section>
  );
}
