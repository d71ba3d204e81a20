// The app's import graph, read from the source with TypeScript's own pre-processor (no build, no
// bundler): every static import, re-export and import() of a module of ours, resolved to its file.
// Used by the layout test (tests/architecture/ladder.test.ts) and, run directly, prints the figures
// of the layout: lines per folder, the deepest chain, and what each layer imports.
//
//   node scripts/import-graph.mjs            figures for app/
import { readdirSync, readFileSync, existsSync, statSync } from "node:fs";
import { join, dirname, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const EXTENSIONS = [".ts", ".tsx", ".js", ".mjs", ".jsx"];

/** Every source file under a folder of the project, as project-relative paths with forward slashes. */
export function sourceFiles(folder = "app") {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.(tsx?|jsx?|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(path);
    }
  };
  walk(folder);
  return out.sort();
}

export const isTest = (file) => /\.test\.tsx?$/.test(file);

function resolveSpecifier(from, specifier) {
  let base;
  if (specifier.startsWith("~/")) base = join(ROOT, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(ROOT, dirname(from), specifier);
  else return null; // a package
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => join(base, "index" + e))];
  for (const candidate of candidates) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(ROOT, candidate).split(sep).join("/");
  }
  return relative(ROOT, base).split(sep).join("/") + " (unresolved)";
}

/** The imports of one file: [{ specifier, target, typeOnly }] for modules of ours (packages are left out). */
export function importsOf(file) {
  const text = readFileSync(join(ROOT, file), "utf8");
  const info = ts.preProcessFile(text, true, true);
  // A type-only import vanishes from the build: the parser's own flags say which are (`import type`,
  // `export type`, or an import whose every name is marked `type`). The ladder checks values only, so
  // a type may cross any rung; a `.client` module imported for its types alone is harmless too.
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const valued = new Set();
  const typed = new Set();
  for (const statement of source.statements) {
    const isImport = ts.isImportDeclaration(statement);
    if (!isImport && !ts.isExportDeclaration(statement)) continue;
    const spec = statement.moduleSpecifier;
    if (!spec || !ts.isStringLiteral(spec)) continue;
    let typeOnlyHere;
    if (isImport) {
      const clause = statement.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : null;
      typeOnlyHere = Boolean(
        clause && (clause.isTypeOnly || (!clause.name && named && named.length > 0 && named.every((e) => e.isTypeOnly))),
      );
    } else {
      const named = statement.exportClause && ts.isNamedExports(statement.exportClause) ? statement.exportClause.elements : null;
      typeOnlyHere = statement.isTypeOnly || Boolean(named && named.length > 0 && named.every((e) => e.isTypeOnly));
    }
    (typeOnlyHere ? typed : valued).add(spec.text);
  }
  const typeOnly = new Set([...typed].filter((specifier) => !valued.has(specifier)));
  const out = [];
  for (const { fileName } of info.importedFiles) {
    const target = resolveSpecifier(file, fileName);
    if (target) out.push({ specifier: fileName, target, typeOnly: typeOnly.has(fileName) });
  }
  return out;
}

/** The graph of a set of files: Map(file → imports). */
export function importGraph(files) {
  return new Map(files.map((f) => [f, importsOf(f)]));
}

export const lineCount = (file) => readFileSync(join(ROOT, file), "utf8").split("\n").length;

/**
 * The longest chain of imports inside a set of files (a cycle is cut where it closes).
 * @param {Map<string, Array<{ target: string }>>} graph
 * @param {(file: string) => boolean} [inside]
 * @returns {string[]}
 */
export function deepestChain(graph, inside = (_file) => true) {
  const memo = new Map();
  const visit = (file, stack) => {
    if (memo.has(file)) return memo.get(file);
    if (stack.has(file)) return [file];
    stack.add(file);
    let best = [];
    for (const { target } of graph.get(file) ?? []) {
      if (!graph.has(target) || !inside(target) || target === file) continue;
      const chain = visit(target, stack);
      if (chain.length > best.length) best = chain;
    }
    stack.delete(file);
    const result = [file, ...best];
    memo.set(file, result);
    return result;
  };
  let deepest = [];
  for (const file of graph.keys()) {
    if (!inside(file)) continue;
    const chain = visit(file, new Set());
    if (chain.length > deepest.length) deepest = chain;
  }
  return deepest;
}

/** Strongly connected groups of more than one file (import cycles). */
export function cycles(graph) {
  let index = 0;
  const indices = new Map(),
    low = new Map(),
    onStack = new Set(),
    stack = [],
    groups = [];
  const strong = (v) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const { target: w } of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!indices.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indices.get(w)));
    }
    if (low.get(v) === indices.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) strong(v);
  return groups;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = sourceFiles("app").filter((f) => !isTest(f));
  const graph = importGraph(files);
  const folderOf = (f) =>
    f
      .split("/")
      .slice(0, f.startsWith("app/models/") || f.startsWith("app/services/") ? 3 : 2)
      .join("/");
  const lines = new Map();
  let total = 0;
  for (const f of files) {
    const n = lineCount(f);
    total += n;
    const folder = folderOf(f);
    lines.set(folder, (lines.get(folder) ?? 0) + n);
  }
  console.log(`app lines (tests aside): ${total}`);
  for (const [folder, n] of [...lines].sort((a, b) => b[1] - a[1]))
    console.log(`  ${folder.padEnd(32)} ${String(n).padStart(6)}  ${((100 * n) / total).toFixed(1)} %`);
  const chain = deepestChain(graph);
  console.log(`deepest chain (${chain.length} files):\n  ${chain.join("\n  ")}`);
  const groups = [...new Set(files.map(folderOf))];
  for (const g of groups) {
    const c = deepestChain(graph, (f) => folderOf(f) === g);
    if (c.length > 3) console.log(`deepest inside ${g}: ${c.length} files`);
  }
  // Before the layout by domain the adapters lived among app/services; both spellings are counted.
  const adapterRe =
    /^app\/(adapters\/|services\/(store|db|payment|mail|video|streaming|search|export|photo-storage|identity\.|geolocation))/;
  const fromRoutes = files
    .filter((f) => f.startsWith("app/routes/"))
    .flatMap((f) =>
      graph
        .get(f)
        .filter((i) => adapterRe.test(i.target))
        .map((i) => `${f} -> ${i.target}`),
    );
  console.log(`route imports reaching adapters: ${fromRoutes.length}`);
  for (const r of fromRoutes) console.log(`  ${r}`);
  const cyc = cycles(graph);
  console.log(`cycles: ${cyc.length}`);
  for (const c of cyc) console.log(`  ${c.join(" ")}`);
}
