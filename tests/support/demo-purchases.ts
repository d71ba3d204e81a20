import type { APIRequestContext } from "@playwright/test";

/**
 * Purchases made with plain form posts through the demo checkout, for browser tests that need a
 * finished payment (a welcome page, a gift receipt, a membership to cancel) without spending browser
 * time on the forms, which other journeys already drive. `request` is a signed-in page's or context's
 * request (it shares the cookies), and the person has finished onboarding.
 */

/** The value of a named input in a page's HTML (the first when several share the name). */
function inputValue(html: string, name: string): string {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";
  const value = /value="([^"]*)"/.exec(tag)?.[1];
  if (value === undefined) throw new Error(`no ${name} field in the page`);
  return value;
}

/** Posts a form and answers where it sends the browser next (redirects are not followed). */
async function postForLocation(request: APIRequestContext, baseURL: string, path: string, form: Record<string, string>): Promise<string> {
  const answer = await request.post(path, { form, headers: { Origin: baseURL }, maxRedirects: 0 });
  const location = answer.headers()["location"];
  if (answer.status() < 300 || answer.status() >= 400 || !location) throw new Error(`${path} answered ${answer.status()}, not a redirect`);
  return new URL(location, baseURL).pathname + new URL(location, baseURL).search;
}

/** Pays an open demo checkout page with the card that pays; the address the provider sends back to. */
export function payDemoCheckout(
  request: APIRequestContext,
  baseURL: string,
  checkoutPath: string,
  cardName = "Demo Payer",
): Promise<string> {
  return postForLocation(request, baseURL, checkoutPath, {
    intent: "pay",
    cardNumber: "4242 4242 4242 4242",
    expiry: "12/34",
    cvc: "123",
    cardName,
  });
}

/** Opens the demo checkout for a monthly membership, unpaid; the checkout page's path. */
export async function openMembershipCheckout(request: APIRequestContext, baseURL: string): Promise<string> {
  const intentId = inputValue(await (await request.get("/subscribe?plan=monthly&step=payment")).text(), "intentId");
  return postForLocation(request, baseURL, "/subscribe", {
    plan: "monthly",
    code: "",
    intentId,
    step: "payment",
    renewalConsent: "on",
    intent: "checkout",
  });
}

/** Subscribes to the monthly plan through the demo checkout; the welcome page's path. */
export async function subscribeMonthly(request: APIRequestContext, baseURL: string): Promise<string> {
  return payDemoCheckout(request, baseURL, await openMembershipCheckout(request, baseURL));
}

/** Buys the first gift as a link to pass on; the receipt's path. */
export async function buyLinkGift(request: APIRequestContext, baseURL: string): Promise<string> {
  const html = await (await request.get("/gift?method=link")).text();
  const checkout = await postForLocation(request, baseURL, "/gift", {
    intentId: inputValue(html, "intentId"),
    giftType: inputValue(html, "giftType"),
    method: "link",
    recipientName: "",
    recipientEmail: "",
    deliverOn: "",
    message: "",
  });
  return payDemoCheckout(request, baseURL, checkout);
}

/** Opens the demo checkout for the first class pack, unpaid; the checkout page's path. */
export async function openCreditPackCheckout(request: APIRequestContext, baseURL: string): Promise<string> {
  const html = await (await request.get("/credits")).text();
  return postForLocation(request, baseURL, "/credits", { pack: inputValue(html, "pack"), intentId: inputValue(html, "intentId") });
}
