import { createAnalyticsClient, type AnalyticsClient, type UserProperties } from "./analytics.client";
import { isOptedOut } from "~/platform/privacy-cookie";

/**
 * The analytics client as the pages use it (issue 13), loaded only after the page is interactive and
 * never for a visitor who opted out (the `stillhour_privacy` cookie set on /privacy/choices). It reads
 * its key, endpoint and the member's facts from the root loader's data, reports page views, reports
 * elements marked `data-track-view` once a fifth of them is visible (§9 threshold 0.2), uploads every
 * few seconds and by beacon when the page is hidden.
 */

export const VIEW_THRESHOLD = 0.2;
const FLUSH_EVERY_MS = 5_000;
const DEVICE_KEY = "stillhour:device";

interface RootData {
  /** `userId` is the member's pseudonym; `contact` is null unless the operator turned contact details on. */
  analytics?: {
    key: string;
    endpoint: string;
    userId?: string | null;
    contact?: Pick<UserProperties, "fullName" | "email" | "phone"> | null;
  } | null;
  variants?: Record<string, string>;
  member?: {
    uid: string;
    isSubscribed: boolean;
    record?: {
      firstName?: string | null;
      lastName?: string | null;
      email?: string | null;
      phoneNumber?: string | null;
      subscriptionStatus?: string | null;
      subscriptionExpirationDate?: number | null;
    };
  } | null;
}

function rootData(): RootData {
  const router = (window as unknown as { __remixRouter?: { state: { loaderData: Record<string, unknown> } } }).__remixRouter;
  return (router?.state.loaderData.root as RootData | undefined) ?? {};
}

function deviceId(): string {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return "no-storage";
  }
}

/**
 * §7 user properties from what the page already knows. Name, e-mail and phone only when the server's
 * analytics configuration carries them (the operator's choice, off by default): never from the record.
 */
export function userPropertiesFrom(data: RootData): Partial<UserProperties> {
  const member = data.member ?? null;
  const record = member?.record ?? {};
  const contact = data.analytics?.contact ?? null;
  return {
    ...(contact ? { fullName: contact.fullName ?? null, email: contact.email ?? null, phone: contact.phone ?? null } : {}),
    subscribed: member?.isSubscribed ?? false,
    subscriptionStatus: record.subscriptionStatus ?? null,
    expirationDate: record.subscriptionExpirationDate ?? null,
    anonymous: !member,
    paymentCustomerId: null,
    experiments: data.variants ?? {},
  };
}

let client: AnalyticsClient | null = null;
let observer: IntersectionObserver | null = null;
const seenElements = new WeakSet<Element>();

function start(): AnalyticsClient | null {
  if (client) return client;
  const config = rootData().analytics;
  if (!config?.key || isOptedOut(document.cookie)) return null;
  client = createAnalyticsClient({
    endpoint: config.endpoint,
    apiKey: config.key,
    deviceId: deviceId(),
    // The pseudonym the server handed the page; the collector keeps no other.
    userId: () => (rootData().member ? (rootData().analytics?.userId ?? null) : null),
    userProperties: () => userPropertiesFrom(rootData()),
    optedOut: () => isOptedOut(document.cookie),
    sendBeacon: (url, body) => navigator.sendBeacon(url, body),
    window: () => ({ width: window.innerWidth, height: window.innerHeight }),
  });
  const active = client;
  const swallow = () => undefined; // failures are already logged as warnings by the client
  window.setInterval(() => void active.flush().catch(swallow), FLUSH_EVERY_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") active.flushByBeacon();
  });
  if ("IntersectionObserver" in window) {
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting || seenElements.has(entry.target)) continue;
          seenElements.add(entry.target);
          observer?.unobserve(entry.target);
          void active
            .track("Element_Viewed", { name: (entry.target as HTMLElement).dataset.trackView ?? "", path: location.pathname })
            .catch(swallow);
        }
      },
      { threshold: VIEW_THRESHOLD },
    );
  }
  return client;
}

/** A page view, for a route whose handle keeps view tracking on; also starts watching marked elements. */
export function pageView(path: string) {
  const active = start();
  if (!active) return;
  void active.track("Page_Viewed", { path }).catch(() => undefined);
  // Elements of the new page: observe after it has rendered.
  requestAnimationFrame(() => document.querySelectorAll("[data-track-view]").forEach((element) => observer?.observe(element)));
}
