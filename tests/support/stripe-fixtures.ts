import { readFileSync } from "node:fs";
import Stripe from "stripe";

/**
 * Stripe at the network boundary: the SDK's own fetch HTTP client with a fetch that answers from JSON
 * fixtures (tests/fixtures/stripe, in the pinned API version's shapes). Nothing leaves the machine; a
 * request no fixture was queued for throws, so an unexpected call fails the test.
 */

export const STRIPE_FIXTURE_WEBHOOK_SECRET = "whsec_stripe_fixture_secret_0000";

export interface FixtureRoute {
  method: string;
  path: RegExp;
  status?: number;
  file: string;
}

export interface FixtureCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: URLSearchParams;
  headers: Record<string, string>;
}

export function stripeFixture(name: string): string {
  return readFileSync(new URL(`../fixtures/stripe/${name}.json`, import.meta.url), "utf8");
}

export function createFixtureServer() {
  const routes: FixtureRoute[] = [];
  const calls: FixtureCall[] = [];

  async function fixtureFetch(url: string, init: { method: string; headers: HeadersInit; body?: string }) {
    const parsed = new URL(url);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    calls.push({
      method: init.method,
      path: parsed.pathname,
      query: parsed.searchParams,
      body: new URLSearchParams(init.body ?? ""),
      headers,
    });
    const index = routes.findIndex((r) => r.method === init.method && r.path.test(parsed.pathname));
    if (index < 0) throw new Error(`no fixture for ${init.method} ${parsed.pathname}`);
    const [route] = routes.splice(index, 1);
    return new Response(stripeFixture(route.file), {
      status: route.status ?? 200,
      headers: { "Content-Type": "application/json", "Request-Id": "req_fixture" },
    });
  }

  return {
    routes,
    calls,
    httpClient: Stripe.createFetchHttpClient(fixtureFetch),
    /** Queues answers, in order of use. */
    queue(...next: FixtureRoute[]) {
      routes.push(...next);
    },
    reset() {
      routes.length = 0;
      calls.length = 0;
    },
  };
}
