import { readFileSync, writeFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../../scripts/import-graph.mjs";
import { DATA_INVENTORY, DECLARED_COLLECTIONS, IDENTIFYING, renderInventoryTable } from "../../app/lib/data-inventory";

/**
 * The data inventory (issue 35; docs/decisions/055-one-data-inventory.md) against the code: every
 * collection the code names is declared, by the domain whose folder declares its name; every
 * collection holding a uid, phone, e-mail or name says what deleting an account does to it; every
 * export the inventory promises has its reader; and ADR 032's table is the inventory's own.
 */

const STORE_METHODS = new Set(["get", "set", "update", "delete", "query", "create", "createIfAbsent", "watch"]);
const files: string[] = sourceFiles("app").filter((file: string) => !/\.test\.tsx?$/.test(file));

/** Collection names the code passes to the store (as a literal or a string constant), with where. */
function namedCollections(): { names: Map<string, string[]>; constants: Map<string, string[]> } {
  const constants = new Map<string, string>();
  const declaredIn = new Map<string, string[]>();
  const calls: Array<{ file: string; arg: ts.Expression; source: ts.SourceFile }> = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const init = ts.isAsExpression(node.initializer) ? node.initializer.expression : node.initializer;
        if (ts.isStringLiteral(init) && /^[A-Z][A-Z0-9_]*$/.test(node.name.text)) constants.set(node.name.text, init.text);
      }
      if (ts.isCallExpression(node) && node.arguments.length >= 2) {
        const callee = node.expression;
        if (
          ts.isPropertyAccessExpression(callee) &&
          STORE_METHODS.has(callee.name.text) &&
          /store|tx|getStore\(\)/i.test(callee.expression.getText(source))
        )
          calls.push({ file, arg: node.arguments[0], source });
        if (ts.isIdentifier(callee) && callee.text === "documentsWhere") calls.push({ file, arg: node.arguments[0], source });
      }
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === "collection" && !file.includes("/staff/"))
        calls.push({ file, arg: node.initializer, source });
      ts.forEachChild(node, visit);
    };
    visit(source);
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.initializer && ts.isStringLiteral(declaration.initializer)) {
          declaredIn.set(declaration.initializer.text, [...(declaredIn.get(declaration.initializer.text) ?? []), file]);
        }
      }
    }
  }
  const names = new Map<string, string[]>();
  for (const { file, arg } of calls) {
    const text = ts.isStringLiteral(arg)
      ? arg.text
      : ts.isIdentifier(arg)
        ? constants.get(arg.text)
        : ts.isPropertyAccessExpression(arg)
          ? constants.get(arg.name.text)
          : undefined;
    if (text !== undefined) names.set(text, [...(names.get(text) ?? []), file]);
  }
  return { names, constants: declaredIn };
}

const DOMAIN_OF_FOLDER: Array<[RegExp, string]> = [
  [/^app\/models\/([a-z-]+)\//, "$1"],
  [/^app\/platform\//, "platform"],
  [/^app\/services\/payments\//, "payment provider"],
];

describe("the data inventory", () => {
  const { names, constants } = namedCollections();

  it("finds the store's collections in the code (the scan itself works)", () => {
    for (const known of ["privateUsers", "surveyAnswers", "staffRoster", "auditLog", "classes", "demoPaymentsCustomers", "rateLimits"])
      expect(names.has(known), known).toBe(true);
  });

  it("declares every collection the code names, once", () => {
    expect([...names.keys()].filter((name) => !DECLARED_COLLECTIONS.has(name)).map((name) => `${name} (${names.get(name)![0]})`)).toEqual(
      [],
    );
    expect(DECLARED_COLLECTIONS.size).toBe(DATA_INVENTORY.length);
  });

  it("declares no collection the code never names", () => {
    expect(DATA_INVENTORY.map((entry) => entry.collection).filter((name) => !names.has(name))).toEqual([]);
  });

  it("gives each collection the domain whose folder declares its name", () => {
    const wrong: string[] = [];
    for (const entry of DATA_INVENTORY) {
      for (const file of constants.get(entry.collection) ?? []) {
        const rule = DOMAIN_OF_FOLDER.find(([pattern]) => pattern.test(file));
        if (!rule || file.startsWith("app/lib/")) continue;
        const domain = file.match(rule[0])![0].replace(rule[0], rule[1]);
        if (domain !== entry.domain) wrong.push(`${entry.collection}: inventory says ${entry.domain}, ${file} declares it`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("says what deleting an account does to every collection holding a uid, phone, e-mail or name", () => {
    const missing = DATA_INVENTORY.filter(
      (entry) => entry.personal.some((kind) => IDENTIFYING.includes(kind)) && entry.deletion.rule === "nothing personal",
    );
    expect(missing.map((entry) => entry.collection)).toEqual([]);
    // And "nothing personal" means it: no kinds listed, nothing said it holds, nothing exported.
    const inconsistent = DATA_INVENTORY.filter(
      (entry) =>
        entry.deletion.rule === "nothing personal" && (entry.personal.length > 0 || entry.holds !== "" || entry.export.rule !== "none"),
    );
    expect(inconsistent.map((entry) => entry.collection)).toEqual([]);
    for (const entry of DATA_INVENTORY) {
      if (entry.deletion.rule === "keep") expect(entry.deletion.reason.length, entry.collection).toBeGreaterThan(20);
      if (entry.personal.length > 0) expect(entry.holds, entry.collection).not.toBe("");
    }
  });

  it("has a reader for every export it promises, and a reason for every personal collection it does not export", async () => {
    const { CUSTOM_EXPORTS } = await import("../../app/models/privacy/data-export.server");
    const custom = DATA_INVENTORY.filter((entry) => entry.export.rule === "custom").map((entry) => entry.collection);
    expect(Object.keys(CUSTOM_EXPORTS).sort()).toEqual(custom.sort());
    for (const entry of DATA_INVENTORY)
      if (entry.export.rule === "none") expect(entry.export.reason.length, entry.collection).toBeGreaterThan(10);
  });

  it("is ADR 032's table (UPDATE_INVENTORY_TABLE=1 rewrites the ADR from the inventory)", () => {
    const path = "docs/decisions/032-what-we-promise-about-personal-data.md";
    const adr = readFileSync(path, "utf8");
    const [start, end] = ["<!-- data-inventory:start -->", "<!-- data-inventory:end -->"];
    expect(adr).toContain(start);
    const table = `${start}\n${renderInventoryTable()}\n${end}`;
    const current = adr.slice(adr.indexOf(start), adr.indexOf(end) + end.length);
    if (process.env.UPDATE_INVENTORY_TABLE === "1") writeFileSync(path, adr.replace(current, table));
    else expect(current).toBe(table);
  });
});
