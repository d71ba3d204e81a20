import { isIP } from "node:net";
import { getEnv } from "~/lib/env.server";

/**
 * Where a visitor is, from their address (issue 13, §3 location info, §7, §8; docs/decisions/024).
 * Sources in order: a small built-in table of test addresses (the California and Europe overrides,
 * documentation-only addresses no real visitor has), then the functions API's
 * `geolocate/getLocationDataFromIPAddress` when configured, then the public trace service (`key=value`
 * lines) when configured. Any failure leaves the location unset; answers are cached per address.
 */

export interface LocationInfo {
  isInitialized: true;
  isInAmerica: boolean;
  isElsewhere: boolean;
  countryCode: string | null;
  isInCalifornia: boolean;
  city: string | null;
  state: string | null;
}

export interface GeolocationSources {
  functionsUrl?: string;
  traceUrl?: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

/** The test addresses (RFC 5737 documentation ranges): the overrides §9 names, and one more US city. */
export const TEST_LOCATIONS: Readonly<Record<string, LocationInfo>> = {
  "203.0.113.10": {
    isInitialized: true,
    isInAmerica: true,
    isElsewhere: false,
    countryCode: "US",
    isInCalifornia: true,
    city: "San Francisco",
    state: "CA",
  },
  "198.51.100.20": {
    isInitialized: true,
    isInAmerica: false,
    isElsewhere: true,
    countryCode: "DE",
    isInCalifornia: false,
    city: "Berlin",
    state: null,
  },
  "192.0.2.30": {
    isInitialized: true,
    isInAmerica: true,
    isElsewhere: false,
    countryCode: "US",
    isInCalifornia: false,
    city: "Brooklyn",
    state: "NY",
  },
};

const OK_TTL_MS = 24 * 60 * 60 * 1000;
const FAILED_TTL_MS = 5 * 60 * 1000;
const MAX_ENTRIES = 5_000;

function located(countryCode: string | null, isInCalifornia: boolean, city: string | null, state: string | null): LocationInfo {
  const code = countryCode && /^[A-Za-z]{2}$/.test(countryCode) ? countryCode.toUpperCase() : null;
  const isInAmerica = isInCalifornia || code === "US";
  return {
    isInitialized: true,
    isInAmerica,
    isElsewhere: code !== null && !isInAmerica,
    countryCode: isInCalifornia ? "US" : code,
    isInCalifornia,
    city,
    state,
  };
}

function text(value: unknown, max = 80): string | null {
  return typeof value === "string" && value.trim() && value.length <= max ? value.trim() : null;
}

/** The functions API's answer: reads isInCalifornia, city, state (and a country when it gives one). */
export function readFunctionsAnswer(body: unknown): LocationInfo | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const record = body as Record<string, unknown>;
  if (typeof record.isInCalifornia !== "boolean") return null;
  const country = text(record.countryCode) ?? text(record.country);
  return located(country ?? (record.isInCalifornia ? "US" : null), record.isInCalifornia, text(record.city), text(record.state));
}

/** The trace service's `key=value` lines: `ip` and `loc` (a country code). */
export function readTraceAnswer(body: string): { ip: string; loc: string } | null {
  const fields = new Map<string, string>();
  for (const line of body.slice(0, 4_096).split(/\r?\n/)) {
    const at = line.indexOf("=");
    if (at > 0) fields.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  const ip = fields.get("ip");
  const loc = fields.get("loc");
  if (!ip || !isIP(ip) || !loc || !/^[A-Za-z]{2}$/.test(loc)) return null;
  return { ip, loc: loc.toUpperCase() };
}

/** A cleaned address: IPv4-mapped IPv6 as IPv4; anything that is not an address is null. */
export function normaliseAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  const trimmed = address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  return isIP(trimmed) ? trimmed : null;
}

export function createGeolocation(sources: GeolocationSources) {
  const fetchFn = sources.fetch ?? globalThis.fetch;
  const timeoutMs = sources.timeoutMs ?? 1_500;
  const cache = new Map<string, { value: LocationInfo | null; until: number }>();
  const inflight = new Map<string, Promise<LocationInfo | null>>();

  async function fromFunctions(address: string): Promise<LocationInfo | null> {
    if (!sources.functionsUrl) return null;
    const url = new URL(`${sources.functionsUrl.replace(/\/+$/, "")}/geolocate/getLocationDataFromIPAddress`);
    url.searchParams.set("ipAddress", address);
    const response = await fetchFn(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`functions API status ${response.status}`);
    return readFunctionsAnswer(await response.json());
  }

  async function fromTrace(address: string): Promise<LocationInfo | null> {
    if (!sources.traceUrl) return null;
    const response = await fetchFn(sources.traceUrl, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`trace status ${response.status}`);
    const trace = readTraceAnswer(await response.text());
    // The trace service describes whoever asks: its answer counts only when that is the visitor.
    if (!trace || normaliseAddress(trace.ip) !== address) return null;
    // A country alone cannot place anyone inside or outside California.
    return located(trace.loc, false, null, null);
  }

  async function lookUp(address: string): Promise<LocationInfo | null> {
    for (const source of [fromFunctions, fromTrace]) {
      try {
        const found = await source(address);
        if (found) return found;
      } catch (error) {
        console.warn(
          JSON.stringify({
            level: "warn",
            msg: "geolocation failed",
            source: source.name,
            cause: error instanceof Error ? error.message.slice(0, 120) : "unknown",
          }),
        );
      }
    }
    return null;
  }

  /** The visitor's location, or null (unset) when no source knows or every source failed. */
  async function locate(rawAddress: string | null | undefined): Promise<LocationInfo | null> {
    const address = normaliseAddress(rawAddress);
    if (!address) return null;
    if (Object.hasOwn(TEST_LOCATIONS, address)) return TEST_LOCATIONS[address];
    const hit = cache.get(address);
    if (hit && hit.until > Date.now()) return hit.value;
    const running = inflight.get(address);
    if (running) return running;
    const promise = lookUp(address)
      .then((value) => {
        cache.delete(address);
        if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
        cache.set(address, { value, until: Date.now() + (value ? OK_TTL_MS : FAILED_TTL_MS) });
        return value;
      })
      .finally(() => inflight.delete(address));
    inflight.set(address, promise);
    return promise;
  }

  return { locate };
}

let geolocation: ReturnType<typeof createGeolocation> | undefined;

/** The process's geolocation, from GEOLOCATION_FUNCTIONS_URL and GEOLOCATION_TRACE_URL (either may be unset). */
export function getGeolocation() {
  const env = getEnv();
  geolocation ??= createGeolocation({ functionsUrl: env.GEOLOCATION_FUNCTIONS_URL, traceUrl: env.GEOLOCATION_TRACE_URL });
  return geolocation;
}
