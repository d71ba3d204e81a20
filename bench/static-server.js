// The "static ceiling" for the benchmark: a bare node:http server that answers every request with
// the exact bytes and Content-Type of one page fetched once from the app. It does no routing, no
// rendering, no compression and no headers beyond the content type, so it measures what this machine
// and Node can push through one process; bench/run.js compares the app's pages against it.
//
//   node bench/static-server.js --source http://127.0.0.1:3000/ [--port 0]
//
// Once listening it prints one JSON line on stdout: { "port", "bytes", "contentType", "source" }.
import http from "node:http";
import { fileURLToPath } from "node:url";

/** Fetches `source` once and returns its body bytes and content type; throws unless it answers 200. */
export async function fetchPage(source) {
  const response = await fetch(source, { headers: { accept: "text/html" }, redirect: "manual" });
  if (response.status !== 200) throw new Error(`${source} answered ${response.status}, expected 200`);
  const body = Buffer.from(await response.arrayBuffer());
  return { body, contentType: response.headers.get("content-type") ?? "application/octet-stream" };
}

/** Starts the server on `port` (0 = any free one); resolves with the node:http server once listening. */
export async function startStaticServer({ body, contentType, port = 0, host = "127.0.0.1" }) {
  const length = String(body.length);
  const server = http.createServer((req, res) => {
    res.writeHead(200, { "Content-Type": contentType, "Content-Length": length });
    res.end(req.method === "HEAD" ? undefined : body);
  });
  // Same keep-alive as the app's server so both keep autocannon's connections open.
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  return server;
}

function parseArgs(argv) {
  const args = { source: undefined, port: 0 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    const value = () => inline ?? argv[++i];
    if (flag === "--source") args.source = value();
    else if (flag === "--port") args.port = Number(value());
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (!args.source) throw new Error("--source <url> is required");
  if (!Number.isInteger(args.port) || args.port < 0) throw new Error("--port must be a port number");
  return args;
}

async function main() {
  const { source, port } = parseArgs(process.argv.slice(2));
  const { body, contentType } = await fetchPage(source);
  const server = await startStaticServer({ body, contentType, port });
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: address.port, bytes: body.length, contentType, source })}\n`);
  const stop = () => server.close(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(`static-server: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
