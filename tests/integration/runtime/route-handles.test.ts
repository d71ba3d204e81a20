/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { mergeRouteHandles } from "../../../app/lib/route-handle";
import { checkRouteHandles } from "../../../app/lib/route-handle.server";

// Every route module of the app, as the server build would see them.
const modules = import.meta.glob<{ handle?: unknown }>("../../../app/routes/{*,*/route}.{ts,tsx}", { eager: true });
const sources = import.meta.glob<string>("../../../app/routes/{*,*/route}.{ts,tsx}", { eager: true, query: "?raw", import: "default" });

describe("route handles", () => {
  it("every route's handle passes the one schema", () => {
    const routes = Object.fromEntries(Object.entries(modules).map(([file, module]) => [file, { module }]));
    expect(Object.keys(routes).length).toBeGreaterThan(40);
    expect(checkRouteHandles(routes)).toEqual([]);
  });

  it("every route whose loader reads the visitor's zone says so in its handle, so a new zone reloads it", () => {
    const readsZone = Object.entries(sources)
      .filter(
        ([file, source]) =>
          /timeZone\?\.zone|\b(?:readerZone|memberZone)\(/.test(source) ||
          (file.includes("/classes.$classId/") && source.includes('"./page.server"')),
      )
      .map(([file]) => file);
    expect(readsZone.length).toBeGreaterThanOrEqual(6);
    const unmarked = readsZone.filter((file) => !mergeRouteHandles([modules[file]?.handle]).localTimes);
    expect(unmarked).toEqual([]);
  });
});
