// Local stand-ins for the ad pixel, tag manager and social scripts, for `npm run lighthouse --
// --with-marketing=yes` (issue 13: "with the pixel and tag manager configured, the public pages lose
// no more than 2 Lighthouse points"). The audit machine has no internet, and an unresolvable vendor
// host would measure a failed request, not a vendor's script; so one HTTPS server on 127.0.0.1 answers
// for every vendor host (Chromium maps them to it with --host-resolver-rules and accepts its
// throwaway certificate with --ignore-certificate-errors) and serves a script of the vendor's size
// that does the kind of work the real one does on load:
//
// - it is JavaScript of about the real script's compressed size (gzip on the wire), made of many
//   small functions that all run once, so Chromium parses, compiles and executes all of it;
// - it takes over the queue our loader made (fbq, dataLayer, twq), replays what was queued and
//   sends its beacons (an image request per event) back to this server, which answers 204.
//
// The sizes are deliberately on the heavy side of what these scripts weigh (docs/performance.md):
// the point is an upper bound on what configuring them costs, not a flattering figure.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { prng } from "../bench/prng.js";

/** Hosts the marketing loader and the vendors' scripts talk to (see security-headers.server.ts). */
export const VENDOR_HOSTS = [
  "connect.facebook.net",
  "www.facebook.com",
  "www.googletagmanager.com",
  "www.google-analytics.com",
  "region1.google-analytics.com",
  "static.ads-twitter.com",
  "analytics.twitter.com",
];

// Compressed bytes on the wire per script, rounded up from what the real ones weighed when checked.
const SCRIPTS = {
  "/en_US/fbevents.js": { gzipBytes: 95_000, queue: "fbq", beacon: "https://www.facebook.com/tr" },
  "/gtm.js": { gzipBytes: 110_000, queue: "dataLayer", beacon: "https://region1.google-analytics.com/g/collect" },
  "/uwt.js": { gzipBytes: 20_000, queue: "twq", beacon: "https://analytics.twitter.com/i/adsct" },
};

const ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** JavaScript whose gzip size is about `gzipBytes`; every generated function runs once on load. */
export function standInScript(name, { gzipBytes, queue, beacon }) {
  const random = prng([...name].reduce((sum, char) => sum * 31 + char.charCodeAt(0), 7));
  const word = (length) => Array.from({ length }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join("");
  const head = `(function(){"use strict";var w=window,d=document,out=[],m={};`;
  const tail = `
var keys=Object.keys(m);for(var i=0;i<keys.length;i++){out.push(m[keys[i]](i,d.title.length));}
function send(kind,data){var img=new Image();img.src=${JSON.stringify(beacon)}+"?ev="+encodeURIComponent(kind)+"&dl="+encodeURIComponent(location.href)+"&n="+out.length+"&cd="+encodeURIComponent(JSON.stringify(data||{}));}
var q=w[${JSON.stringify(queue)}];
if(${JSON.stringify(queue)}==="dataLayer"){q=q||(w.dataLayer=[]);var push=q.push.bind(q);for(var j=0;j<q.length;j++)send("gtm",q[j]);q.push=function(e){send("gtm",e);return push(e);};}
else if(typeof q==="function"){var pending=q.queue||[];q.callMethod=function(){send(String(arguments[0])+":"+String(arguments[1]),arguments[2]);};for(var k=0;k<pending.length;k++)q.callMethod.apply(null,pending[k]);q.queue=[];}
})();`;
  const parts = [head];
  let size = 0;
  let index = 0;
  // Grow in steps, measuring the compressed size now and then (gzip of the whole is what is sent).
  while (size < gzipBytes) {
    for (let step = 0; step < 40; step++, index++) {
      const fields = Array.from({ length: 4 }, () => `k${word(6)}:${JSON.stringify(word(12))}`).join(",");
      parts.push(
        `m.f${index}=function(a,b){var o={${fields}},s=0,t=Object.keys(o);for(var i=0;i<t.length;i++){s+=o[t[i]].charCodeAt((a+b+i)%12);}return s^${Math.floor(random() * 1e6)};};`,
      );
    }
    size = gzipSync(parts.join("\n") + tail).length;
  }
  return parts.join("\n") + tail;
}

/** A throwaway self-signed certificate for the vendor hosts (openssl; Chromium ignores the issuer). */
function certificate() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "stillhour-vendors-"));
  try {
    const key = path.join(dir, "key.pem");
    const cert = path.join(dir, "cert.pem");
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        key,
        "-out",
        cert,
        "-days",
        "1",
        "-subj",
        "/CN=vendor-stand-ins.local",
        "-addext",
        `subjectAltName=${VENDOR_HOSTS.map((host) => `DNS:${host}`).join(",")}`,
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Starts the stand-in server on a free 127.0.0.1 port. Returns the port, the Chromium flags that send
 * the vendor hosts to it, a log of what was requested (to prove the scripts really loaded), and stop().
 */
export async function startVendorStandIns() {
  const bodies = new Map(Object.entries(SCRIPTS).map(([pathname, spec]) => [pathname, gzipSync(standInScript(pathname, spec))]));
  const requests = [];
  const server = https.createServer(certificate(), (request, response) => {
    const url = new URL(request.url ?? "/", `https://${request.headers.host ?? "localhost"}`);
    requests.push(`${url.host}${url.pathname}`);
    const body = bodies.get(url.pathname);
    if (body && request.method === "GET") {
      response.writeHead(200, {
        "content-type": "text/javascript; charset=utf-8",
        "content-encoding": "gzip",
        "content-length": body.length,
        "cache-control": "public, max-age=1200",
        "access-control-allow-origin": "*",
      });
      response.end(body);
      return;
    }
    response.writeHead(204, { "cache-control": "no-store", "access-control-allow-origin": "*" });
    response.end();
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address();
  return {
    port,
    requests,
    sizes: Object.fromEntries([...bodies].map(([pathname, body]) => [pathname, body.length])),
    // Rules apply in order and the first match wins: the vendor hosts go to this server, the
    // loopback address stays itself, and everything else does not resolve.
    hostResolverRules: `${VENDOR_HOSTS.map((host) => `MAP ${host} 127.0.0.1:${port}`).join(", ")}, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
