import { describe, expect, it } from "vitest";
import { z } from "zod";
import { problemOf } from "~/lib/errors";
import { readPurchase } from "./purchase-form.server";

const Schema = z.object({ pack: z.string().min(1, "Please choose one of the packs shown.") });

function post(fields: Record<string, string>) {
  return new Request("http://localhost/credits", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

async function replyOf(submission: Awaited<ReturnType<typeof readPurchase>>) {
  if (submission.ok) throw new Error("expected a refusal");
  const reply = submission.reply as unknown as { data: unknown; init: ResponseInit | null };
  return { body: reply.data, status: reply.init?.status };
}

describe("reading a purchase form", () => {
  it("reads a form that leaves the price to the catalogue", async () => {
    const submission = await readPurchase(post({ pack: "five-classes" }), Schema);
    expect(submission).toMatchObject({ ok: true, value: { pack: "five-classes" } });
  });

  it("refuses a form that names its own price with the catalogue's sentence, before its fields are checked", async () => {
    const { body, status } = await replyOf(await readPurchase(post({ pack: "", amount: "1" }), Schema, ["pack"]));
    expect(status).toBe(problemOf("price_in_form").status);
    expect(body).toEqual({ errors: { form: problemOf("price_in_form").message }, values: { pack: "" } });
  });

  it("answers a wrong field beside it", async () => {
    const { body, status } = await replyOf(await readPurchase(post({ pack: "" }), Schema));
    expect(status).toBe(400);
    expect(body).toEqual({ errors: { pack: "Please choose one of the packs shown." }, values: {} });
  });
});
