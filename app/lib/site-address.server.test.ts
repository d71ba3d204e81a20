import { afterEach, describe, expect, it, vi } from "vitest";

const saved = process.env.PUBLIC_SITE_URL;

/** The module fresh, as a server configured with this site address would load it. */
async function configured(site: string) {
  process.env.PUBLIC_SITE_URL = site;
  vi.resetModules();
  return import("./site-address.server");
}

afterEach(() => {
  if (saved === undefined) delete process.env.PUBLIC_SITE_URL;
  else process.env.PUBLIC_SITE_URL = saved;
  vi.resetModules();
});

describe("the site address from configuration", () => {
  it("builds addresses on the configured origin, whatever the request said", async () => {
    const site = await configured("https://www.example.test/");
    expect(site.siteOrigin()).toBe("https://www.example.test");
    expect(site.siteUrl("/settings#membership")).toBe("https://www.example.test/settings#membership");
  });

  it.each(["http://internal-host/", "http://127.0.0.1:3000/", "http://localhost/", "https://www.example.test/"])(
    "makes cookies Secure and sends HSTS for an https site, however the request to %s arrived",
    async (arrival) => {
      const site = await configured("https://www.example.test");
      expect(site.secureCookies(new URL(arrival))).toBe(true);
      expect(site.sendsHsts(new URL(arrival))).toBe(true);
    },
  );

  it.each(["http://localhost:3000", "http://127.0.0.1:4000", "http://[::1]:3000"])(
    "leaves the local demo at %s without Secure or HSTS",
    async (demo) => {
      const site = await configured(demo);
      expect(site.siteIsLocal()).toBe(true);
      expect(site.secureCookies(new URL(`${demo}/`))).toBe(false);
      expect(site.sendsHsts(new URL(`${demo}/`))).toBe(false);
      // A request that did come over HTTPS still gets a Secure cookie; this machine's names never get HSTS.
      expect(site.secureCookies(new URL("https://localhost/"))).toBe(true);
      expect(site.sendsHsts(new URL("https://localhost/"))).toBe(false);
    },
  );

  it("treats a plain-HTTP site away from this machine as served over HTTPS by its proxy", async () => {
    const site = await configured("http://stillhour.internal");
    expect(site.siteIsLocal()).toBe(false);
    expect(site.secureCookies(new URL("http://stillhour.internal/"))).toBe(true);
  });
});
