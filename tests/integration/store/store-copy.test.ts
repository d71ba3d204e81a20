import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FirestoreServer } from "@firestore-emulator/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createFirestoreStore } from "../../../app/services/store/firestore.server";
import { createSqliteStore } from "../../../app/services/store/sqlite.server";
import { copyStore, CopyProgressError, type CopyProgress } from "../../../app/services/store/copy.server";
import { copySqliteToFirestore } from "../../../app/services/store/commands.server";
import type { DocumentStore } from "../../../app/services/store/port.server";

/**
 * Issue 37, step 7: `npm run store:copy`, SQLite to Firestore through the port's Firestore driver,
 * against the in-process emulator (@firestore-emulator/server, as the store contract suite uses it).
 * What it can check: every document arrives with its data, a copy cut short carries on from its
 * progress file without copying a page twice, a second run writes nothing, and the counts per
 * collection match. What it cannot: the emulator has no transaction isolation and its set() merges
 * (ADR 003), so a copy over documents that already differ in Firestore is not proven here; the copy
 * writes into an empty project, where neither matters.
 */

const Any = z.record(z.unknown());
const dir = mkdtempSync(join(tmpdir(), "stillhour-copy-"));
const server = new FirestoreServer();
let previousHost: string | undefined;
let source: DocumentStore;
const sourceFile = join(dir, "stillhour.sqlite");

beforeAll(async () => {
  // FirestoreServer.start() binds 0.0.0.0; bind its gRPC server ourselves to 127.0.0.1 on a free port.
  const grpc = createRequire(createRequire(import.meta.url).resolve("@firestore-emulator/server"))(
    "@grpc/grpc-js",
  ) as typeof import("@grpc/grpc-js");
  const inner = (server as unknown as { server: import("@grpc/grpc-js").Server }).server;
  const port = await new Promise<number>((resolve, reject) =>
    inner.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  previousHost = process.env.FIRESTORE_EMULATOR_HOST;
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;

  source = createSqliteStore(sourceFile);
  for (let i = 0; i < 230; i++)
    await source.set("classes", `class-${String(i).padStart(4, "0")}`, {
      title: `Evening calm ${i}`,
      capacity: 12,
      startsAt: 1_800_000_000_000 + i * 3_600_000,
      tags: ["breath", "rest"],
      host: { name: "Amara", slug: "amara" },
    });
  for (let i = 0; i < 7; i++) await source.set("teachers", `teacher-${i}`, { name: `Teacher ${i}`, active: i % 2 === 0, rating: 4.5 });
  await source.set("siteConfig", "banner", { text: "Welcome in", shown: true, order: [3, 1, 2] });
}, 60_000);

afterAll(async () => {
  await source.close();
  server.stop();
  if (previousHost === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
  else process.env.FIRESTORE_EMULATOR_HOST = previousHost;
  rmSync(dir, { recursive: true, force: true });
});

describe("store:copy from SQLite to Firestore", () => {
  it("copies every document, picks up where a cut-short run stopped, and counts per collection", async () => {
    const target = createFirestoreStore({ projectId: "demo-stillhour-copy-a" });
    const progressFile = join(dir, "copy-a.json");
    const names = { source: sourceFile, target: "firestore:demo-stillhour-copy-a" };
    try {
      // Cut short after the second page of classes (a crash, a lost connection).
      let pages = 0;
      await expect(
        copyStore(source, target, {
          names,
          progressFile,
          pageSize: 50,
          onPage: () => {
            pages += 1;
            if (pages === 2) throw new Error("connection lost");
          },
        }),
      ).rejects.toThrow("connection lost");
      const cut = JSON.parse(readFileSync(progressFile, "utf8")) as CopyProgress;
      expect(cut.current?.collection).toBe("classes");
      expect(cut.copied.classes).toBe(100);
      expect(cut.finishedAt).toBeNull();

      const resumed = await copyStore(source, target, { names, progressFile, pageSize: 50 });
      expect(resumed.resumed).toBe(true);
      // The rest only: 130 classes, 7 teachers, 1 banner.
      expect(resumed.written).toBe(138);
      expect(resumed.complete).toBe(true);
      expect(resumed.collections).toEqual([
        { collection: "classes", source: 230, copied: 230, inTarget: 230 },
        { collection: "siteConfig", source: 1, copied: 1, inTarget: 1 },
        { collection: "teachers", source: 7, copied: 7, inTarget: 7 },
      ]);
      expect(await target.get("classes", "class-0000", Any)).toEqual({
        title: "Evening calm 0",
        capacity: 12,
        startsAt: 1_800_000_000_000,
        tags: ["breath", "rest"],
        host: { name: "Amara", slug: "amara" },
      });
      expect(await target.get("classes", "class-0229", Any)).toMatchObject({ title: "Evening calm 229" });
      expect(await target.get("siteConfig", "banner", Any)).toEqual({ text: "Welcome in", shown: true, order: [3, 1, 2] });
      expect(await target.get("teachers", "teacher-6", Any)).toEqual({ name: "Teacher 6", active: true, rating: 4.5 });

      // Finished: a second run writes nothing and counts again; --again copies all of it anew, the same.
      const again = await copyStore(source, target, { names, progressFile, pageSize: 50 });
      expect(again).toMatchObject({ written: 0, resumed: false, complete: true });
      const anew = await copyStore(source, target, { names, progressFile, again: true, pageSize: 50 });
      expect(anew.written).toBe(238);
      expect(anew.collections.find((c) => c.collection === "classes")).toEqual({
        collection: "classes",
        source: 230,
        copied: 230,
        inTarget: 230,
      });

      // A progress file is never applied to another pair of stores.
      await expect(copyStore(source, target, { names: { ...names, target: "firestore:another" }, progressFile })).rejects.toThrow(
        CopyProgressError,
      );
    } finally {
      await target.close();
    }
  }, 60_000);

  it("shows a gap in the counts when a document is missing from the target", async () => {
    const target = createFirestoreStore({ projectId: "demo-stillhour-copy-b" });
    const progressFile = join(dir, "copy-b.json");
    const names = { source: sourceFile, target: "firestore:demo-stillhour-copy-b" };
    try {
      await copyStore(source, target, { names, progressFile, pageSize: 100 });
      await target.delete("teachers", "teacher-3");
      const checked = await copyStore(source, target, { names, progressFile });
      expect(checked.complete).toBe(false);
      expect(checked.collections.find((c) => c.collection === "teachers")).toEqual({
        collection: "teachers",
        source: 7,
        copied: 7,
        inTarget: 6,
      });
    } finally {
      await target.close();
    }
  }, 60_000);

  it("runs as npm run store:copy does: from a database file into a project, its progress beside the file", async () => {
    const report = await copySqliteToFirestore({ sqlitePath: sourceFile, projectId: "demo-stillhour-copy-c" });
    expect(report.complete).toBe(true);
    expect(report.written).toBe(238);
    expect(report.progressFile).toBe(`${sourceFile}.copy-to-demo-stillhour-copy-c.json`);
    expect(existsSync(report.progressFile)).toBe(true);
    await expect(copySqliteToFirestore({ sqlitePath: join(dir, "no-such.sqlite"), projectId: "demo-stillhour-copy-c" })).rejects.toThrow(
      "There is no database",
    );
    expect(existsSync(join(dir, "no-such.sqlite"))).toBe(false);
  }, 60_000);
});
