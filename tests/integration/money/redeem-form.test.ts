import { describe, expect, it } from "vitest";
import { ORIGIN } from "../../support/payments";
import { routeArgs } from "../../support/route-call";

/**
 * Issue 11: a gift code typed on /redeem. An empty or misshapen code is answered beside the field with
 * what was typed kept, and counts as no guess; a well-formed code that opens nothing is 404's sentence.
 */

const redeem = await import("~/routes/redeem/route");

type Refusal = { data: { errors: Record<string, string>; values: Record<string, string> }; init: ResponseInit | null };

function post(code: string, ip: string) {
  const request = new Request(`${ORIGIN}/redeem`, {
    method: "POST",
    body: new URLSearchParams({ code }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "x-client-ip": ip },
  });
  return routeArgs(request);
}

async function refused(code: string, ip: string) {
  return (await redeem.action(post(code, ip))) as unknown as Refusal;
}

describe("typing a gift code", () => {
  it("asks for a code when none is typed, and explains the shape of a misshapen one, the typing kept", async () => {
    const empty = await refused("   ", "10.61.0.1");
    expect(empty.init?.status).toBe(400);
    expect(empty.data).toEqual({ errors: { code: "Please type the gift code." }, values: { code: "   " } });
    const misshapen = await refused("7KQ2-MX9P", "10.61.0.1");
    expect(misshapen.init?.status).toBe(400);
    expect(misshapen.data).toEqual({
      errors: { code: "A gift code has 16 letters and digits, like 7KQ2-MX9P-4D1A-ZT6C. Please check it." },
      values: { code: "7KQ2-MX9P" },
    });
  });

  it("counts no guess for a misshapen code; a well-formed one that opens nothing is not found", async () => {
    for (let i = 0; i < 25; i += 1) expect((await refused("nope", "10.61.0.2")).init?.status).toBe(400);
    const unknown = await refused("7kq2 mx9p 4d1a zt6c", "10.61.0.2");
    expect(unknown.init?.status).toBe(404);
    expect(unknown.data.values).toEqual({ code: "7kq2 mx9p 4d1a zt6c" });
    expect(unknown.data.errors.code).toMatch(/gift/i);
  });
});
