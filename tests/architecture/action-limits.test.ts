import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { isTest, sourceFiles } from "../../scripts/import-graph.mjs";
import type { ActionLimit } from "~/lib/action-limits";
import { actingFunctions, type ActingKind } from "./acting-functions";

process.env.SQLITE_PATH ??= ":memory:";
process.env.SESSION_SECRET ??= "integration-test-secret-long-enough-000000";

/**
 * Issue 35 (ADR 035 addendum): every action names its limit where it is declared. The test walks
 * every route module of app/routes: one with an `action` must export `actionLimits`; what the action
 * reaches in the source (the mailer, the payment provider, a redemption: tests/architecture/
 * acting-functions.ts) must be among what it declares it does; and an entry that mails, charges or
 * redeems must name at least one store-backed limit, unless the route is the back office's (staff
 * only, audited) or listed below with the reason no rate is the guard.
 */

/** Actions that mail, charge or redeem with no rate limit, and why that is sound. */
const BOUND_BY_DESIGN: Record<string, string> = {
  "app/routes/api.payments.webhook/route.ts": "only the provider can sign an event; each event id is applied once",
  "app/routes/demo.checkout.$sessionId/route.tsx": "the demo provider's own checkout page; it answers 404 outside the demo",
  "app/routes/settings/route.tsx": "deleting an account needs a fresh sign-in and happens once",
};

const routes: string[] = sourceFiles("app/routes").filter(
  (f: string) => !isTest(f) && /export (async function|const) action\b/.test(readFileSync(f, "utf8")),
);
const acting = actingFunctions();
const isStaffRoute = (file: string) => /^app\/routes\/staff[._]/.test(file);

describe("limits declared with the action", () => {
  it("finds the actions that reach the mailer, the payment provider and redemptions (so the check below is not empty)", () => {
    const reaching = (kind: ActingKind) => routes.filter((r) => acting.get(`${r}#action`)?.has(kind));
    expect(reaching("mail")).toEqual(
      expect.arrayContaining(["app/routes/settings/route.tsx", "app/routes/sign-in/route.tsx", "app/routes/classes.$classId/route.tsx"]),
    );
    expect(reaching("charge")).toEqual(
      expect.arrayContaining(["app/routes/subscribe/route.tsx", "app/routes/gift/route.tsx", "app/routes/credits/route.tsx"]),
    );
    expect(reaching("redeem").length).toBeGreaterThan(0);
  });

  it("names limits by bare imports: in the browser a server module is empty, and `x.y` of it would throw", () => {
    const reaching = routes.filter((file) => {
      const declaration = /export const actionLimits = defineActionLimits\(\{([\s\S]*?)\n\}\);/.exec(readFileSync(file, "utf8"))?.[1] ?? "";
      return [...declaration.matchAll(/limits: \[([^\]]*)\]/g)].some(([, list]) => /\w\.\w/.test(list));
    });
    expect(reaching).toEqual([]);
  });

  it.each(routes.map((r) => [r]))("%s declares what its action does and what limits it", async (file) => {
    const module = (await import(/* @vite-ignore */ `../../${file}`)) as { actionLimits?: Record<string, ActionLimit> };
    expect(module.actionLimits, `${file} has an action but no actionLimits`).toBeDefined();
    const entries = Object.entries(module.actionLimits ?? {});
    expect(entries.length).toBeGreaterThan(0);
    const declared = new Set(entries.flatMap(([, entry]) => entry.does));
    for (const kind of acting.get(`${file}#action`) ?? [])
      expect(declared.has(kind), `${file} reaches ${kind} but does not declare it`).toBe(true);
    for (const [intent, entry] of entries) {
      if ("limits" in entry) {
        expect(entry.limits.length, `${file} ${intent}`).toBeGreaterThan(0);
        for (const limit of entry.limits) {
          // A real limit of the store-backed limiter, not a stand-in (undefined from a bad import, say).
          expect(limit, `${file} ${intent}`).toMatchObject({
            name: expect.stringMatching(/^[a-z][a-z0-9-]+$/),
            limit: expect.any(Number),
            windowMs: expect.any(Number),
            per: expect.any(String),
          });
          expect(typeof (limit as { attempt?: unknown }).attempt).toBe("function");
        }
      } else {
        expect(entry.bound.length, `${file} ${intent}: say what bounds it`).toBeGreaterThan(20);
        const serious = entry.does.filter((kind) => kind !== "write");
        if (serious.length > 0 && !isStaffRoute(file))
          expect(BOUND_BY_DESIGN[file], `${file} ${intent} ${serious.join(", ")} without a rate limit`).toBeDefined();
      }
    }
  });
});
