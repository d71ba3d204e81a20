import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs, statusOf } from "../support/route-call";

process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

const { getStore } = await import("../../app/services/store/index.server");
const { LeadSchema } = await import("../../app/models/content/lead");
const ebook = await import("~/routes/mental-detox-ebook/route");

let address = 0;
function post(fields: Record<string, string>, ip = `10.0.0.${++address}`) {
  const body = new URLSearchParams(fields);
  return routeArgs(
    new Request("http://localhost:3000/mental-detox-ebook", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", "x-client-ip": ip },
    }),
  );
}

type Result = { data: { errors: Record<string, string>; values: Record<string, string> }; init: ResponseInit | null };

async function leads() {
  const { docs } = await getStore().query("leads", LeadSchema);
  return docs.map((d) => d.data);
}

beforeAll(() => getStore());

describe("the e-book form", () => {
  it("stores a lead once and redirects to the thank-you", async () => {
    const response = (await ebook.action(post({ email: "Calm.Person@example.com", firstName: "Ada", website: "" }))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/mental-detox-ebook?sent=1#ebook-form");
    // Sending it again (a replay) changes nothing.
    await ebook.action(post({ email: "calm.person@example.com", website: "" }));
    const stored = (await leads()).filter((l) => l.email === "calm.person@example.com");
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ firstName: "Ada", source: "mental-detox-ebook" });
  });

  it.each([
    [{ email: "" }, "email", /enter your email/i],
    [{ email: "not-an-email" }, "email", /valid email/i],
    [{ email: `${"a".repeat(250)}@example.com` }, "email", /too long/i],
    [{ email: "ok@example.com", firstName: "x".repeat(81) }, "firstName", /under 80/i],
  ])("answers %j with 400, a message beside the field and the typed values", async (fields, field, message) => {
    const before = (await leads()).length;
    const result = (await ebook.action(post({ website: "", ...fields }))) as unknown as Result;
    expect(result.init?.status).toBe(400);
    expect(result.data.errors[field]).toMatch(message);
    expect(result.data.values.email).toBe(fields.email.slice(0, 1000));
    expect((await leads()).length).toBe(before);
  });

  it("thanks a bot that fills the honeypot and stores nothing", async () => {
    const before = (await leads()).length;
    const response = (await ebook.action(post({ email: "bot@example.com", website: "https://spam.example" }))) as Response;
    expect(response.status).toBe(302);
    expect((await leads()).length).toBe(before);
  });

  it("limits one address to five tries in ten minutes", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const result = await ebook.action(post({ email: "nope", website: "" }, "192.0.2.77"));
      statuses.push(statusOf(result));
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it("refuses an oversized body without reading it", async () => {
    const result = (await ebook.action(
      post({ email: "big@example.com", firstName: "x".repeat(20_000), website: "" }),
    )) as unknown as Result;
    expect([400, 413]).toContain(result.init?.status);
  });
});
