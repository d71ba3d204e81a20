/** True for this machine's own addresses, served over plain HTTP: no HSTS, no Secure cookies. */
export function isLocalRequest(url: URL): boolean {
  return ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}
