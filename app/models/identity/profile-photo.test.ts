import { describe, expect, it } from "vitest";
import { ERRORS } from "~/lib/errors";
import {
  hexColor,
  isPhotoFileName,
  photoFileName,
  photoFileNameFromUrl,
  photoUrlFor,
  sniffPhotoType,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
} from "./profile-photo";

const bytes = (...values: Array<number | string>) =>
  new Uint8Array(values.flatMap((v) => (typeof v === "string" ? Array.from(v, (c) => c.charCodeAt(0)) : [v])));

describe("profile photo rules", () => {
  it("knows an image by its first bytes, not its name", () => {
    expect(sniffPhotoType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("jpeg");
    expect(sniffPhotoType(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a))).toBe("png");
    expect(sniffPhotoType(bytes("RIFF", 0, 0, 0, 0, "WEBPVP8 "))).toBe("webp");
    expect(sniffPhotoType(bytes("GIF89a"))).toBe("gif");
    expect(sniffPhotoType(bytes(0, 0, 0, 28, "ftypavif"))).toBe("avif");
    expect(sniffPhotoType(bytes(0, 0, 0, 24, "ftypheic"))).toBe("heic");
  });

  it.each([
    ["a shell script", "#!/bin/sh\nrm -rf /\n"],
    ["an HTML page with a script", "<html><script>alert(1)</script>"],
    ["an SVG", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ["a PDF", "%PDF-1.7\n"],
    ["a TIFF", "II*\u0000"],
    ["an MP4 video", "\u0000\u0000\u0000\u0018ftypisom"],
    ["nothing", ""],
    ["half a JPEG marker", "\u00ff\u00d8"],
  ])("refuses %s", (_name, text) => {
    expect(sniffPhotoType(bytes(text))).toBeNull();
  });

  it("names each photo with 128 random bits and reads back only such names", () => {
    const name = photoFileName("0123456789abcdef0123456789abcdef");
    expect(name).toBe("0123456789abcdef0123456789abcdef.webp");
    expect(isPhotoFileName(name)).toBe(true);
    expect(() => photoFileName("short")).toThrow(RangeError);
    for (const bad of ["../../etc/passwd", "0123456789abcdef0123456789abcdef.svg", "0123456789ABCDEF0123456789ABCDEF.webp", "a.webp", ""]) {
      expect(isPhotoFileName(bad)).toBe(false);
    }
    expect(photoUrlFor(name)).toBe(`/images/members/${name}`);
    expect(photoFileNameFromUrl(photoUrlFor(name))).toBe(name);
    expect(photoFileNameFromUrl("https://elsewhere.example/images/members/" + name)).toBeNull();
    expect(photoFileNameFromUrl("/images/members/../secret.webp")).toBeNull();
    expect(photoFileNameFromUrl(null)).toBeNull();
  });

  it("writes colours as #rrggbb, clamped", () => {
    expect(hexColor({ r: 200, g: 120, b: 88 })).toBe("#c87858");
    expect(hexColor({ r: -3, g: 300, b: 15.6 })).toBe("#00ff10");
  });

  it("says the same limits the code applies", () => {
    expect(ERRORS.photo_too_large.message).toContain(`${PHOTO_MAX_BYTES / 1024 / 1024} MB`);
    expect(ERRORS.photo_too_many_pixels.message).toContain(`${PHOTO_MAX_PIXELS / 1_000_000} megapixels`);
  });
});
