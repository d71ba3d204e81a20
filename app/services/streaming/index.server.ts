import { getEnv, isDemo, requiredSetting } from "~/lib/env.server";
import { createDemoStreaming } from "./demo.server";
import { createMuxStreaming } from "./mux.server";
import type { Streaming } from "./port";

/** The one place that picks where on-demand classes stream from: STREAMING_PROVIDER=demo (APP_ENV=demo only) or mux. */
let streaming: Streaming | undefined;
let demo: ReturnType<typeof createDemoStreaming> | undefined;

export function getStreaming(): Streaming {
  if (streaming) return streaming;
  const env = getEnv();
  if (env.STREAMING_PROVIDER === "mux") {
    streaming = createMuxStreaming({
      keyId: requiredSetting(env, "MUX_SIGNING_KEY_ID", "STREAMING_PROVIDER=mux"),
      privateKeyBase64: requiredSetting(env, "MUX_SIGNING_PRIVATE_KEY", "STREAMING_PROVIDER=mux"),
    });
    return streaming;
  }
  // Refused at start outside the demo; this holds if a process got through anyway.
  const demoStreaming = getDemoStreaming();
  if (!demoStreaming) throw new Error("STREAMING_PROVIDER=demo runs only with APP_ENV=demo");
  streaming = demoStreaming;
  return streaming;
}

/** The demo packages, for the media route; null unless STREAMING_PROVIDER=demo in the demo. */
export function getDemoStreaming(): ReturnType<typeof createDemoStreaming> | null {
  if (getEnv().STREAMING_PROVIDER !== "demo" || !isDemo()) return null;
  demo ??= createDemoStreaming({ root: getEnv().DEMO_MEDIA_DIR });
  return demo;
}

/** Origins the player needs, for the Content-Security-Policy. */
export function streamingOrigins(): string[] {
  return getEnv().STREAMING_PROVIDER === "mux" ? ["https://stream.mux.com", "https://*.mux.com"] : [];
}
