/**
 * The address rate limits count by (the limits themselves are app/platform/rate-limit.server.ts).
 * The front door sets `x-client-ip` from Express's `req.ip`, which believes only TRUST_PROXY_HOPS
 * proxies' X-Forwarded-For entries, and drops any `x-client-ip` the client sent.
 */
export function clientAddress(request: Request): string {
  return request.headers.get("x-client-ip") || "unknown";
}
