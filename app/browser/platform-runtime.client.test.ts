import { describe, expect, it } from "vitest";
import { isAbortError } from "./platform-runtime.client";

describe("isAbortError", () => {
  it("is the reason a request aborted without a reason rejects with", async () => {
    const controller = new AbortController();
    const request = fetch("http://127.0.0.1:9/never", { signal: controller.signal });
    controller.abort();
    const reason = await request.catch((error: unknown) => error);
    expect(isAbortError(reason)).toBe(true);
    expect(isAbortError(controller.signal.reason)).toBe(true);
  });

  it("is not any other failure, even one that says it aborted", () => {
    expect(isAbortError(new Error("signal is aborted without reason"))).toBe(false);
    expect(isAbortError(new DOMException("quota", "QuotaExceededError"))).toBe(false);
    expect(isAbortError("AbortError")).toBe(false);
    expect(isAbortError(undefined)).toBe(false);
  });
});
