/** True for this machine's own names (localhost, 127.0.0.1, [::1]); the site address's config decides what follows from it. */
export function isLocalRequest(url: URL): boolean {
  return ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}
