import { beforeAll, describe, expect, it } from "vitest";
import type { ActionFunctionArgs } from "@remix-run/node";
import { ORIGIN, seedPlans } from "../../support/payments";

/**
 * Issue 36 (ADR 060): every refusal of the plan form is `{ errors, values }` with one echo, the code as
 * typed and, once the plan is known, the plan chosen; a form naming its own price is refused first.
 */

const subscribe = await import("~/routes/subscribe/route");
const { problemOf } = await import("~/lib/errors");

type Refusal = { data: { errors: Record<string, string>; values: Record<string, string> }; init: ResponseInit | null };

let address = 0;

async function post(fields: Record<string, string>) {
  const request = new Request(`${ORIGIN}/subscribe`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "x-client-ip": `10.62.0.${++address}` },
  });
  const args: ActionFunctionArgs = { request, params: {}, context: {} };
  return (await subscribe.action(args)) as unknown as Refusal;
}

beforeAll(seedPlans);

describe("the plan form's refusals", () => {
  it("asks for a code when Apply is pressed without one, keeping the plan chosen", async () => {
    const refused = await post({ intent: "apply", plan: "monthly", code: "   " });
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toEqual({ errors: { code: "Please type a code first." }, values: { code: "", plan: "monthly" } });
  });

  it("keeps the typed code when the plan is not one on offer", async () => {
    const refused = await post({ intent: "choose", plan: "no-such-plan", code: " CALM " });
    expect(refused.data).toEqual({ errors: { plan: "Please choose one of the plans shown." }, values: { code: "CALM" } });
  });

  it("refuses a form that names its own price with the catalogue's sentence, before anything else", async () => {
    const refused = await post({ intent: "choose", plan: "bogus plan", amount: "1" });
    expect(refused.init?.status).toBe(problemOf("price_in_form").status);
    expect(refused.data.errors).toEqual({ form: problemOf("price_in_form").message });
  });
});
