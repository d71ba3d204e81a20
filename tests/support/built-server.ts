import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

/**
 * The production build (`npx remix build` first) started as `node server.js` from the repository, on a
 * port and a throwaway SQLite file of its own under ./data, for tests that watch the server process
 * itself (its memory, its answers to hostile requests) rather than pages in a browser.
 */
export interface BuiltServer {
  base: string;
  /** Where its store and folders live (a second instance may share them). */
  files: string;
  pid: number;
  /** The server's last lines, for a failure's message. */
  output: string[];
  stop(): Promise<void>;
}

export interface BuiltServerOptions {
  /**
   * Start from an empty environment (PATH and HOME only) instead of the runner's, so nothing of the
   * shared test server's settings leaks in: for a mode other than the demo (staging refuses the Auth
   * emulator and the demo drivers the runner names).
   */
  cleanEnv?: boolean;
  /** Another instance on the same store and folders (`files` of the first): neither made nor removed here. */
  sharedFiles?: string;
  /**
   * Another set of files to run (the rehearsed image's, tests/e2e/image-rehearsal.spec.ts): its folder,
   * its command, the user to run it as and its base environment in place of the clean one. Its store
   * and folders go under its own data/.
   */
  image?: { cwd: string; command: string[]; spawnAs: { uid?: number; gid?: number }; env: Record<string, string> };
}

export async function startBuiltServer(
  port: number,
  name: string,
  env: Record<string, string> = {},
  options: BuiltServerOptions = {},
): Promise<BuiltServer> {
  const base = `http://localhost:${port}`;
  if (
    await fetch(`${base}/healthz`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`port ${port} is already in use: this test needs its own server`);
  const files =
    options.sharedFiles ?? (options.image ? join(options.image.cwd, "data", `e2e-${port}-${name}`) : `./data/e2e-${port}-${name}`);
  const database = `${files}.sqlite`;
  const dirs = [`${files}-uploads`, `${files}-outbox`];
  const removeFiles = () => {
    if (options.sharedFiles) return;
    for (const file of [database, `${database}-wal`, `${database}-shm`]) rmSync(file, { force: true });
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  removeFiles();
  const inherited: Record<string, string | undefined> = options.image
    ? options.image.env
    : options.cleanEnv
      ? { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" }
      : { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "" };
  const [command, ...args] = options.image?.command ?? [process.execPath, "server.js"];
  const child: ChildProcess = spawn(command, args, {
    cwd: options.image?.cwd ?? process.cwd(),
    ...options.image?.spawnAs,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...(inherited as NodeJS.ProcessEnv),
      PORT: String(port),
      PUBLIC_SITE_URL: base,
      SQLITE_PATH: database,
      UPLOADS_DIR: dirs[0],
      MAIL_OUTBOX_DIR: dirs[1],
      LOG_REQUESTS: "false",
      ...env,
    },
  });
  // Whole lines, the last thousand: a test reads the start's lines after the warm-up's and its own
  // requests have been logged (40 kept once lost "metrics listening"); an error shows the last 40.
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let partial = "";
    stream?.setEncoding("utf8").on("data", (text: string) => {
      const lines = (partial + text).split("\n");
      partial = lines.pop() ?? "";
      output.push(...lines.filter(Boolean));
      output.splice(0, Math.max(0, output.length - 1000));
    });
  }
  const tail = () => output.slice(-40).join("\n");
  let exited: number | null = null;
  child.once("exit", (code) => (exited = code ?? -1));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      // The files are removed only once the process has closed them.
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    removeFiles();
  };
  const deadline = Date.now() + 45_000;
  while (
    !(await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (exited !== null) {
      await stop();
      throw new Error(`the server stopped (exit ${exited}):\n${tail()}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /healthz:\n${tail()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { base, files, pid: child.pid!, output, stop };
}

/** Waits until the server's /readyz answers 200 (its warm-up done); returns how long that took. */
export async function waitUntilReady(base: string, timeoutMs = 30_000): Promise<number> {
  const started = Date.now();
  while (
    !(await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() - started > timeoutMs) throw new Error(`${base}/readyz did not answer 200 within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

/** A Linux process's memory from /proc: resident now and its peak ("high water mark"), in bytes. */
export function processMemory(pid: number): { resident: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024;
  return { resident: kb("VmRSS"), peak: kb("VmHWM") };
}
