import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { importGraph, isTest, sourceFiles } from "../../scripts/import-graph.mjs";

process.env.SQLITE_PATH ??= ":memory:";
process.env.SESSION_SECRET ??= "integration-test-secret-long-enough-000000";

/**
 * Issue 35: a shared page is cached and rendered with the query parameters its handle names
 * (`query`), the rest dropped. So a page naming a list must read nothing else: the route module and
 * the view and HTTP modules it imports (app/components, app/server, its own folder) may read only
 * those names, and never the query whole.
 */

const files: string[] = sourceFiles("app").filter((f: string) => !isTest(f));
const graph: Map<string, Array<{ target: string; typeOnly: boolean }>> = importGraph(files);
const routes = files.filter((f) => /^app\/routes\/[^/]+\.tsx$|^app\/routes\/[^/]+\/route\.tsx$/.test(f));

/** The route's own modules and the view and HTTP modules it reaches through them. */
function reached(route: string): string[] {
  const folder = route.endsWith("/route.tsx") ? route.slice(0, route.lastIndexOf("/") + 1) : null;
  const inside = (f: string) =>
    f === route || (folder !== null && f.startsWith(folder)) || f.startsWith("app/components/") || f.startsWith("app/server/");
  const seen = new Set<string>([route]);
  const queue = [route];
  while (queue.length) {
    for (const { target, typeOnly } of graph.get(queue.pop()!) ?? []) {
      if (!typeOnly && inside(target) && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return [...seen];
}

describe("pages that name the query parameters they read", () => {
  it("name some (the cache's fast path depends on it)", async () => {
    const named = [];
    for (const route of routes) {
      const { handle } = (await import(/* @vite-ignore */ `../../${route}`)) as { handle?: { query?: unknown } };
      if (Array.isArray(handle?.query)) named.push(route);
    }
    expect(named).toEqual(
      expect.arrayContaining([
        "app/routes/_index/route.tsx",
        "app/routes/blog._index/route.tsx",
        "app/routes/teachers.$teacherSlug/route.tsx",
      ]),
    );
  });

  it("read no other parameter, and never the whole query", async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const { handle } = (await import(/* @vite-ignore */ `../../${route}`)) as { handle?: { query?: unknown } };
      if (!Array.isArray(handle?.query)) continue;
      const named = new Set(handle.query as string[]);
      for (const file of reached(route)) {
        // Modules the server's front door and staff pages use, which no shared page renders through.
        if (
          file === "app/server/http/http-server.server.ts" ||
          file === "app/server/staff-access.server.ts" ||
          file === "app/server/viewer.server.ts"
        )
          continue;
        let source = readFileSync(file, "utf8");
        // `const search = new URL(request.url).searchParams;` then `search.get("category")`: read as the same.
        for (const [, alias] of source.matchAll(/(?:const|let)\s+(\w+)\s*=\s*[^;]*\.searchParams\s*;/g)) {
          source = source
            .replace(new RegExp(`\\b${alias}\\.(get|getAll|has)\\(`, "g"), "searchParams.$1(")
            .replace(new RegExp(`\\b${alias}\\b`, "g"), "searchParams");
        }
        for (const [, name] of source.matchAll(/searchParams\.(?:get|getAll|has)\(\s*"([^"]+)"/g))
          if (!named.has(name)) problems.push(`${route}: ${file} reads "${name}"`);
        const whole = source
          .replace(/\.?searchParams\.(?:get|getAll|has)\(\s*"[^"]+"/g, "")
          .replace(/(?:const|let)\s+searchParams\s*=\s*[^;]*\.searchParams\s*;/g, "");
        if (/useSearchParams|location\.search|url\.search\b|searchParams/.test(whole))
          problems.push(`${route}: ${file} reads the query whole`);
      }
    }
    expect(problems).toEqual([]);
  });
});
