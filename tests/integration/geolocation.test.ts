import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  TEST_LOCATIONS,
  createGeolocation,
  normaliseAddress,
  readFunctionsAnswer,
  readTraceAnswer,
} from "../../app/services/geolocation/index.server";
import { checkoutSteps, regionOf } from "../../app/models/billing/subscribe";

/** Issue 13 geolocation, against a local HTTP server playing the functions API and the trace service. */

let base = "";
const hits: string[] = [];
let traceBody = "fl=1\nh=www.example.com\nip=198.51.100.77\nts=1\nloc=FR\nwarp=off\n";
const server = http.createServer((req, res) => {
  hits.push(req.url ?? "");
  const url = new URL(req.url ?? "/", "http://x");
  if (url.pathname === "/fn/geolocate/getLocationDataFromIPAddress") {
    const ip = url.searchParams.get("ipAddress");
    if (ip === "100.64.0.1")
      return res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ isInCalifornia: true, city: "Oakland", state: "CA" }));
    if (ip === "100.64.0.2")
      return res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ isInCalifornia: false, city: "Austin", state: "TX", countryCode: "US" }));
    if (ip === "100.64.0.3") return res.writeHead(500).end("<html>Internal error at /srv/fn.js</html>");
    if (ip === "100.64.0.4") return res.writeHead(200, { "content-type": "application/json" }).end("[1,2]");
    if (ip === "100.64.0.5") return void setTimeout(() => res.writeHead(200).end("{}"), 3_000);
    if (ip === "100.64.0.6")
      return res.writeHead(200, { "content-type": "application/json" }).end('{"__proto__":{"isInCalifornia":true},"city":"x"}');
    return res.writeHead(404).end();
  }
  if (url.pathname === "/trace") return res.writeHead(200, { "content-type": "text/plain" }).end(traceBody);
  res.writeHead(404).end();
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the functions API", () => {
  it("asks with the address and reads isInCalifornia, city and state", async () => {
    const geo = createGeolocation({ functionsUrl: `${base}/fn/` });
    expect(await geo.locate("100.64.0.1")).toEqual({
      isInitialized: true,
      isInAmerica: true,
      isElsewhere: false,
      countryCode: "US",
      isInCalifornia: true,
      city: "Oakland",
      state: "CA",
    });
    expect(hits).toContain("/fn/geolocate/getLocationDataFromIPAddress?ipAddress=100.64.0.1");
    expect(regionOf(await geo.locate("100.64.0.2"))).toBe("elsewhere");
  });

  it("leaves the location unset on an error status, a wrong body, a timeout or a prototype key", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const geo = createGeolocation({ functionsUrl: `${base}/fn`, timeoutMs: 300 });
    for (const ip of ["100.64.0.3", "100.64.0.4", "100.64.0.5", "100.64.0.6", "100.64.0.99"]) expect(await geo.locate(ip)).toBeNull();
    expect(warn.mock.calls.map((call) => String(call[0])).join(" ")).not.toContain("/srv/fn.js");
    warn.mockRestore();
  });

  it("caches per address: twenty concurrent and later asks make one request", async () => {
    const geo = createGeolocation({ functionsUrl: `${base}/fn` });
    const before = hits.filter((hit) => hit.includes("100.64.0.2")).length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => geo.locate("100.64.0.2")));
    await geo.locate("::ffff:100.64.0.2");
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(hits.filter((hit) => hit.includes("100.64.0.2")).length - before).toBe(1);
  });
});

describe("the trace service fallback", () => {
  it("reads ip and loc, and counts the answer only when it describes the visitor", async () => {
    const geo = createGeolocation({ traceUrl: `${base}/trace` });
    expect(await geo.locate("198.51.100.77")).toMatchObject({
      isInitialized: true,
      countryCode: "FR",
      isElsewhere: true,
      isInAmerica: false,
      isInCalifornia: false,
    });
    expect(await geo.locate("198.51.100.78")).toBeNull();
  });

  it("falls back to the trace when the functions API fails", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    traceBody = "ip=100.64.0.3\nloc=US\n";
    const geo = createGeolocation({ functionsUrl: `${base}/fn`, traceUrl: `${base}/trace` });
    const found = await geo.locate("100.64.0.3");
    expect(found).toMatchObject({ countryCode: "US", isInAmerica: true, isInCalifornia: false, state: null });
    // A US country without a state cannot say "outside California".
    expect(regionOf(found)).toBe("unknown");
    vi.restoreAllMocks();
  });

  it("reads only well-formed lines", () => {
    expect(readTraceAnswer("ip=203.0.113.5\nloc=de")).toEqual({ ip: "203.0.113.5", loc: "DE" });
    for (const body of ["", "ip=not-an-ip\nloc=US", "ip=1.2.3.4\nloc=USA", "<html>", "ip=1.2.3.4"])
      expect(readTraceAnswer(body)).toBeNull();
  });
});

describe("the built-in table and bad input", () => {
  it("answers the California and Europe test addresses with no source configured, and nothing else", async () => {
    const geo = createGeolocation({});
    expect(regionOf(await geo.locate("203.0.113.10"))).toBe("california");
    expect(regionOf(await geo.locate("198.51.100.20"))).toBe("elsewhere");
    expect(regionOf(await geo.locate("192.0.2.30"))).toBe("elsewhere");
    expect(await geo.locate("127.0.0.1")).toBeNull();
    expect(Object.keys(TEST_LOCATIONS)).toHaveLength(3);
  });

  it("ignores what is not an address", async () => {
    const geo = createGeolocation({ functionsUrl: `${base}/fn` });
    const before = hits.length;
    for (const bad of [null, undefined, "", "unknown", "1.2.3.4, 5.6.7.8", "../../etc", "__proto__", "x".repeat(5000)])
      expect(await geo.locate(bad)).toBeNull();
    expect(hits.length).toBe(before);
    expect(normaliseAddress("::ffff:10.0.0.1")).toBe("10.0.0.1");
    expect(readFunctionsAnswer({ isInCalifornia: "yes" })).toBeNull();
  });

  it("chooses the nonCASingleStep treatment only for visitors known to be outside California", () => {
    const single = { nonCASingleStep: "single-step" } as const;
    expect(checkoutSteps(single, regionOf(TEST_LOCATIONS["198.51.100.20"]))).toBe("single-step");
    expect(checkoutSteps(single, regionOf(TEST_LOCATIONS["203.0.113.10"]))).toBe("choose-payment-step");
    expect(checkoutSteps(single, regionOf(null))).toBe("choose-payment-step");
    expect(checkoutSteps({ nonCASingleStep: "use-choose-payment-step" }, "elsewhere")).toBe("choose-payment-step");
  });
});
