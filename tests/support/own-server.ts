import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A second copy of the site for a browser test that must change the build (delete a chunk) or the
 * configuration (a pixel), on a port of its own so no other test is affected. Copies the build into a
 * temporary folder, starts `node server.js` there on a fresh SQLite file, and waits for /healthz.
 */
export interface OwnServer {
  base: string;
  dir: string;
  /** Resolves once the process has exited (a SIGTERM drains for a moment first: ADR 041). */
  stop(): Promise<void>;
}

export async function startOwnServer(port: number, env: Record<string, string> = {}): Promise<OwnServer> {
  const base = `http://localhost:${port}`;
  const root = process.cwd();
  const taken = await fetch(`${base}/healthz`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is already in use: this test needs its own server`);
  const dir = mkdtempSync(path.join(os.tmpdir(), "stillhour-own-"));
  for (const entry of ["server.js", "package.json", "build", "public"])
    cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  const child: ChildProcess = spawn(process.execPath, ["server.js"], {
    cwd: dir,
    stdio: "ignore",
    env: {
      ...process.env,
      APP_ENV: "demo",
      PORT: String(port),
      SQLITE_PATH: path.join(dir, "site.sqlite"),
      UPLOADS_DIR: path.join(dir, "uploads"),
      MAIL_OUTBOX_DIR: path.join(dir, "outbox"),
      DEMO_MEDIA_DIR: path.join(root, "media/demo"),
      LOG_REQUESTS: "false",
      PUBLIC_SITE_URL: base,
      ...env,
    },
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 9_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 150; i += 1) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, dir, stop };
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await stop();
  throw new Error("the copied site did not start");
}
