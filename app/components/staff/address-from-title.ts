import type { FormEvent } from "react";
import { addressFromTitle } from "~/lib/slug";

/**
 * The form's change handler that fills the address field from the title while the person has not
 * typed an address of their own (issue 34). Emptying the address hands it back to the title. Without
 * JavaScript the server makes the same address from the title when the field is left empty.
 */
export function fillAddressFromTitle(addressName: string, max = 120) {
  return (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const target = event.target as HTMLInputElement;
    const address = form.elements.namedItem(addressName);
    if (!(address instanceof HTMLInputElement) || address.readOnly) return;
    if (target === address) {
      address.dataset.typed = address.value.trim() ? "yes" : "";
      return;
    }
    if (target.name !== "title") return;
    // An address that was already there when the page opened (an article being edited) stays unless emptied.
    if (address.dataset.typed === "yes" || (address.dataset.typed === undefined && address.defaultValue.trim())) return;
    address.value = addressFromTitle(target.value, max);
  };
}
