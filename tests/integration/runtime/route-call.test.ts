import { data, redirect } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { answerOf, answerStatus, responseOf, routeArgs, settle, statusOf, thrownResponse } from "../../support/route-call";

// The helpers every route test reads answers with (issue 36): each of the three ways a route answers,
// thrown or returned, and a failure that is not an answer must still fail the test.
const returnsData = async () => data({ form: "profile" }, { status: 400 });
const returnsPlain = async () => ({ ok: true });
const throwsRedirect = async () => {
  throw redirect("/sign-in", 302);
};
const breaks = async () => {
  throw new Error("the store is away");
};

describe("route-call", () => {
  it("hands a loader the request, its params and a context", () => {
    const request = new Request("http://localhost:3000/teachers/amara");
    expect(routeArgs(request, { teacherSlug: "amara" })).toEqual({ request, params: { teacherSlug: "amara" }, context: {} });
    expect(routeArgs(request).params).toEqual({});
  });

  it("reads a thrown Response as the answer, and throws anything else on", async () => {
    expect(((await settle(throwsRedirect)) as Response).headers.get("Location")).toBe("/sign-in");
    expect(await settle(returnsPlain())).toEqual({ ok: true });
    await expect(settle(breaks)).rejects.toThrow("the store is away");
  });

  it("answers the status of each kind of answer", async () => {
    expect(await answerStatus(throwsRedirect)).toBe(302);
    expect(await answerStatus(returnsData)).toBe(400);
    expect(await answerStatus(returnsPlain)).toBe(200);
    expect(statusOf(new Response(null, { status: 404 }))).toBe(404);
  });

  it("fails a test that wanted a Response and got data, or wanted a throw and got a return", async () => {
    await expect(responseOf(returnsData)).rejects.toThrow(/expected a Response, got \{"form":"profile"\}/);
    await expect(thrownResponse(async () => redirect("/"))).rejects.toThrow("expected the call to throw a Response");
    expect((await thrownResponse(throwsRedirect)).status).toBe(302);
  });

  it("reads an answer three ways", async () => {
    expect(await answerOf(throwsRedirect)).toEqual({ status: 302, location: "/sign-in", data: null });
    expect(await answerOf(returnsData)).toEqual({ status: 400, location: null, data: { form: "profile" } });
    expect(await answerOf(returnsPlain)).toEqual({ status: 200, location: null, data: { ok: true } });
  });
});
