/**
 * Where on-demand classes stream from (issue 10; docs/decisions/020-on-demand-streaming.md). One port,
 * two adapters: the demo's own HLS packages served by this site to members only, and Mux with signed
 * playback tokens. Addresses are made per request for a member who may play, and are never put in a
 * cached or public page.
 */

export interface StreamSources {
  /** HLS of the picture with the music bed (or the whole mix, where the source has no separate voice). */
  picture: string;
  /** HLS of the guiding voice alone, when the source carries it apart; played beside `picture`. */
  voice: string | null;
  /** Unix seconds after which the addresses stop working. */
  expiresAt: number;
}

export interface StreamRequest {
  mediaId: string;
  voiceMediaId: string | null;
  now?: number;
}

export interface Streaming {
  readonly name: "demo" | "mux";
  sources(request: StreamRequest): Promise<StreamSources | null>;
}
