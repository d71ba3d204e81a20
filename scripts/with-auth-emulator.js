#!/usr/bin/env node
// Runs a command with the Firebase Auth emulator beside it, then stops the emulator.
//
//   node scripts/with-auth-emulator.js [--port=9099] [--keep=./data/auth-emulator] -- <command …>
//
// `npm run demo` and `npm test` use it, so neither needs a second terminal. The emulator is the real
// one from firebase-tools, offline (`--only auth`, UI off, a demo- project id that never reaches
// Google). `firebase emulators:exec` sets FIREBASE_AUTH_EMULATOR_HOST for the command and stops the
// emulator when the command ends, whatever its exit code, which it passes on.
//
// The emulator's tokens are unsigned, so only the demo accepts it (every other APP_ENV stops the
// server at start): the command runs with APP_ENV=demo, the choice `npm run demo` and `npm test` make
// by running through this script. An APP_ENV naming another mode stops here instead.
//
// When the environment already names an emulator, or a real Firebase project with its web API key,
// the command runs as it is (with APP_ENV=demo beside an emulator): real services are never shadowed
// by a local one.
//
// --keep keeps the emulator's accounts in a folder across runs (the demo does, beside its SQLite
// file, so deleting ./data starts both afresh). Tests start from nothing.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DEMO_PROJECT = "demo-stillhour";

if (existsSync(path.join(ROOT, ".env"))) process.loadEnvFile(path.join(ROOT, ".env"));

const args = process.argv.slice(2);
const split = args.indexOf("--");
if (split === -1 || split === args.length - 1) {
  console.error("usage: with-auth-emulator.js [--port=N] [--keep=DIR] -- <command …>");
  process.exit(2);
}
const options = Object.fromEntries(
  args.slice(0, split).map((arg) => {
    const [name, value = "true"] = arg.replace(/^--/, "").split("=", 2);
    return [name, value];
  }),
);
const command = args.slice(split + 1);

const realProject = process.env.FIREBASE_PROJECT_ID && process.env.FIREBASE_WEB_API_KEY;
if (process.env.FIREBASE_AUTH_EMULATOR_HOST || !realProject) {
  if (process.env.APP_ENV && process.env.APP_ENV !== "demo") {
    console.error(`APP_ENV=${process.env.APP_ENV} refuses the Auth emulator (its tokens are unsigned); it runs only with APP_ENV=demo`);
    process.exit(2);
  }
  process.env.APP_ENV = "demo";
}
if (process.env.FIREBASE_AUTH_EMULATOR_HOST || realProject) {
  const why = process.env.FIREBASE_AUTH_EMULATOR_HOST ? "an emulator is already configured" : "a Firebase project is configured";
  console.error(`› ${why}: running without starting the Auth emulator`);
  run(command[0], command.slice(1), process.env);
} else {
  startWithEmulator();
}

function startWithEmulator() {
  const port = Number(options.port ?? process.env.AUTH_EMULATOR_PORT ?? 9099);
  if (!Number.isInteger(port) || port < 1024 || port > 65_000) {
    console.error(`--port must be a port number, not ${options.port}`);
    process.exit(2);
  }
  // The hub and logging emulators come with every run; give them ports beside the Auth one so that a
  // demo and a test run can live side by side.
  const configDir = mkdtempSync(path.join(os.tmpdir(), "stillhour-emulator-"));
  const config = path.join(configDir, "firebase.json");
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: "127.0.0.1", port },
        hub: { host: "127.0.0.1", port: port + 1 },
        logging: { host: "127.0.0.1", port: port + 2 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const firebaseArgs = ["emulators:exec", "--only", "auth", "--project", DEMO_PROJECT, "--config", config];
  if (options.keep) {
    const keep = path.resolve(ROOT, options.keep);
    if (existsSync(path.join(keep, "auth_export"))) firebaseArgs.push("--import", keep);
    mkdirSync(keep, { recursive: true });
    firebaseArgs.push("--export-on-exit", keep);
  }
  // The command sees the caller's CI, not the one set for firebase-tools below (ADR 064: a local run
  // never retries a browser test).
  const callerCi = process.env.CI ? [`CI=${process.env.CI}`] : ["-u", "CI"];
  firebaseArgs.push(["env", ...callerCi, ...command].map(shellQuote).join(" "));
  console.error(`› starting the Firebase Auth emulator on 127.0.0.1:${port} (APP_ENV=demo)`);
  const bin = path.join(ROOT, "node_modules", ".bin", "firebase");
  // CI=true keeps firebase-tools from prompting or checking for updates: the machine is offline.
  run(bin, firebaseArgs, { ...process.env, CI: "true", FIREBASE_CLI_DISABLE_UPDATE_CHECK: "true" }, () =>
    rmSync(configDir, { recursive: true, force: true }),
  );
}

function run(bin, argv, env, after = () => {}) {
  const child = spawn(bin, argv, { cwd: ROOT, env, stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => {
    after();
    process.exit(code ?? (signal ? 1 : 0));
  });
}

function shellQuote(word) {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
