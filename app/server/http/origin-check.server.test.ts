import { describe, expect, it } from "vitest";
import { crossSiteRefusal } from "./origin-check.server";

const headers = (values: Record<string, string>) => new Headers(values);

describe("crossSiteRefusal", () => {
  it("lets a same-origin request and one without an Origin go on", () => {
    expect(crossSiteRefusal(headers({ host: "localhost:3000", origin: "http://localhost:3000" }), "http")).toBeNull();
    expect(crossSiteRefusal(headers({ host: "localhost:3000" }), "http")).toBeNull();
  });

  it.each([
    [{ host: "localhost:3000", origin: "null" }, "opaque origin"],
    [{ host: "localhost:3000", origin: "" }, "malformed origin"],
    [{ host: "localhost:3000", origin: "localhost:3000" }, "other host"],
    [{ host: "localhost:3000", origin: "not a url" }, "malformed origin"],
    [{ host: "localhost:3000", origin: "http://evil.example" }, "other host"],
    [{ host: "localhost:3000", origin: "http://localhost:3001" }, "other host"],
    [{ host: "localhost:3000", origin: "https://localhost:3000" }, "other scheme"],
    [{ host: "localhost:3000", origin: "file:///etc/passwd" }, "other host"],
    [{ origin: "http://localhost:3000" }, "no host"],
  ] as const)("refuses %j (%s)", (values, reason) => {
    expect(crossSiteRefusal(headers(values), "http")).toBe(reason);
  });

  it("reads the host as Remix does: X-Forwarded-Host's first value before Host", () => {
    const proxied = { host: "10.0.0.5:8080", "x-forwarded-host": "www.stillhour.example, internal.example" };
    expect(crossSiteRefusal(headers({ ...proxied, origin: "https://www.stillhour.example" }), "https")).toBeNull();
    expect(crossSiteRefusal(headers({ ...proxied, origin: "http://10.0.0.5:8080" }), "https")).toBe("other host");
    // An empty X-Forwarded-Host falls back to Host, as in Remix.
    expect(
      crossSiteRefusal(headers({ host: "localhost:3000", "x-forwarded-host": " ", origin: "http://localhost:3000" }), "http"),
    ).toBeNull();
  });

  it("takes the configured public origin as ours when a proxy hid the scheme, and only that origin", () => {
    const proxied = { host: "www.stillhour.example" };
    const publicOrigin = "https://www.stillhour.example";
    expect(crossSiteRefusal(headers({ ...proxied, origin: "https://www.stillhour.example" }), "http", publicOrigin)).toBeNull();
    expect(crossSiteRefusal(headers({ ...proxied, origin: "https://www.stillhour.example" }), "http")).toBe("other scheme");
    expect(crossSiteRefusal(headers({ ...proxied, origin: "http://www.stillhour.example" }), "https", publicOrigin)).toBe("other scheme");
  });
});
