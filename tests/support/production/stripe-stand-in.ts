import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import qs from "qs";
import Stripe from "stripe";

/**
 * Stripe on a local origin for the production suite (ADR 040): the site's real `stripe` SDK reaches it
 * through STRIPE_API_URL (staging only) and gets the pinned API version's shapes for what the site
 * calls (customers, checkout sessions, subscriptions, events). A session's `url` is this origin's
 * hosted checkout page, a plain form that works without JavaScript: paying there completes the
 * session, sends `checkout.session.completed` to the site's webhook signed with the webhook secret
 * (Stripe.webhooks.generateTestHeaderString, Stripe's own scheme), then redirects to success_url.
 */

type Json = Record<string, unknown>;

export interface StripeStandIn {
  url: string;
  /** Every API call the site made, in order ("POST /v1/customers"). */
  calls: string[];
  /** Webhook deliveries and the site's answers. */
  deliveries: Array<{ type: string; status: number }>;
  close(): Promise<void>;
}

export async function startStripeStandIn(
  port: number,
  options: { webhookUrl: string; webhookSecret: string; secretKey: string },
): Promise<StripeStandIn> {
  const origin = `http://127.0.0.1:${port}`;
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const byIdempotencyKey = new Map<string, string>();
  const calls: string[] = [];
  const deliveries: StripeStandIn["deliveries"] = [];
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
  const now = () => Math.floor(Date.now() / 1000);
  const list = (data: Json[], url: string) => ({ object: "list", data, has_more: false, url });
  const notFound = (what: string) => ({
    status: 404,
    body: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` } },
  });

  const card = {
    id: "pm_standin_visa",
    object: "payment_method",
    type: "card",
    card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2040 },
  };

  function makeSubscription(session: Json, params: Json): Json {
    const subId = id("sub");
    const item = ((params.line_items as Json[] | undefined) ?? [])[0] ?? {};
    const priceData = (item.price_data ?? {}) as Json;
    const recurring = (priceData.recurring ?? {}) as Json;
    const data = (params.subscription_data ?? {}) as Json;
    const trialDays = Number(data.trial_period_days ?? 0);
    const start = now();
    const periodEnd = trialDays > 0 ? start + trialDays * 86_400 : start + (recurring.interval === "year" ? 365 : 30) * 86_400;
    const subscription: Json = {
      id: subId,
      object: "subscription",
      created: start,
      currency: priceData.currency ?? "usd",
      customer: session.customer,
      status: trialDays > 0 ? "trialing" : "active",
      cancel_at_period_end: false,
      trial_end: trialDays > 0 ? periodEnd : null,
      ended_at: null,
      default_payment_method: card,
      discounts: [],
      metadata: (data.metadata as Json) ?? {},
      items: list(
        [
          {
            id: id("si"),
            object: "subscription_item",
            subscription: subId,
            current_period_start: start,
            current_period_end: periodEnd,
            quantity: 1,
            price: {
              id: id("price"),
              object: "price",
              currency: priceData.currency ?? "usd",
              unit_amount: Number(priceData.unit_amount ?? 0),
              type: "recurring",
              recurring: { interval: recurring.interval ?? "month", interval_count: 1 },
            },
          },
        ],
        `/v1/subscription_items?subscription=${subId}`,
      ),
      livemode: false,
    };
    subscriptions.set(subId, subscription);
    return subscription;
  }

  async function deliver(type: string, object: Json) {
    const payload = JSON.stringify({
      id: id("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    const response = await fetch(options.webhookUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body: payload,
    });
    deliveries.push({ type, status: response.status });
  }

  function api(method: string, path: string, params: Json, idempotencyKey: string | undefined): { status: number; body: unknown } {
    if (method === "POST" && path === "/v1/customers") {
      const customer = {
        id: id("cus"),
        object: "customer",
        created: now(),
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        livemode: false,
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    let match = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (match && method === "DELETE") {
      customers.delete(match[1]);
      return { status: 200, body: { id: match[1], object: "customer", deleted: true } };
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const sessionId = id("cs_test");
      const items = (params.line_items as Json[] | undefined) ?? [];
      const amount = items.reduce(
        (sum, item) => sum + Number(((item.price_data ?? {}) as Json).unit_amount ?? 0) * Number(item.quantity ?? 1),
        0,
      );
      const session: Json = {
        id: sessionId,
        object: "checkout.session",
        created: now(),
        mode: params.mode,
        status: "open",
        payment_status: "unpaid",
        customer: params.customer ?? null,
        client_reference_id: params.client_reference_id ?? null,
        metadata: params.metadata ?? {},
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        amount_total: amount,
        currency: ((items[0]?.price_data ?? {}) as Json).currency ?? "usd",
        subscription: null,
        payment_intent: null,
        setup_intent: null,
        url: `${origin}/c/pay/${sessionId}`,
        livemode: false,
        _params: params,
      };
      sessions.set(sessionId, session);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, sessionId);
      return { status: 200, body: publicSession(session) };
    }
    match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (match && method === "GET") {
      const session = sessions.get(match[1]);
      return session ? { status: 200, body: publicSession(session) } : notFound("checkout.session");
    }
    if (method === "GET" && path === "/v1/subscriptions") {
      const mine = [...subscriptions.values()].filter((s) => s.customer === params.customer);
      return { status: 200, body: list(mine, "/v1/subscriptions") };
    }
    match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (match) {
      const subscription = subscriptions.get(match[1]);
      if (!subscription) return notFound("subscription");
      if (method === "POST") {
        if (params.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = params.cancel_at_period_end === "true";
      }
      if (method === "DELETE") Object.assign(subscription, { status: "canceled", ended_at: now() });
      return { status: 200, body: subscription };
    }
    if (method === "GET" && path === "/v1/events") return { status: 200, body: list([], "/v1/events") };
    return { status: 404, body: { error: { type: "invalid_request_error", message: `The stand-in has no ${method} ${path}` } } };
  }

  function publicSession(session: Json): Json {
    const { _params, ...rest } = session;
    void _params;
    return rest;
  }

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    });

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", origin);
    const body = await readBody(req);
    const page = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
    if (page) {
      const session = sessions.get(page[1]);
      if (!session) return res.writeHead(404, { "Content-Type": "text/plain" }).end("No such checkout");
      if (req.method === "GET") {
        const price = `${(Number(session.amount_total) / 100).toFixed(2)} ${String(session.currency).toUpperCase()}`;
        return res
          .writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
          .end(
            `<!doctype html><title>Stand-in checkout</title><h1>Pay Stillhour</h1><p>${price}</p>` +
              `<form method="post"><label>Card number <input name="card" value="4242 4242 4242 4242"></label><button>Pay</button></form>`,
          );
      }
      // Paying: the session completes, its subscription or payment exists, the webhook goes, then back.
      if (session.status === "open") {
        const params = session._params as Json;
        if (session.mode === "subscription") session.subscription = makeSubscription(session, params).id;
        if (session.mode === "payment") session.payment_intent = id("pi");
        Object.assign(session, { status: "complete", payment_status: session.mode === "setup" ? "no_payment_required" : "paid" });
        await deliver("checkout.session.completed", publicSession(session));
      }
      const back = String(session.success_url).replace("{CHECKOUT_SESSION_ID}", String(session.id));
      return res.writeHead(303, { Location: back }).end();
    }
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      return res
        .writeHead(401, { "Content-Type": "application/json" })
        .end(JSON.stringify({ error: { type: "invalid_request_error", message: "Invalid API Key provided" } }));
    }
    const params = (req.method === "GET" || req.method === "DELETE" ? qs.parse(url.search.slice(1)) : qs.parse(body)) as Json;
    calls.push(`${req.method} ${url.pathname}`);
    const key = req.headers["idempotency-key"];
    // A repeated create with the same key answers the first one's object, as Stripe does.
    const earlier =
      typeof key === "string" && req.method === "POST" && url.pathname === "/v1/checkout/sessions" ? byIdempotencyKey.get(key) : undefined;
    const answer = earlier
      ? { status: 200, body: publicSession(sessions.get(earlier)!) }
      : api(req.method ?? "GET", url.pathname, params, typeof key === "string" ? key : undefined);
    res
      .writeHead(answer.status, { "Content-Type": "application/json", "Request-Id": id("req"), "Stripe-Version": Stripe.API_VERSION })
      .end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
  return { url: origin, calls, deliveries, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
