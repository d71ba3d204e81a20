/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { checkRouteHandles } from "~/models/route-handle.server";

// Every route module of the app, as the server build would see them.
const modules = import.meta.glob<{ handle?: unknown }>("../../app/routes/*.{ts,tsx}", { eager: true });

describe("route handles", () => {
  it("every route's handle passes the one schema", () => {
    const routes = Object.fromEntries(Object.entries(modules).map(([file, module]) => [file, { module }]));
    expect(Object.keys(routes).length).toBeGreaterThan(40);
    expect(checkRouteHandles(routes)).toEqual([]);
  });
});
