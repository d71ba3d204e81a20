import http from "node:http";

/**
 * A small round-robin front for tests that run several built servers on one store, as a container host's
 * load balancer would: each new request goes to the next instance that answers its readiness check, and a
 * request an instance refused before reading it (connection refused) is tried once on the next one. The
 * Host header passes through unchanged, so every instance sees the site's one public address.
 */
export interface Front {
  base: string;
  /** Requests answered by each backend, and those the front itself had to fail (502). */
  counts: { byBackend: Record<string, number>; failed: number };
  close(): Promise<void>;
}

export interface FrontOptions {
  /** The path each backend answers 200 on while it takes traffic (polled every 200 ms); the site's /readyz by default, which turns 503 the moment a shutdown begins. */
  readinessPath?: string;
}

export async function startFront(port: number, backends: string[], options: FrontOptions = {}): Promise<Front> {
  const readinessPath = options.readinessPath ?? "/readyz";
  const ready = new Map(backends.map((b) => [b, true]));
  const counts: Front["counts"] = { byBackend: Object.fromEntries(backends.map((b) => [b, 0])), failed: 0 };
  let next = 0;

  const poll = setInterval(() => {
    for (const backend of backends) {
      fetch(`${backend}${readinessPath}`, { signal: AbortSignal.timeout(1_000) }).then(
        (response) => ready.set(backend, response.ok),
        () => ready.set(backend, false),
      );
    }
  }, 200);
  poll.unref();

  const pick = (skip: Set<string>) => {
    for (let i = 0; i < backends.length; i += 1) {
      const backend = backends[(next + i) % backends.length];
      if (ready.get(backend) && !skip.has(backend)) {
        next = (next + i + 1) % backends.length;
        return backend;
      }
    }
    return backends.find((b) => !skip.has(b)) ?? null;
  };

  const server = http.createServer((req, res) => {
    // The body is read once so a refused request can be sent again to another instance.
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => send(new Set()));
    const send = (tried: Set<string>) => {
      const backend = pick(tried);
      if (!backend) {
        counts.failed += 1;
        res.writeHead(502).end();
        return;
      }
      tried.add(backend);
      const target = new URL(req.url ?? "/", backend);
      const upstream = http.request(
        { hostname: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers: req.headers },
        (answer) => {
          counts.byBackend[backend] += 1;
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "ECONNREFUSED" && tried.size < backends.length) {
          ready.set(backend, false);
          send(tried);
          return;
        }
        counts.failed += 1;
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      upstream.end(Buffer.concat(chunks));
    };
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    base: `http://localhost:${port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(poll);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
