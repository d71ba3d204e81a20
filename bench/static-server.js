// The "static ceiling" for the benchmark: a bare node:http server holding the pages fetched once from
// the app, each precompressed with brotli (quality 11) and gzip (level 9) at start, and answering by
// path with the encoding the request's Accept-Encoding prefers. It does no routing beyond a Map
// lookup, no rendering, no work per request and no headers beyond what a static host must send
// (type, length, encoding, Vary), so it measures what this machine and Node can push through one
// process for the same page; bench/run.js compares the app against it.
//
//   node bench/static-server.js --source http://127.0.0.1:3000 --paths /,/teachers,/canopy [--port 0]
//
// Once listening it prints one JSON line on stdout:
//   { "port", "source", "pages": { "/": { "contentType", "bytes": { "identity", "gzip", "br" } } } }
import http from "node:http";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Fetches `url` once and returns its body bytes (decoded) and content type; throws unless it answers 200. */
export async function fetchPage(url) {
  const response = await fetch(url, { headers: { accept: "text/html" }, redirect: "manual" });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}, expected 200`);
  const body = Buffer.from(await response.arrayBuffer());
  return { body, contentType: response.headers.get("content-type") ?? "application/octet-stream" };
}

/** The three bodies a static host would keep for one page, compressed as hard as the codecs go. */
export function precompress(body) {
  return {
    identity: body,
    gzip: gzipSync(body, { level: 9 }),
    br: brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  };
}

/** br, then gzip, then identity, skipping any the header refuses with q=0 (the same order as the app). */
export function pickEncoding(acceptEncoding) {
  const q = new Map();
  for (const part of String(acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name) => (q.get(name) ?? q.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return "identity";
}

/**
 * Starts the server on `port` (0 = any free one) for `pages` (path → { contentType, bodies });
 * resolves with the node:http server once listening.
 */
export async function startStaticServer({ pages, port = 0, host = "127.0.0.1" }) {
  // Header arrays built once per page and encoding: the ceiling should spend nothing per request.
  const answers = new Map();
  for (const [pagePath, page] of pages) {
    const byEncoding = {};
    for (const [encoding, bytes] of Object.entries(page.bodies)) {
      const headers = ["Content-Type", page.contentType, "Content-Length", String(bytes.length), "Vary", "Accept-Encoding"];
      if (encoding !== "identity") headers.push("Content-Encoding", encoding);
      byEncoding[encoding] = { headers, bytes };
    }
    answers.set(pagePath, byEncoding);
  }
  const server = http.createServer((req, res) => {
    const page = answers.get(req.url);
    if (!page) {
      res.writeHead(404, { "Content-Length": "0" });
      res.end();
      return;
    }
    const { headers, bytes } = page[pickEncoding(req.headers["accept-encoding"])];
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : bytes);
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
  const args = { source: undefined, paths: ["/"], port: 0 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    const value = () => inline ?? argv[++i];
    if (flag === "--source") args.source = value();
    else if (flag === "--paths") args.paths = value().split(",").filter(Boolean);
    else if (flag === "--port") args.port = Number(value());
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (!args.source) throw new Error("--source <base url> is required");
  if (!Number.isInteger(args.port) || args.port < 0) throw new Error("--port must be a port number");
  if (!args.paths.every((p) => p.startsWith("/"))) throw new Error("--paths must be absolute paths");
  return args;
}

async function main() {
  const { source, paths, port } = parseArgs(process.argv.slice(2));
  const pages = new Map();
  const info = {};
  for (const pagePath of paths) {
    const { body, contentType } = await fetchPage(new URL(pagePath, source));
    const bodies = precompress(body);
    pages.set(pagePath, { contentType, bodies });
    info[pagePath] = { contentType, bytes: Object.fromEntries(Object.entries(bodies).map(([name, bytes]) => [name, bytes.length])) };
  }
  const server = await startStaticServer({ pages, port });
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: address.port, source, pages: info })}\n`);
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
