import { getEnv } from "~/lib/env.server";
import { createDemoStreaming } from "./demo.server";
import { createMuxStreaming } from "./mux.server";
import type { Streaming } from "./port";

/** The one place that picks where on-demand classes stream from: STREAMING_PROVIDER=demo or mux. */
let streaming: Streaming | undefined;
let demo: ReturnType<typeof createDemoStreaming> | undefined;

export function getStreaming(): Streaming {
  if (streaming) return streaming;
  const env = getEnv();
  streaming =
    getDemoStreaming() ??
    createMuxStreaming({ keyId: env.MUX_SIGNING_KEY_ID!, privateKeyBase64: env.MUX_SIGNING_PRIVATE_KEY! });
  return streaming;
}

/** The demo packages, for the media route; null unless STREAMING_PROVIDER=demo. */
export function getDemoStreaming(): ReturnType<typeof createDemoStreaming> | null {
  if (getEnv().STREAMING_PROVIDER !== "demo") return null;
  demo ??= createDemoStreaming({ root: getEnv().DEMO_MEDIA_DIR });
  return demo;
}

/** Origins the player needs, for the Content-Security-Policy. */
export function streamingOrigins(): string[] {
  return getEnv().STREAMING_PROVIDER === "mux" ? ["https://stream.mux.com", "https://*.mux.com"] : [];
}
