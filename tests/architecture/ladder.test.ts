import { describe, expect, it } from "vitest";
import ts from "typescript";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, cycles, deepestChain, importGraph, isTest, sourceFiles } from "../../scripts/import-graph.mjs";
import { LADDER, layerOf, mayImport } from "./ladder";

type Import = { specifier: string; target: string; typeOnly: boolean };
const files: string[] = sourceFiles("app");
const graph: Map<string, Import[]> = importGraph(files);
const arrows = [...graph].flatMap(([from, imports]) => imports.map((i) => ({ from, ...i })));

/** The import arrows that break the ladder, one line each; empty when the layout holds. */
function climbing(): string[] {
  return arrows
    .filter(({ from, target, typeOnly }) => !isTest(from) && !typeOnly && !mayImport(from, target))
    .map(({ from, target }) => `${from} (${layerOf(from)}) -> ${target} (${layerOf(target)})`);
}

describe("the layout's ladder (ADR 029)", () => {
  it("places every file of app/ on a rung", () => {
    expect(files.filter((f) => !isTest(f) && layerOf(f) === null)).toEqual([]);
  });

  it("resolves every import of ours to a file", () => {
    expect(arrows.filter((a) => a.target.endsWith("(unresolved)")).map((a) => `${a.from} -> ${a.specifier}`)).toEqual([]);
  });

  it("has no import that climbs the ladder", () => {
    expect(climbing()).toEqual([]);
  });

  it("has no import cycle", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("lets no route import an adapter or demo content", () => {
    const bad = arrows.filter(({ from, target }) => from.startsWith("app/routes/") && /^app\/(services|demo)\//.test(target));
    expect(bad.map(({ from, target }) => `${from} -> ${target}`)).toEqual([]);
  });

  it("keeps demo content out of everything but the server's start-up, scripts and tests", () => {
    const bad = arrows.filter(
      ({ from, target }) =>
        target.startsWith("app/demo/") && !isTest(from) && !from.startsWith("app/demo/") && from !== "app/server/http/startup.server.ts",
    );
    expect(bad.map(({ from, target }) => `${from} -> ${target}`)).toEqual([]);
  });

  it("lets no server module import a .client module (the production build empties them)", () => {
    const serverSide = (f: string) => /\.server\.tsx?$/.test(f) || /^app\/(lib|services|platform|models|server|demo)\//.test(f);
    const bad = arrows.filter(
      ({ from, target, typeOnly }) => !isTest(from) && serverSide(from) && /\.client\.tsx?$/.test(target) && !typeOnly,
    );
    expect(bad.map(({ from, target }) => `${from} -> ${target}`)).toEqual([]);
  });

  it("keeps HTTP out of the features: no feature, platform or lib rule takes a Request", () => {
    const offenders: string[] = [];
    for (const file of files.filter((f) => !isTest(f) && /^app\/(models|platform)\//.test(f))) {
      const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node) => {
        if (ts.isTypeReferenceNode(node) && node.typeName.getText() === "Request") {
          offenders.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(offenders).toEqual([]);
  });

  it("keeps every feature folder at most five layers deep inside", () => {
    const depths = LADDER.filter((rung) => rung.startsWith("models/")).map((rung) => {
      const chain: string[] = deepestChain(graph, (f: string) => !isTest(f) && f.startsWith(`app/${rung}/`));
      return { rung, depth: chain.length, chain };
    });
    expect(depths.filter((d) => d.depth > 5)).toEqual([]);
  });

  it("catches an import that climbs (the check itself can fail)", () => {
    expect(mayImport("app/models/identity/user.ts", "app/models/studios/studio.ts")).toBe(false);
    expect(mayImport("app/lib/errors.ts", "app/services/store/port.server.ts")).toBe(false);
    expect(mayImport("app/components/hero.tsx", "app/models/classes/booking.server.ts")).toBe(false);
    expect(mayImport("app/models/studios/studio.ts", "app/models/identity/user.ts")).toBe(true);
  });
});
