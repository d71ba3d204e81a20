import { createReadStream, existsSync, statSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { StreamRequest, StreamSources, Streaming } from "./port";

/**
 * The demo's streaming: HLS packages in `media/demo/<mediaId>/` (made by scripts/make-demo-media.mjs),
 * served by this site under /media/<mediaId>/… to members only (the route checks before calling
 * `mediaResponse`). Each package has `picture.m3u8` (picture and music) and `voice.m3u8` (the voice).
 */

const FILE_PATTERN = /^(picture|voice)(\.m3u8|-\d{3}\.ts)$/;
const ID_PATTERN = /^[a-z0-9-]{1,80}$/;
const TYPES: Record<string, string> = { ".m3u8": "application/vnd.apple.mpegurl", ".ts": "video/mp2t" };

export function createDemoStreaming(
  options: { root?: string } = {},
): Streaming & { mediaResponse(mediaId: string, file: string): Response | null } {
  const root = path.resolve(options.root ?? "media/demo");
  const packagePath = (mediaId: string, file: string) =>
    ID_PATTERN.test(mediaId) && FILE_PATTERN.test(file) ? path.join(root, mediaId, file) : null;
  return {
    name: "demo",
    async sources({ mediaId, now = Date.now() }: StreamRequest): Promise<StreamSources | null> {
      const picture = packagePath(mediaId, "picture.m3u8");
      if (!picture || !existsSync(picture)) return null;
      const voice = packagePath(mediaId, "voice.m3u8");
      return {
        picture: `/media/${mediaId}/picture.m3u8`,
        voice: voice && existsSync(voice) ? `/media/${mediaId}/voice.m3u8` : null,
        expiresAt: Math.floor(now / 1000) + 6 * 3600,
      };
    },
    /** The file's response, or null when the name is not one of a package's files or it is absent. */
    mediaResponse(mediaId: string, file: string): Response | null {
      const filePath = packagePath(mediaId, file);
      if (!filePath) return null;
      let size: number;
      try {
        const stat = statSync(filePath);
        if (!stat.isFile()) return null;
        size = stat.size;
      } catch {
        return null;
      }
      const body = Readable.toWeb(createReadStream(filePath)) as ReadableStream<Uint8Array>;
      return new Response(body, {
        headers: {
          "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream",
          "Content-Length": String(size),
          // Members only: a browser may keep it, a shared cache may not.
          "Cache-Control": "private, max-age=3600",
        },
      });
    },
  };
}
