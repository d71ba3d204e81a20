/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { mergeRouteHandles } from "~/models/route-handle";
import { checkRouteHandles } from "~/models/route-handle.server";

// Every route module of the app, as the server build would see them.
const modules = import.meta.glob<{ handle?: unknown }>("../../app/routes/*.{ts,tsx}", { eager: true });
const sources = import.meta.glob<string>("../../app/routes/*.{ts,tsx}", { eager: true, query: "?raw", import: "default" });

describe("route handles", () => {
  it("every route's handle passes the one schema", () => {
    const routes = Object.fromEntries(Object.entries(modules).map(([file, module]) => [file, { module }]));
    expect(Object.keys(routes).length).toBeGreaterThan(40);
    expect(checkRouteHandles(routes)).toEqual([]);
  });

  it("every route whose loader reads the visitor's zone says so in its handle, so a new zone reloads it", () => {
    const readsZone = Object.entries(sources).filter(([, source]) => /timeZone\?\.zone|models\/class-page\.server"/.test(source)).map(([file]) => file);
    expect(readsZone.length).toBeGreaterThanOrEqual(6);
    const unmarked = readsZone.filter((file) => !mergeRouteHandles([modules[file]?.handle]).localTimes);
    expect(unmarked).toEqual([]);
  });
});
