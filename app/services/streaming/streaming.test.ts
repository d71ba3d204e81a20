import { createVerify, generateKeyPairSync } from "node:crypto";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createDemoStreaming } from "./demo.server";
import { createMuxStreaming, muxToken } from "./mux.server";

const MEDIA = path.resolve("media/demo");

describe("the demo streaming", () => {
  const demo = createDemoStreaming({ root: MEDIA });

  it("answers this site's addresses for a package that exists, with the voice apart", async () => {
    const sources = await demo.sources({ mediaId: "settle-in", voiceMediaId: null, now: 1_000_000 });
    expect(sources).toEqual({ picture: "/media/settle-in/picture.m3u8", voice: "/media/settle-in/voice.m3u8", expiresAt: 1000 + 6 * 3600 });
    expect(await demo.sources({ mediaId: "no-such-class", voiceMediaId: null })).toBeNull();
    expect(await demo.sources({ mediaId: "../etc", voiceMediaId: null })).toBeNull();
  });

  it("serves only a package's own files, with their types, never anything beside them", async () => {
    const playlist = demo.mediaResponse("settle-in", "picture.m3u8")!;
    expect(playlist.headers.get("Content-Type")).toBe("application/vnd.apple.mpegurl");
    expect(playlist.headers.get("Cache-Control")).toBe("private, max-age=3600");
    expect(await playlist.text()).toContain("#EXT-X-ENDLIST");
    expect(demo.mediaResponse("settle-in", "voice-000.ts")!.headers.get("Content-Type")).toBe("video/mp2t");
    for (const [id, file] of [
      ["settle-in", "transcript.json"],
      ["settle-in", "../index.json"],
      ["..", "README.md"],
      ["settle-in", "picture-999.ts"],
      ["settle-in", "picture.m3u8%00"],
      ["SETTLE-IN", "picture.m3u8"],
    ]) {
      expect(demo.mediaResponse(id, file), `${id}/${file}`).toBeNull();
    }
  });
});

describe("Mux signed playback", () => {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();

  it("signs an RS256 token for one playback id that Mux's public key verifies", () => {
    const token = muxToken("abcDEF1234567890", { keyId: "KeyId123456", privateKeyPem: pem, expiresAt: 2_000_000_000 });
    const [header, payload, signature] = token.split(".");
    expect(JSON.parse(Buffer.from(header, "base64url").toString())).toEqual({ alg: "RS256", typ: "JWT", kid: "KeyId123456" });
    expect(JSON.parse(Buffer.from(payload, "base64url").toString())).toMatchObject({
      sub: "abcDEF1234567890",
      aud: "v",
      exp: 2_000_000_000,
    });
    const verifier = createVerify("RSA-SHA256");
    verifier.update(`${header}.${payload}`);
    expect(verifier.verify(publicKey, Buffer.from(signature, "base64url"))).toBe(true);
  });

  it("gives the picture and the voice their own signed addresses, and refuses ids that are not playback ids", async () => {
    const mux = createMuxStreaming({ keyId: "KeyId123456", privateKeyBase64: Buffer.from(pem).toString("base64") });
    const sources = await mux.sources({ mediaId: "picturePlayback01", voiceMediaId: "voicePlayback0001", now: 0 });
    expect(sources?.picture).toMatch(/^https:\/\/stream\.mux\.com\/picturePlayback01\.m3u8\?token=[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sources?.voice).toMatch(/^https:\/\/stream\.mux\.com\/voicePlayback0001\.m3u8\?token=/);
    expect(sources?.expiresAt).toBe(6 * 3600);
    expect((await mux.sources({ mediaId: "picturePlayback01", voiceMediaId: null }))?.voice).toBeNull();
    expect(await mux.sources({ mediaId: "bad/id", voiceMediaId: null })).toBeNull();
  });
});
