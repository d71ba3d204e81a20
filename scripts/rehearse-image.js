#!/usr/bin/env node
// Rehearses the Dockerfile without a container engine (issue 37): the image's own file set, built
// here stage by stage, so what is tested is what the image holds rather than the checkout.
//
//   node scripts/rehearse-image.js [--dockerfile=PATH] [--keep]
//
// It reads the Dockerfile and, under .cache/rehearse-image/ (one folder per stage, each the stage's
// root filesystem), does what each instruction does:
//
// - FROM a base image: an empty root. FROM an earlier stage: a copy of that stage's root.
// - COPY from the build context: exactly the named files, with .dockerignore honoured (anchored
//   patterns, `*`, `**`, `?` and `!` exceptions, a folder's rule covering what is under it).
//   COPY --from=<stage>: from that stage's root.
// - ENV, WORKDIR, USER, CMD, HEALTHCHECK: recorded for the start (`imageStart` below).
// - RUN, piece by piece (`a && b`), each either run for real or simulated, and said which:
//   - `npm run <script>`, `npm prune …`, `mkdir -p … && chown …`: run for real (the chown names the
//     user the rehearsal runs the image as, below).
//   - `apt-get …` and the apt list clean-up: simulated. They install the compilers native modules
//     build with; the checkout's native modules were built by its own `npm install` on this machine.
//   - `npm install` / `npm ci`: simulated so it takes seconds, not the minutes better-sqlite3 and re2
//     take to compile. The result must be the same files an install from the lockfile gives:
//       1. package.json's dependencies must be the lockfile's (else a real install would change the
//          lockfile and the image would not hold what was tested);
//       2. the checkout's node_modules must hold every package of the lockfile for this platform at
//          its locked version, and no other (checked, or the rehearsal stops);
//       3. it is copied (hard links, never written through: see below), and every
//          package that any patch of this repository ever touched (patches/ now, in git history, and
//          beside the checkout's node_modules) is replaced by its pristine tarball from npm (its
//          integrity checked against the lockfile), so no patch applied to the checkout leaks in;
//       4. the root package's install scripts (`postinstall`: patch-package) run for real, with
//          whatever the stage holds at that point (patches/ or not).
//     The dependencies' own install scripts (package.json `allowScripts`: native builds, binary
//     downloads) are what the checkout's install already ran: their output is reused.
// - Hard links are never written through. Steps run for real run as an unprivileged user (when the
//   rehearsal runs as root) who owns the stage's folders and the files no one else shares, but not the
//   files shared by hard link with the checkout or another stage: a step that would write into one in
//   place fails instead (npm's own lockfiles are unshared first, as npm rewrites them). After each
//   such step a file shared by link and written since stops the rehearsal all the same. Without root,
//   the checkout's node_modules is copied, not linked.
//
// Node is this machine's (the image's is node:24-slim's); the user is the image's USER when this
// machine has it, else `nobody` (when run as root; otherwise the current user).
//
// Used by tests/e2e/image-rehearsal.spec.ts (part of `npm test`), which starts the result as the
// final stage runs it and drives the staging journeys against it. Run directly, it builds the image's
// file set and checks the start-up's patch check from the image's own files, exiting 1 when a patch
// is missing (as it did on the Dockerfile that installed before copying patches/).
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseDockerfile, parseExecForm } from "../bench/dockerfile.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Top-level folders under node_modules that tools write, not npm: not part of an install. */
const TOOL_CACHES = new Set([".cache", ".vite", ".vite-temp", ".vitest"]);

/**
 * Builds the image's file set. Returns the final stage: its root, working directory, environment,
 * user, command and health check, and the list of steps with how each was done.
 * @param {{ context?: string, dockerfile?: string, scratch?: string, log?: (line: string) => void }} [options]
 */
export function rehearseImage(options = {}) {
  const context = path.resolve(options.context ?? ROOT);
  const dockerfile = path.resolve(options.dockerfile ?? path.join(context, "Dockerfile"));
  const scratch = path.resolve(options.scratch ?? path.join(context, ".cache", "rehearse-image"));
  const log = options.log ?? ((line) => console.log(line));
  const started = Date.now();
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const ignore = dockerignore(context);
  const runAs = imageUser();
  const home = path.join(scratch, ".home");
  mkdirSync(home, { recursive: true });
  if (runAs.uid !== undefined) execFileSync("chown", [`${runAs.uid}:${runAs.gid}`, home]);
  const runner = { ...runAs, home, scratch };
  const instructions = parseDockerfile(readFileSync(dockerfile, "utf8"));
  const stages = new Map();
  const steps = [];
  let stage = null;
  let lastNote = Date.now();
  const note = (how, text) => {
    const seconds = Math.round((Date.now() - lastNote) / 100) / 10;
    lastNote = Date.now();
    steps.push({ stage: stage?.name, how, text, seconds });
    log(`  [${stage?.name}] ${how} (${seconds} s): ${text}`);
  };

  for (const { instruction, args, line } of instructions) {
    if (instruction === "FROM") {
      const [image, as, name] = args.split(/\s+/);
      if (as && as.toUpperCase() !== "AS") throw new Error(`Dockerfile line ${line}: FROM ${args}`);
      const index = stages.size;
      const stageName = name ?? String(index);
      const root = path.join(scratch, `${index}-${stageName}`);
      const parent = stages.get(image);
      if (parent) {
        linkCopy(parent.root, root, scratch);
        stage = { name: stageName, root, workdir: parent.workdir, env: { ...parent.env }, user: parent.user, base: parent.base };
        note("copied", `FROM ${image}: the stage's files`);
      } else {
        mkdirSync(root, { recursive: true });
        stage = { name: stageName, root, workdir: "/", env: {}, user: "root", base: image };
        note("base", `FROM ${image}: an empty root (the base image's own files are this machine's node)`);
      }
      stages.set(stageName, stage);
      continue;
    }
    if (!stage) throw new Error(`Dockerfile line ${line}: ${instruction} before FROM`);
    switch (instruction) {
      case "WORKDIR":
        stage.workdir = path.posix.resolve(stage.workdir, args);
        mkdirSync(inRoot(stage, stage.workdir), { recursive: true });
        break;
      case "ENV":
        Object.assign(stage.env, parseEnv(args));
        break;
      case "USER":
        stage.user = args.trim();
        break;
      case "EXPOSE":
      case "LABEL":
        break;
      case "CMD":
        stage.cmd = parseExecForm(args, line);
        break;
      case "HEALTHCHECK":
        stage.healthcheck = parseExecForm(args.replace(/^(--\S+\s+)*CMD\s+/, ""), line);
        break;
      case "COPY": {
        copyInstruction(stage, args, { context, ignore, stages, scratch, runAs, line });
        // Docker's COPY gives files to root unless --chown says otherwise.
        if (!/--chown/.test(args)) ownedByRoot(stage, args);
        note("copied", `COPY ${args}`);
        break;
      }
      case "RUN":
        for (const piece of args.split(/\s+&&\s+/)) runPiece(stage, piece.trim(), { context, note, runAs, runner, line, scratch });
        break;
      default:
        throw new Error(
          `Dockerfile line ${line}: the rehearsal does not know ${instruction}; teach scripts/rehearse-image.js what it does`,
        );
    }
  }
  if (!stage?.cmd) throw new Error("the Dockerfile's last stage has no CMD");
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  log(
    `rehearsed ${path.relative(context, dockerfile)} in ${seconds} s: the image's files are in ${path.relative(context, stage.root) || "."}`,
  );
  return {
    root: stage.root,
    /** The final stage's working directory, on this machine. */
    cwd: inRoot(stage, stage.workdir),
    env: stage.env,
    user: { name: stage.user, ...runAs },
    cmd: stage.cmd,
    healthcheck: stage.healthcheck ?? null,
    steps,
    seconds,
  };
}

/** How to run a command as the image's user: spawn options (uid, gid) and the environment's HOME. */
export function imageStart(image) {
  const spawnAs = image.user.uid === undefined ? {} : { uid: image.user.uid, gid: image.user.gid };
  return { cwd: image.cwd, spawnAs, env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: image.user.home, ...image.env } };
}

// ---------------------------------------------------------------------------------------------

function parseEnv(args) {
  const env = {};
  const pairs = args.match(/\S+=("[^"]*"|'[^']*'|\S*)/g);
  if (!pairs) {
    const [name, ...value] = args.split(/\s+/);
    env[name] = value.join(" ");
    return env;
  }
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    env[pair.slice(0, at)] = pair.slice(at + 1).replace(/^(["'])(.*)\1$/, "$2");
  }
  return env;
}

function inRoot(stage, absolute) {
  return path.join(stage.root, path.posix.resolve(stage.workdir, absolute));
}

/** .dockerignore as Docker reads it: patterns anchored at the context, the last match deciding. */
export function dockerignore(context) {
  const file = path.join(context, ".dockerignore");
  const rules = [];
  if (existsSync(file)) {
    for (const raw of readFileSync(file, "utf8").split("\n")) {
      const text = raw.trim();
      if (!text || text.startsWith("#")) continue;
      const negate = text.startsWith("!");
      const pattern = path.posix
        .normalize((negate ? text.slice(1) : text).trim())
        .replace(/^\/+/, "")
        .replace(/\/+$/, "");
      rules.push({ negate, re: globToRegExp(pattern) });
    }
  }
  /** Whether a path relative to the context (posix separators) is left out of the context. */
  return (relative) => {
    if (!relative || relative === ".") return false;
    const parents = relative.split("/").map((_, i, parts) => parts.slice(0, i + 1).join("/"));
    let ignored = false;
    for (const rule of rules) if (parents.some((candidate) => rule.re.test(candidate))) ignored = !rule.negate;
    return ignored;
  };
}

function globToRegExp(pattern) {
  let source = "";
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i];
    if (c === "*" && pattern[i + 1] === "*") {
      source += pattern[i + 2] === "/" ? "(?:.*/)?" : ".*";
      i += pattern[i + 2] === "/" ? 2 : 1;
    } else if (c === "*") source += "[^/]*";
    else if (c === "?") source += "[^/]";
    else source += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

function imageUser() {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) {
    return { runAsName: os.userInfo().username, home: os.homedir() };
  }
  const passwd = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .map((line) => line.split(":"));
  // The image's USER when this machine knows it (node:24-slim's `node`), else nobody.
  const entry = passwd.find((fields) => fields[0] === "node") ?? passwd.find((fields) => fields[0] === "nobody");
  if (!entry) throw new Error("no user `node` or `nobody` to run the image as");
  return { runAsName: entry[0], uid: Number(entry[2]), gid: Number(entry[3]), home: entry[5] };
}

/**
 * Files copied by hard link (cp -al): fast, and safe while nothing writes through them (see `asRunner`).
 * Without root no other user can be made to hold the shared files read-only, so the checkout's own
 * files are copied for real then.
 */
function linkCopy(from, to, scratch) {
  mkdirSync(path.dirname(to), { recursive: true });
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const fromScratch = from === scratch || from.startsWith(scratch + path.sep);
  const linked = isRoot || fromScratch ? spawnSync("cp", ["-al", from, to], { stdio: ["ignore", "ignore", "pipe"] }) : { status: 1 };
  if (linked.status !== 0) {
    // Another file system: a real copy.
    rmSync(to, { recursive: true, force: true });
    cpSync(from, to, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
  }
}

function copyInstruction(stage, args, { context, ignore, stages, scratch, runAs }) {
  const words = args.split(/\s+/);
  let from = null;
  let chown = null;
  while (words[0]?.startsWith("--")) {
    const [flag, value] = words.shift().slice(2).split("=", 2);
    if (flag === "from") from = value;
    else if (flag === "chown") chown = value;
    else throw new Error(`COPY --${flag} is not rehearsed`);
  }
  const destination = words.pop();
  if (words.length === 0) throw new Error(`COPY ${args}: nothing to copy`);
  if (words.length > 1 && !destination.endsWith("/")) throw new Error(`COPY ${args}: several sources need a folder ending in /`);
  const target = inRoot(stage, destination);
  for (const source of words) {
    if (/[*?[]/.test(source)) throw new Error(`COPY ${args}: wildcards are not rehearsed`);
    let absolute;
    let filter = () => true;
    if (from) {
      const other = stages.get(from);
      if (!other) throw new Error(`COPY --from=${from}: no such stage`);
      absolute = path.join(other.root, path.posix.resolve(other.workdir, source));
    } else {
      absolute = path.join(context, source);
      const relative = path.relative(context, absolute).split(path.sep).join("/");
      if (relative.startsWith("..")) throw new Error(`COPY ${source}: outside the build context`);
      if (ignore(relative)) throw new Error(`COPY ${source}: left out of the build context by .dockerignore`);
      filter = (file) => {
        if (file === scratch || file.startsWith(scratch + path.sep)) return false;
        return !ignore(path.relative(context, file).split(path.sep).join("/"));
      };
    }
    if (!existsSync(absolute)) throw new Error(`COPY ${source}: not found`);
    const isDir = statSync(absolute).isDirectory();
    const into = isDir ? target : destination.endsWith("/") ? path.join(target, path.basename(source)) : target;
    mkdirSync(isDir ? into : path.dirname(into), { recursive: true });
    if (from && isDir) {
      // Whole folders from another stage: by hard link (the runtime never writes under them).
      for (const name of readdirSync(absolute)) linkCopy(path.join(absolute, name), path.join(into, name), scratch);
    } else if (isDir) {
      // Entry by entry: the scratch folder may be inside the context (left out by the filter).
      for (const name of readdirSync(absolute)) {
        const entry = path.join(absolute, name);
        if (filter(entry))
          cpSync(entry, path.join(into, name), { recursive: true, filter, verbatimSymlinks: true, preserveTimestamps: true, force: true });
      }
    } else {
      cpSync(absolute, into, { filter, preserveTimestamps: true, force: true });
    }
    if (chown) chownTo(into, chown, runAs);
  }
}

function chownTo(target, owner, runAs) {
  if (runAs.uid === undefined) return;
  execFileSync("chown", ["-R", `${runAs.uid}:${runAs.gid}`, target]);
  void owner;
}

function runPiece(stage, piece, { context, note, runAs, runner, line, scratch }) {
  const cwd = inRoot(stage, stage.workdir);
  if (/^apt-get\b/.test(piece) || /^rm -rf \/var\/lib\/apt\/lists\/\*$/.test(piece)) {
    return note("simulated", `${piece} (system packages for native builds; the checkout's native modules were built with this machine's)`);
  }
  if (/^npm (install|ci|i)\b/.test(piece)) return simulateNpmInstall(stage, piece, { context, note, scratch, runner });
  if (/^npm (run|prune)\b/.test(piece)) {
    asRunner(stage, runner, () => run(piece, cwd, stage.env, runner));
    return note("ran", `${piece}${runner.uid === undefined ? "" : ` (as ${runner.runAsName})`}`);
  }
  const mkdir = /^mkdir -p (\S+)$/.exec(piece);
  if (mkdir) {
    mkdirSync(inRoot(stage, mkdir[1]), { recursive: true });
    return note("ran", piece);
  }
  const chown = /^chown (?:-R )?(\S+) (\S+)$/.exec(piece);
  if (chown) {
    chownTo(inRoot(stage, chown[2]), chown[1], runAs);
    return note("ran", `${piece} (as ${runAs.runAsName}, the user the image runs as here)`);
  }
  throw new Error(`Dockerfile line ${line}: the rehearsal does not know how to run "${piece}"; teach scripts/rehearse-image.js`);
}

function run(command, cwd, env, runner) {
  const as = runner.uid === undefined ? {} : { uid: runner.uid, gid: runner.gid };
  const result = spawnSync("sh", ["-c", command], {
    cwd,
    env: {
      ...process.env,
      HOME: runner.home,
      npm_config_cache: path.join(runner.home, ".npm"),
      npm_config_update_notifier: "false",
      ...env,
    },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    ...as,
  });
  if (result.status !== 0) {
    throw new Error(`"${command}" failed (exit ${result.status}):\n${(result.stdout + result.stderr).split("\n").slice(-30).join("\n")}`);
  }
  return result.stdout;
}

/** The files npm itself rewrites in place: given a file of their own before npm runs. */
const NPM_WRITES = ["package.json", "package-lock.json", "node_modules/.package-lock.json"];

/**
 * Runs a step as the unprivileged user, who owns the stage's folders and its unshared files but not
 * the files shared by hard link (root's: read-only to it), and stops the rehearsal if a shared file
 * was written all the same.
 */
function asRunner(stage, runner, step) {
  const cwd = inRoot(stage, stage.workdir);
  for (const name of NPM_WRITES) {
    const file = path.join(cwd, name);
    if (!existsSync(file) || statSync(file).nlink === 1) continue;
    const own = `${file}.rehearsal`;
    writeFileSync(own, readFileSync(file));
    spawnSync("mv", ["-f", own, file]);
  }
  if (runner.uid !== undefined) {
    const owner = `${runner.uid}:${runner.gid}`;
    execFileSync("find", [stage.root, "-type", "d", "-exec", "chown", owner, "{}", "+"]);
    execFileSync("find", [stage.root, "-type", "f", "-links", "1", "-exec", "chown", owner, "{}", "+"]);
  }
  guarded(stage, runner.scratch, step);
}

/** Files given to root, as COPY without --chown leaves them; only the stage's own (never shared with the checkout). */
function ownedByRoot(stage, args) {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return;
  const destination = inRoot(stage, args.split(/\s+/).pop());
  if (existsSync(destination)) execFileSync("find", [destination, "!", "-user", "0", "-exec", "chown", "-h", "0:0", "{}", "+"]);
}

/** Runs a step and stops the rehearsal if it wrote in place to a file shared by hard link. */
function guarded(stage, scratch, step) {
  const marker = path.join(scratch, `.before-${stage.name}`);
  writeFileSync(marker, "");
  const before = statSync(marker).mtimeMs;
  step();
  // Files with more than one link whose content changed after the marker: the write reached another
  // stage (or the checkout). Sub-second mtimes make -newer exact enough here.
  const found = spawnSync("find", [stage.root, "-type", "f", "-links", "+1", "-newer", marker], { encoding: "utf8" });
  const written = found.stdout
    .split("\n")
    .filter(Boolean)
    .filter((file) => statSync(file).mtimeMs > before);
  rmSync(marker, { force: true });
  if (written.length > 0) {
    throw new Error(
      `a step wrote in place to files shared by hard link with another stage or the checkout (the rehearsal's shortcut is unsafe here):\n${written.slice(0, 10).join("\n")}`,
    );
  }
}

function simulateNpmInstall(stage, piece, { context, note, scratch, runner }) {
  const cwd = inRoot(stage, stage.workdir);
  const manifest = JSON.parse(readFileSync(path.join(cwd, "package.json"), "utf8"));
  const lock = JSON.parse(readFileSync(path.join(cwd, "package-lock.json"), "utf8"));
  // 1. The lockfile is package.json's: a real install would otherwise resolve afresh.
  const lockRoot = lock.packages?.[""] ?? {};
  for (const field of ["dependencies", "devDependencies", "optionalDependencies"]) {
    const want = JSON.stringify(Object.entries(manifest[field] ?? {}).sort());
    const have = JSON.stringify(Object.entries(lockRoot[field] ?? {}).sort());
    if (want !== have)
      throw new Error(
        `package.json's ${field} are not the lockfile's: an install would change package-lock.json (run npm install and commit it)`,
      );
  }
  // 2. The checkout's tree is the lockfile's, for this platform.
  const source = realpathSync(path.join(context, "node_modules"));
  const problems = [];
  const expected = new Set();
  for (const [where, meta] of Object.entries(lock.packages)) {
    if (!where.startsWith("node_modules/") || meta.link) continue;
    const file = path.join(path.dirname(source), where, "package.json");
    if (!existsSync(file)) {
      if (!meta.optional && !meta.peer) problems.push(`${where} is missing`);
      continue;
    }
    expected.add(where);
    const version = JSON.parse(readFileSync(file, "utf8")).version;
    if (version !== meta.version) problems.push(`${where} is ${version}, the lockfile says ${meta.version}`);
  }
  for (const where of installedPackages(source)) if (!expected.has(where)) problems.push(`${where} is not in the lockfile`);
  if (problems.length > 0) {
    throw new Error(
      `the checkout's node_modules is not what "${piece}" installs from this lockfile, so it cannot stand in for it:\n  ${problems.slice(0, 20).join("\n  ")}`,
    );
  }
  // 3. Copy, with every package any patch touched put back as npm ships it.
  mkdirSync(path.join(cwd, "node_modules"), { recursive: true });
  for (const name of readdirSync(source))
    if (!TOOL_CACHES.has(name)) linkCopy(path.join(source, name), path.join(cwd, "node_modules", name), scratch);
  const pristine = [...patchedPackages(context, source)].filter((where) => lock.packages[where]);
  const packDir = mkdtempSync(path.join(os.tmpdir(), "rehearse-pack-"));
  try {
    for (const where of pristine) restorePristine(path.join(cwd, where), where, lock.packages[where], packDir);
  } finally {
    rmSync(packDir, { recursive: true, force: true });
  }
  note(
    "simulated",
    `${piece}: the checkout's node_modules (${expected.size} packages, checked against the lockfile), with ${pristine.map((where) => where.slice(13)).join(", ")} as npm ships them; dependencies' install scripts (${Object.keys(manifest.allowScripts ?? {}).join(", ")}) not run again: their built files are the checkout's`,
  );
  // 4. The root package's own install scripts, for real.
  for (const script of ["preinstall", "install", "postinstall", "prepublish", "preprepare", "prepare", "postprepare"]) {
    if (!manifest.scripts?.[script]) continue;
    asRunner(stage, runner, () => run(`npm run ${script}`, cwd, stage.env, runner));
    note(
      "ran",
      `npm run ${script} (${manifest.scripts[script]}) as npm install runs it${runner.uid === undefined ? "" : `, as ${runner.runAsName}`}`,
    );
  }
}

/** Every package folder under a node_modules (nested ones included), as lockfile keys. */
function installedPackages(nodeModules) {
  const found = [];
  const base = path.dirname(nodeModules);
  const walk = (dir) => {
    let names;
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      if (name.startsWith(".")) continue;
      const full = path.join(dir, name);
      if (name.startsWith("@")) {
        for (const scoped of readdirSync(full)) visit(path.join(full, scoped));
      } else visit(full);
    }
  };
  const visit = (full) => {
    if (lstatSync(full).isSymbolicLink() || !existsSync(path.join(full, "package.json"))) return;
    found.push(path.relative(base, full).split(path.sep).join("/"));
    walk(path.join(full, "node_modules"));
  };
  walk(nodeModules);
  return found;
}

/**
 * Lockfile keys of the packages any patch touched: patches/ in the context, in the context's git
 * history, and beside the node_modules the checkout uses (a patch applied there and since dropped).
 */
function patchedPackages(context, nodeModules) {
  const names = new Set();
  const add = (file) => {
    const base = path.basename(file);
    const match = /^(.+)\+[^+]+\.patch$/.exec(base);
    if (!match) return;
    // patch-package's names: @scope+name+1.2.3.patch, a nested package as parent++child+1.2.3.patch.
    const chain = match[1].split("++").map((part) => part.replace(/^(@[^+]+)\+/, "$1/"));
    names.add(chain.map((part) => `node_modules/${part}`).join("/"));
  };
  for (const dir of [path.join(context, "patches"), path.join(path.dirname(nodeModules), "patches")]) {
    if (existsSync(dir)) for (const file of readdirSync(dir)) add(file);
  }
  const history = spawnSync("git", ["log", "--all", "--format=", "--name-only", "--", "patches"], { cwd: context, encoding: "utf8" });
  if (history.status === 0) for (const file of history.stdout.split("\n").filter(Boolean)) add(file);
  return names;
}

function restorePristine(target, where, meta, packDir) {
  const name = where.replace(/^.*node_modules\//, "");
  const spec = `${name}@${meta.version}`;
  let packed = spawnSync("npm", ["pack", spec, "--offline", "--silent", "--pack-destination", packDir], { encoding: "utf8" });
  if (packed.status !== 0) packed = spawnSync("npm", ["pack", spec, "--silent", "--pack-destination", packDir], { encoding: "utf8" });
  if (packed.status !== 0) throw new Error(`npm pack ${spec} failed: ${packed.stderr}`);
  const tarball = path.join(packDir, packed.stdout.trim().split("\n").pop());
  const [algorithm, digest] = meta.integrity.split("-", 2);
  if (createHash(algorithm).update(readFileSync(tarball)).digest("base64") !== digest)
    throw new Error(`${spec}: the tarball is not the lockfile's (integrity)`);
  // The package's own files go; packages nested under it stay.
  for (const entry of readdirSync(target)) if (entry !== "node_modules") rmSync(path.join(target, entry), { recursive: true, force: true });
  execFileSync("tar", ["-xzf", tarball, "--strip-components=1", "-C", target]);
}

// ---------------------------------------------------------------------------------------------

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = Object.fromEntries(
    process.argv.slice(2).map((arg) => {
      const [name, value = "true"] = arg.replace(/^--/, "").split("=", 2);
      return [name, value];
    }),
  );
  let image;
  try {
    image = rehearseImage({ dockerfile: options.dockerfile });
  } catch (error) {
    console.error(`the rehearsal failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  // The start-up's own patch check, from the image's own files and as its user.
  const start = imageStart(image);
  const probe = spawnSync(
    "node",
    [
      "--input-type=module",
      "-e",
      "const b = await import('./build/index.js'); console.log(JSON.stringify(b.entry.module.missingRouterPatches()));",
    ],
    { cwd: start.cwd, env: start.env, encoding: "utf8", ...start.spawnAs },
  );
  const missing = probe.status === 0 ? JSON.parse(probe.stdout.trim().split("\n").pop()) : null;
  if (!options.keep) rmSync(path.join(ROOT, ".cache", "rehearse-image"), { recursive: true, force: true });
  if (!missing) {
    console.error(`the image's build could not be loaded:\n${probe.stderr}`);
    process.exit(1);
  }
  if (missing.length > 0) {
    console.error(`the image's router packages are not patched: ${missing.join("; ")}`);
    process.exit(1);
  }
  console.log("the image's router packages carry every patch");
}
