import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";
import { ROOT, isTest, sourceFiles } from "../../scripts/import-graph.mjs";

/**
 * What each function of app/ may end up doing, read from the source (issue 35): send mail (it
 * reaches the mailer's `sendOnce`), charge (it reaches the payment provider, `getPaymentProvider`) or
 * redeem (it reaches a feature's `redeem…` function). A function reaches another by naming it (a call,
 * or handing it on as a callback), in its own module or through an import; the kinds spread along
 * those names until nothing changes. Used by the action-limits test to know which route actions
 * must declare which limits.
 */

export type ActingKind = "mail" | "charge" | "redeem";
type Ref = string; // "file#name"

const EXTENSIONS = [".ts", ".tsx"];

function resolveModule(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = join(ROOT, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(ROOT, dirname(from), specifier);
  else return null;
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => join(base, "index" + e))]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(ROOT, candidate).split(sep).join("/");
  }
  return null;
}

interface ModuleFacts {
  /** Top-level functions (declarations and `const f = () => …`) by name. */
  functions: Map<string, ts.Node>;
  /** Local names bound by imports: where they come from. */
  imports: Map<string, Ref>;
}

function factsOf(file: string): ModuleFacts {
  const source = ts.createSourceFile(
    file,
    readFileSync(join(ROOT, file), "utf8"),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const functions = new Map<string, ts.Node>();
  const imports = new Map<string, Ref>();
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) functions.set(statement.name.text, statement);
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.initializer) functions.set(declaration.name.text, declaration.initializer);
      }
    }
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && !statement.importClause?.isTypeOnly) {
      const target = resolveModule(file, statement.moduleSpecifier.text);
      const bindings = statement.importClause?.namedBindings;
      if (target && bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) imports.set(element.name.text, `${target}#${(element.propertyName ?? element.name).text}`);
      }
    }
  }
  return { functions, imports };
}

/** Every name a node mentions (calls and callbacks alike). */
function namesIn(node: ts.Node): Set<string> {
  const names = new Set<string>();
  const visit = (n: ts.Node) => {
    if (ts.isIdentifier(n)) names.add(n.text);
    ts.forEachChild(n, visit);
  };
  visit(node);
  return names;
}

/** The kinds each function of app/ reaches, by "file#name". */
export function actingFunctions(): Map<Ref, Set<ActingKind>> {
  const files = sourceFiles("app").filter((f: string) => !isTest(f) && /\.tsx?$/.test(f));
  const modules = new Map(files.map((file: string) => [file, factsOf(file)] as const));
  // Who each function names, resolved to functions of ours.
  const edges = new Map<Ref, Ref[]>();
  for (const [file, facts] of modules) {
    for (const [name, node] of facts.functions) {
      const targets: Ref[] = [];
      for (const mentioned of namesIn(node)) {
        if (mentioned === name) continue;
        if (facts.functions.has(mentioned)) targets.push(`${file}#${mentioned}`);
        else if (facts.imports.has(mentioned)) targets.push(facts.imports.get(mentioned)!);
      }
      edges.set(`${file}#${name}`, targets);
    }
  }
  const kinds = new Map<Ref, Set<ActingKind>>();
  const mark = (ref: Ref, kind: ActingKind) => {
    const set = kinds.get(ref) ?? new Set<ActingKind>();
    set.add(kind);
    kinds.set(ref, set);
  };
  mark("app/platform/mail.server.ts#sendOnce", "mail");
  mark("app/services/payments/index.server.ts#getPaymentProvider", "charge");
  for (const ref of edges.keys()) if (/^app\/models\/.*#redeem[A-Z]/.test(ref)) mark(ref, "redeem");
  for (let changed = true; changed;) {
    changed = false;
    for (const [ref, targets] of edges) {
      for (const target of targets) {
        for (const kind of kinds.get(target) ?? []) {
          if (!kinds.get(ref)?.has(kind)) {
            mark(ref, kind);
            changed = true;
          }
        }
      }
    }
  }
  return kinds;
}
