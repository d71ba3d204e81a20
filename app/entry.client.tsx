import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

/**
 * Hydration waits until the loader data streamed into the page is decoded (ADR 010). With single
 * fetch, RemixBrowser's first render throws a promise while it decodes that data; a key pressed in
 * that gap made React 18 hydrate the root synchronously, and with no Suspense boundary above the
 * router it threw error #345 and left the page un-hydrated. Starting the decoding ourselves and
 * awaiting it first means hydration never suspends.
 */
async function hydrate() {
  await decodeServerData();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

/**
 * RemixBrowser (Remix 2.17) begins with: no router yet and single fetch on, so decode
 * `window.__remixContext.stream` once and throw the pending promise. That first step runs before any
 * hook, so calling the component once outside React starts the decoding and hands us the promise.
 * Anything else (a later Remix that no longer throws, a router already made) is left alone: React
 * then hydrates exactly as before.
 */
async function decodeServerData() {
  const context = (window as { __remixContext?: { future?: { v3_singleFetch?: boolean }; stream?: unknown; state?: unknown } })
    .__remixContext;
  if (!context?.future?.v3_singleFetch || !context.stream) return;
  try {
    (RemixBrowser as unknown as (props: object) => unknown)({});
  } catch (thrown) {
    if (thrown && typeof (thrown as PromiseLike<unknown>).then === "function") {
      await Promise.resolve(thrown as PromiseLike<unknown>).catch(() => undefined);
    }
  }
}

void hydrate();
