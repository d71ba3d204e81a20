import { createSign } from "node:crypto";
import type { StreamRequest, StreamSources, Streaming } from "./port";

/**
 * Mux Video with signed playback (docs/decisions/020-on-demand-streaming.md): each class's `mediaId` is a
 * signed playback id of the picture-and-music asset, and `voiceMediaId`, when set, of the voice-only
 * asset. A token is an RS256 JWT (`sub` the playback id, `aud` "v", `exp`, header `kid` the signing
 * key's id) made here with the signing key's private half; Mux checks it at the edge.
 */

const TOKEN_SECONDS = 6 * 3600;
const PLAYBACK_ID = /^[A-Za-z0-9]{10,80}$/;

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString("base64url");
}

export function muxToken(playbackId: string, options: { keyId: string; privateKeyPem: string; expiresAt: number }): string {
  const header = base64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid: options.keyId }));
  const payload = base64url(JSON.stringify({ sub: playbackId, aud: "v", exp: options.expiresAt, kid: options.keyId }));
  const signer = createSign("RSA-SHA256");
  signer.update(`${header}.${payload}`);
  return `${header}.${payload}.${signer.sign(options.privateKeyPem).toString("base64url")}`;
}

export function createMuxStreaming(options: { keyId: string; privateKeyBase64: string; streamOrigin?: string }): Streaming {
  const privateKeyPem = Buffer.from(options.privateKeyBase64, "base64").toString("utf8");
  const origin = options.streamOrigin ?? "https://stream.mux.com";
  const url = (playbackId: string, expiresAt: number) =>
    `${origin}/${playbackId}.m3u8?token=${muxToken(playbackId, { keyId: options.keyId, privateKeyPem, expiresAt })}`;
  return {
    name: "mux",
    async sources({ mediaId, voiceMediaId, now = Date.now() }: StreamRequest): Promise<StreamSources | null> {
      if (!PLAYBACK_ID.test(mediaId)) return null;
      const expiresAt = Math.floor(now / 1000) + TOKEN_SECONDS;
      return {
        picture: url(mediaId, expiresAt),
        voice: voiceMediaId && PLAYBACK_ID.test(voiceMediaId) ? url(voiceMediaId, expiresAt) : null,
        expiresAt,
      };
    },
  };
}
