/**
 * Reads a response's body to the end when the caller only needs its status. Chrome keeps a compressed,
 * chunked response it was never asked to read open: the connection cannot be reused, and the page never
 * counts as quiet (Lighthouse then waits out its 45 s limit). A failed read changes nothing.
 */
export async function discardBody(response: Response): Promise<void> {
  try {
    await response.arrayBuffer();
  } catch {
    // Aborted or already read: nothing is left open either way.
  }
}
