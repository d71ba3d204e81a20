import { discardBody } from "~/lib/discard-body";
import { EVENT_PREFIX, uploadBody, type AnalyticsEventInput } from "~/platform/analytics-upload";

/**
 * The browser's analytics client (issue 13; spec §3 upload fields, §5 revenue, §7 analytics upload, §8,
 * §9). Events wait in a queue and go up in batches as the form fields `client`, `e` (a JSON list), `v`,
 * `upload_time` and `checksum` (MD5 of v + client + e + upload_time), or by `sendBeacon` when the page
 * is hidden. 200 is success. 413 halves the batch and tries again; an event still too large alone is
 * dropped. Any other answer fails each event in the batch. With no key, or once the visitor opts out,
 * nothing is sent and the queue is emptied. A failure logs a warning and rejects the event's promise.
 */

export const APP_VERSION = "1.0.0";
const DEFAULT_BATCH = 20;

/** §7 user properties, as the page knows them; the contact details only when the operator turned them on. */
export interface UserProperties {
  fullName?: string | null;
  email?: string | null;
  phone?: string | null;
  subscribed: boolean;
  subscriptionStatus: string | null;
  expirationDate: number | null;
  anonymous: boolean;
  paymentCustomerId: string | null;
  experiments: Record<string, string>;
}

export interface AnalyticsClientOptions {
  endpoint: string;
  /** The analytics key; empty means analytics is off. */
  apiKey: string;
  deviceId: string;
  userId?: () => string | null;
  userProperties?: () => Partial<UserProperties>;
  optedOut: () => boolean;
  fetch?: typeof fetch;
  sendBeacon?: (url: string, body: URLSearchParams) => boolean;
  now?: () => number;
  batchSize?: number;
  window?: { width: number; height: number } | (() => { width: number; height: number });
  warn?: (message: string, detail?: unknown) => void;
}

interface Queued {
  event: AnalyticsEventInput;
  resolve: () => void;
  reject: (error: Error) => void;
}

/** §5: a revenue event needs a numeric price and quantity (1 when not given); otherwise it is ignored. */
export function revenueFields(input: {
  productId: string;
  price: unknown;
  quantity?: unknown;
}): { productId: string; price: number; quantity: number; revenue: number } | null {
  const quantity = input.quantity === undefined ? 1 : input.quantity;
  if (typeof input.price !== "number" || !Number.isFinite(input.price)) return null;
  if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1) return null;
  return { productId: String(input.productId).slice(0, 100), price: input.price, quantity, revenue: input.price * quantity };
}

export function createAnalyticsClient(options: AnalyticsClientOptions) {
  const queue: Queued[] = [];
  const now = options.now ?? (() => Date.now());
  const warn = options.warn ?? ((message: string, detail?: unknown) => console.warn(message, detail));
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  let batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH);
  let counter = 0;
  let flushing: Promise<void> | null = null;

  const off = () => !options.apiKey || options.optedOut();

  /** Opt-out or no key: the queue is emptied, and its events settle quietly (nothing was meant to go). */
  function discard() {
    for (const item of queue.splice(0)) item.resolve();
  }

  function userProperties(): Record<string, unknown> {
    const size = typeof options.window === "function" ? options.window() : options.window;
    return { ...options.userProperties?.(), appVersion: APP_VERSION, windowWidth: size?.width ?? null, windowHeight: size?.height ?? null };
  }

  function enqueue(event: Omit<AnalyticsEventInput, "time" | "insert_id" | "device_id" | "user_id" | "user_properties">): Promise<void> {
    if (off()) {
      discard();
      return Promise.resolve();
    }
    counter += 1;
    const full: AnalyticsEventInput = {
      ...event,
      event_type: event.event_type.startsWith(EVENT_PREFIX) ? event.event_type : `${EVENT_PREFIX}${event.event_type}`,
      time: now(),
      insert_id: `${options.deviceId.slice(0, 40)}-${now().toString(36)}-${counter}`.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 64),
      device_id: options.deviceId,
      user_id: options.userId?.() ?? null,
      user_properties: userProperties(),
    };
    return new Promise<void>((resolve, reject) => queue.push({ event: full, resolve, reject }));
  }

  async function uploadBatch(batch: Queued[]): Promise<void> {
    let response: Response;
    try {
      response = await doFetch(options.endpoint, {
        method: "POST",
        body: uploadBody(
          options.apiKey,
          batch.map((q) => q.event),
          now(),
        ),
        keepalive: true,
      });
    } catch (error) {
      warn("analytics upload failed", error);
      for (const item of batch) item.reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    await discardBody(response);
    if (response.status === 200) {
      for (const item of batch) item.resolve();
      return;
    }
    if (response.status === 413) {
      if (batch.length === 1) {
        warn("analytics event dropped: too large to upload");
        batch[0].reject(new Error("analytics event too large"));
        return;
      }
      // Too large: halve the batch and send each half as its own upload; later batches stay this small.
      const half = Math.ceil(batch.length / 2);
      batchSize = Math.min(batchSize, half);
      await uploadBatch(batch.slice(0, half));
      await uploadBatch(batch.slice(half));
      return;
    }
    warn(`analytics upload answered ${response.status}`);
    for (const item of batch) item.reject(new Error(`analytics upload answered ${response.status}`));
  }

  /** Sends everything queued, a batch at a time. Concurrent calls share one run. */
  function flush(): Promise<void> {
    if (off()) {
      discard();
      return Promise.resolve();
    }
    flushing ??= (async () => {
      try {
        while (queue.length > 0 && !off()) await uploadBatch(queue.splice(0, batchSize));
        if (off()) discard();
      } finally {
        flushing = null;
      }
    })();
    return flushing;
  }

  /** The page is being hidden: hand what is queued to the browser to deliver after we are gone. */
  function flushByBeacon(): void {
    if (off()) return discard();
    if (!options.sendBeacon) return void flush();
    while (queue.length > 0) {
      const batch = queue.splice(0, batchSize);
      const handed = options.sendBeacon(
        options.endpoint,
        uploadBody(
          options.apiKey,
          batch.map((q) => q.event),
          now(),
        ),
      );
      if (handed) batch.forEach((item) => item.resolve());
      else {
        warn("analytics beacon refused");
        batch.forEach((item) => item.reject(new Error("analytics beacon refused")));
      }
    }
  }

  return {
    track: (name: string, properties?: Record<string, unknown>) => enqueue({ event_type: name, event_properties: properties }),
    /** Ignored (resolves, sends nothing) unless price and quantity are numbers. */
    revenue(input: { productId: string; price: unknown; quantity?: unknown }, properties?: Record<string, unknown>): Promise<void> {
      const fields = revenueFields(input);
      if (!fields) return Promise.resolve();
      return enqueue({ event_type: "Revenue", event_properties: properties, ...fields });
    },
    flush,
    flushByBeacon,
    /** The current batch size (halved after a 413). */
    batchSize: () => batchSize,
    queued: () => queue.length,
  };
}

export type AnalyticsClient = ReturnType<typeof createAnalyticsClient>;
