import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { getEnv } from "~/lib/env.server";

/**
 * Where profile photos are kept: one interface, two adapters. The demo keeps them on disk under
 * UPLOADS_DIR; production keeps them in Cloud Storage (FIREBASE_STORAGE_BUCKET). Either way they are
 * served by the app's own image route, so the browser only ever sees our origin.
 */
export interface PhotoStorage {
  readonly kind: "disk" | "cloud-storage";
  /** Writes a whole file under `name`, replacing nothing: names are new for every upload. */
  put(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(name: string): Promise<Buffer | null>;
  /** Removes the file; a file already gone is not an error. */
  delete(name: string): Promise<void>;
}

// Names are chosen by the app (32 hex digits), never by the sender; checked again here so no other
// name can reach a path or an object key.
type Bucket = ReturnType<import("firebase-admin/storage").Storage["bucket"]>;

const SAFE_NAME = /^[0-9a-f]{32}\.webp$/;
/** Members' photos (settings) and teachers' portraits (staff pages) are kept apart, one folder each. */
export type PhotoFolder = "members" | "teachers";
const FOLDER: PhotoFolder = "members";

function checkName(name: string) {
  if (!SAFE_NAME.test(name)) throw new RangeError("not a photo file name");
}

/** Photos as files in `<dir>/members/`, each written to a temporary name and renamed, so a reader never sees half a file. */
export function createDiskPhotoStorage(dir: string, kept: PhotoFolder = FOLDER): PhotoStorage {
  const folder = join(resolve(dir), kept);
  return {
    kind: "disk",
    async put(name, bytes) {
      checkName(name);
      await mkdir(folder, { recursive: true });
      const temporary = join(folder, `.${name}.${randomBytes(6).toString("hex")}.tmp`);
      await writeFile(temporary, bytes);
      await rename(temporary, join(folder, name));
    },
    async get(name) {
      checkName(name);
      try {
        return await readFile(join(folder, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(name) {
      checkName(name);
      await rm(join(folder, name), { force: true });
    },
  };
}

/**
 * Photos as objects `members/<name>` in a Cloud Storage bucket, through firebase-admin (credentials
 * from the environment, as for Firestore). Not run in the demo or the tests: there is no Storage
 * emulator here. firebase-admin is loaded on first use, so the demo never pays for it.
 */
export function createCloudPhotoStorage(bucketName: string, projectId?: string, kept: PhotoFolder = FOLDER): PhotoStorage {
  let bucket: Promise<Bucket> | undefined;
  const getBucket = () =>
    (bucket ??= (async () => {
      const { getApps, initializeApp } = await import("firebase-admin/app");
      const { getStorage } = await import("firebase-admin/storage");
      const appName = `photos-${bucketName}`;
      const app =
        getApps().find((candidate) => candidate.name === appName) ?? initializeApp({ projectId, storageBucket: bucketName }, appName);
      return getStorage(app).bucket(bucketName);
    })());
  const file = async (name: string) => {
    checkName(name);
    return (await getBucket()).file(`${kept}/${name}`);
  };
  return {
    kind: "cloud-storage",
    async put(name, bytes, contentType) {
      await (
        await file(name)
      ).save(Buffer.from(bytes), { resumable: false, contentType, metadata: { cacheControl: "private, max-age=31536000, immutable" } });
    },
    async get(name) {
      try {
        const [contents] = await (await file(name)).download();
        return contents;
      } catch (error) {
        if ((error as { code?: unknown }).code === 404) return null;
        throw error;
      }
    },
    async delete(name) {
      await (await file(name)).delete({ ignoreNotFound: true });
    },
  };
}

const storages = new Map<PhotoFolder, PhotoStorage>();

/** The configured photo storage of a folder: Cloud Storage when a bucket is named, the uploads folder otherwise. */
export function getPhotoStorage(folder: PhotoFolder = FOLDER): PhotoStorage {
  const known = storages.get(folder);
  if (known) return known;
  const env = getEnv();
  const storage = env.FIREBASE_STORAGE_BUCKET
    ? createCloudPhotoStorage(env.FIREBASE_STORAGE_BUCKET, env.FIREBASE_PROJECT_ID, folder)
    : createDiskPhotoStorage(env.UPLOADS_DIR, folder);
  storages.set(folder, storage);
  return storage;
}

/** Swaps the storage of a folder, for tests that bring their own. */
export function setPhotoStorageForTests(next: PhotoStorage | undefined, folder: PhotoFolder = FOLDER) {
  if (next) storages.set(folder, next);
  else storages.delete(folder);
}
