import { describe, expect, it } from "vitest";
import { routeArgs } from "../support/route-call";

process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";
process.env.PUBLIC_SITE_URL = "http://localhost:3000";
process.env.LOG_REQUESTS = "false";

const { getStore } = await import("../../app/services/store/index.server");
const { seedDemoContent } = await import("../../app/demo/seed.server");
const home = await import("../../app/routes/_index/route");
const hub = await import("../../app/routes/on-demand._index/route");

const ORIGIN = "http://localhost:3000";
const args = (path: string) => routeArgs(new Request(`${ORIGIN}${path}`));

describe("the quote of the day on the home page and the hub (issue 27)", () => {
  it("shows a visitor the same seeded daily line on both, keeps members' words apart, and leaves the hub shareable", async () => {
    await seedDemoContent(getStore());
    const page = (await home.loader(args("/"))) as unknown as { today: { text: string; name: string } | null; quotes: { id: string }[] };
    expect(page.today?.text).toBeTruthy();
    expect(page.quotes.every((q) => q.id.startsWith("quote-"))).toBe(true);
    const response = (await hub.loader(args("/on-demand"))) as unknown as {
      data: { quote: { text: string } | null };
      init: { headers: Record<string, string> };
    };
    expect(response.data.quote?.text).toBe(page.today?.text);
    expect(response.init.headers["Cache-Control"]).toMatch(/^public/);
  });
});
