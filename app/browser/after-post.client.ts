/**
 * What the page does once a form it sent with JavaScript has come back (loaded by the shell when a
 * form is sent, so pages that never post never load it). Three cases, in this order:
 *
 * 1. The store was away (the server set a short-lived flag cookie): Remix is showing its error page,
 *    and the person's input would be lost. The same fields are sent again as a plain post, which the
 *    server answers with the page that keeps them and offers "Try again" (ADR 041), or, if the store
 *    is already back, with the ordinary result. Nothing was saved the first time, so nothing is twice.
 * 2. The post was refused: the cursor goes to the first field marked invalid, whose message is tied
 *    to it, so a keyboard or screen-reader user lands on what to fix.
 * 3. It worked and the button that was pressed is gone (booked becomes cancel, and so on): focus would
 *    fall back to the page's top, so it goes to the page's notice (what just happened) or its heading.
 */

export interface SentForm {
  action: string;
  fields: [string, FormDataEntryValue][];
}

const FLAG = "stillhour_store_away";

export function afterPost(sent: SentForm | null) {
  if (sent && storeWasAway()) {
    sendAgainWithoutScript(sent);
    return;
  }
  const invalid = document.querySelector<HTMLElement>('main [aria-invalid="true"]');
  if (invalid) {
    invalid.focus();
    return;
  }
  // Only on the page the form was sent from: a post that led to another page leaves focus where the
  // browser puts it (moving it later would pull a keyboard user back while they already move on).
  if (new URL(sent?.action ?? "", location.href).pathname !== location.pathname) return;
  if (document.activeElement && document.activeElement !== document.body) return;
  const landing =
    document.querySelector<HTMLElement>('main .notice[role="status"], main .notice[role="alert"]') ??
    document.querySelector<HTMLElement>("main h1");
  if (!landing) return;
  if (!landing.hasAttribute("tabindex")) landing.setAttribute("tabindex", "-1");
  landing.focus();
}

function storeWasAway(): boolean {
  if (!document.cookie.split("; ").some((pair) => pair === `${FLAG}=1`)) return false;
  document.cookie = `${FLAG}=; Path=/; Max-Age=0; SameSite=Lax`;
  return true;
}

/** A plain form with the same fields, sent by the browser itself (no submit event, so Remix stays out). */
function sendAgainWithoutScript(sent: SentForm) {
  // A file cannot be put back into a form by a script; such a form is left to the error page.
  if (sent.fields.some(([, value]) => typeof value !== "string")) return;
  const form = document.createElement("form");
  form.method = "post";
  form.action = sent.action;
  form.hidden = true;
  for (const [name, value] of sent.fields) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value as string;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
