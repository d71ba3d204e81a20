#!/usr/bin/env node
// Fuzzes every action and resource route of the production build (issue 23, "Done when"): malformed
// requests of every kind, signed in as nobody, as a fresh visitor and as signed-in people with each
// role, and fails on any answer of 500 or more.
//
//   npm run fuzz                                  # remix build, own server and Auth emulator, 2,400 requests
//   npm run fuzz -- --no-build --requests=5000 --seed=7
//   npm run fuzz -- --no-build --base=http://localhost:3000 --secret=<SESSION_SECRET>
//                                                 # a server already running (the secret, when given,
//                                                 # lets the fuzz sign hostile sessions the server trusts)
//
// The route table is the build's own manifest (public/build/manifest-*.js): every route with an
// action or a loader, resource routes included, so a new route is fuzzed without being listed. Route
// parameters are filled with values found on the site's own pages (real class ids, slugs) half of the
// time and with hostile ones otherwise. Randomness is seeded (bench/prng.js): a run is replayed from
// its seed, and each failure names its request's index.
//
// The requests: wrong methods (and ones HTTP does not know), forms with random fields and hostile
// values, bodies declared or sent chunked up to 2 MB, bodies in the wrong content type, multipart with
// files, raw bytes, JSON; bad, tampered and forged session cookies (signed with a wrong secret, or
// with the server's own when known, carrying hostile contents); hostile paths and queries (dot
// segments, encoded slashes, NULs, overlong, `.data` requests, open-redirect bait); odd headers
// (forwarded hosts, Origin null or foreign, Range, Expect, huge values); and malformed HTTP on a raw
// socket (bad chunk framing, both lengths, a negative length). Signed in, sign-out and account
// deletion are left out (they would end the session the rest of the run uses); as nobody they are in.
//
// Prints a summary (statuses, the 5xx answers with their requests, connections that got no answer)
// and exits 1 on any 5xx, 2 when it could not run.
import { createHmac } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { prng } from "../bench/prng.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const KB = 1024;

// ---------------------------------------------------------------------------------------------
// The route table.

/**
 * Every addressable route of the build with an action or a loader: its id, its path pattern
 * (`/classes/:classId`), and whether it has an action.
 * @param {string} [root]
 * @returns {Array<{ id: string; pattern: string; hasAction: boolean }>}
 */
export function routeTable(root = ROOT) {
  const dir = path.join(root, "public/build");
  const file = readdirSync(dir).find((name) => /^manifest-[A-Z0-9]+\.js$/.test(name));
  if (!file) throw new Error("no build manifest in public/build: run `npx remix build` first");
  const manifest = JSON.parse(
    readFileSync(path.join(dir, file), "utf8")
      .replace(/^window\.__remixManifest=/, "")
      .replace(/;\s*$/, ""),
  );
  /** @type {Record<string, { id: string; parentId?: string; path?: string; index?: boolean; hasAction: boolean; hasLoader: boolean }>} */
  const routes = manifest.routes;
  const fullPath = (/** @type {string} */ id) => {
    const parts = [];
    for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined)
      if (route.path) parts.unshift(route.path);
    return `/${parts.join("/")}`;
  };
  const table = [];
  for (const route of Object.values(routes)) {
    if (route.id === "root" || (!route.hasAction && !route.hasLoader)) continue;
    // A pathless layout is not an address of its own.
    if (route.path === undefined && !route.index) continue;
    table.push({ id: route.id, pattern: fullPath(route.id), hasAction: route.hasAction });
  }
  return table.sort((a, b) => a.id.localeCompare(b.id));
}

/** The pattern's parameter names, in order. */
function paramNames(/** @type {string} */ pattern) {
  return [...pattern.matchAll(/:([A-Za-z]+)\??/g)].map((match) => match[1]);
}

/**
 * Real parameter values, read from the links on the site's own pages: `{ classId: [...], slug: [...] }`.
 * @param {string} base
 * @param {Array<{ pattern: string }>} table
 */
export async function discoverParams(base, table) {
  const matchers = table
    .filter((route) => route.pattern.includes(":"))
    .map((route) => {
      const names = paramNames(route.pattern);
      const source = route.pattern
        .split("/")
        .map((segment) =>
          segment.startsWith(":")
            ? segment.endsWith("?")
              ? "?([^/?#\"'<]*)"
              : "([^/?#\"'<]+)"
            : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
        )
        .join("/");
      return { names, regex: new RegExp(`^${source}$`) };
    });
  /** @type {Record<string, Set<string>>} */
  const found = {};
  const pages = ["/", "/classes", "/on-demand", "/studios", "/teachers", "/blog", "/learn", "/careers", "/sitemap.xml"];
  const seen = new Set();
  for (let i = 0; i < pages.length && i < 30; i += 1) {
    const text = await fetch(`${base}${pages[i]}`, { signal: AbortSignal.timeout(10_000) }).then(
      (r) => r.text(),
      () => "",
    );
    for (const match of text.matchAll(/(?:href=["']|<loc>)(?:https?:\/\/[^/"'<]+)?(\/[^"'<#?\s]*)/g)) {
      const href = match[1];
      if (seen.has(href)) continue;
      seen.add(href);
      for (const matcher of matchers) {
        const hit = matcher.regex.exec(href);
        if (!hit) continue;
        matcher.names.forEach((name, index) => {
          if (!hit[index + 1]) return;
          (found[name] ??= new Set()).add(decodeURIComponent(hit[index + 1]));
        });
        // One level further: a studio's page links its classes.
        if (/^\/studios\/[^/]+$/.test(href) && !pages.includes(href)) pages.push(href);
      }
    }
  }
  return Object.fromEntries(Object.entries(found).map(([name, values]) => [name, [...values].slice(0, 40)]));
}

// ---------------------------------------------------------------------------------------------
// Viewers: nobody, a fresh visitor, and signed-in people (fresh accounts on the Auth emulator).

const REST = (/** @type {string} */ host, /** @type {string} */ method) =>
  `http://${host}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=fuzz-api-key`;

async function emulatorPost(/** @type {string} */ url, /** @type {unknown} */ body, /** @type {Record<string, string>} */ headers = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** An ID token for the account with this phone number, made if new, with these claims. */
async function phoneToken(
  /** @type {string} */ host,
  /** @type {string} */ project,
  /** @type {string} */ phoneNumber,
  /** @type {Record<string, boolean>} */ claims,
) {
  const signIn = async () => {
    const sent = await emulatorPost(REST(host, "sendVerificationCode"), { phoneNumber, recaptchaToken: "emulator" });
    const codes = await (await fetch(`http://${host}/emulator/v1/projects/${project}/verificationCodes`)).json();
    const code = codes.verificationCodes.find(
      (/** @type {{ sessionInfo: string }} */ entry) => entry.sessionInfo === sent.sessionInfo,
    )?.code;
    return emulatorPost(REST(host, "signInWithPhoneNumber"), { sessionInfo: sent.sessionInfo, code });
  };
  const first = await signIn();
  if (Object.keys(claims).length === 0) return first.idToken;
  // The emulator takes the admin SDK's call with "Bearer owner"; a token minted after it carries the claims.
  await emulatorPost(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/${project}/accounts:update`,
    { localId: first.localId, customAttributes: JSON.stringify(claims) },
    { authorization: "Bearer owner" },
  );
  return (await signIn()).idToken;
}

/**
 * The viewers a run takes turns with: `nobody` (no cookie), `visitor` (the cookie a first visit is
 * given) and, when an Auth emulator is named, fresh named accounts: a member and one per staff role.
 * @param {string} base
 * @param {{ emulatorHost?: string; project?: string; tag?: string }} [options]
 * @returns {Promise<Array<{ name: string; cookie: string; signedIn: boolean }>>}
 */
export async function makeViewers(base, options = {}) {
  const viewers = [{ name: "nobody", cookie: "", signedIn: false }];
  const first = await fetch(`${base}/about`);
  await first.arrayBuffer();
  const visitor =
    first.headers
      .getSetCookie()
      .find((line) => line.startsWith("__session="))
      ?.split(";")[0] ?? "";
  viewers.push({ name: "visitor", cookie: visitor, signedIn: false });
  const host = options.emulatorHost ?? process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "";
  if (!host) return viewers;
  const project = options.project ?? process.env.FIREBASE_PROJECT_ID ?? "demo-stillhour";
  const tag = options.tag ?? String(Date.now() % 10_000).padStart(4, "0");
  const people = [
    { name: "member", claims: {} },
    { name: "admin", claims: { admin: true } },
    { name: "facilitator", claims: { facilitator: true } },
    { name: "studio staff", claims: { studioStaff: true } },
  ];
  for (const [index, person] of people.entries()) {
    // +1 555 01xx numbers are fictional; the tag keeps runs on one emulator apart.
    const idToken = await phoneToken(host, project, `+1555019${index}${tag.slice(-3)}`, person.claims);
    const synced = await fetch(`${base}/api/session`, { method: "POST", headers: { Authorization: `Bearer ${idToken}`, Origin: base } });
    await synced.arrayBuffer();
    const cookie = synced.headers
      .getSetCookie()
      .find((line) => line.startsWith("__session="))
      ?.split(";")[0];
    if (synced.status !== 200 || !cookie) throw new Error(`signing in the fuzz's ${person.name} failed: ${synced.status}`);
    const named = await fetch(`${base}/onboarding`, {
      method: "POST",
      headers: { Origin: base, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ firstName: "Fuzz", lastName: person.name.replace(/[^a-z]/gi, "") || "Person" }),
      redirect: "manual",
    });
    await named.arrayBuffer();
    viewers.push({ name: person.name, cookie, signedIn: true });
  }
  return viewers;
}

// ---------------------------------------------------------------------------------------------
// Hostile material.

const HOSTILE_VALUES = [
  "",
  " ",
  "0",
  "-1",
  "1e999",
  "NaN",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  '{"__proto__":{"admin":true}}',
  "__proto__",
  "constructor",
  "prototype",
  "../../../../etc/passwd",
  "..%2f..%2fetc%2fpasswd",
  "%00",
  "\u0000",
  "\u202e\u0644\u0627",
  "😀".repeat(40),
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  "${7*7}{{7*7}}",
  "javascript:alert(1)",
  "//evil.example",
  "/\\evil.example",
  "https://evil.example/",
  "/.//evil.example",
  "%2F%2Fevil.example",
  "\t/\t/evil.example",
  "a".repeat(300),
  "x".repeat(5_000),
  "+1 201-555-0101",
  "+999999999999999999",
  "walker@example.com",
  "a@b",
  "@",
  "2099-02-30",
  "1900-01-01",
  "STILL20",
  "ONEQUIETSEAT",
  "ABCD-EFGH-IJKL-MNOP",
  "America/Los_Angeles",
  "Mars/Olympus_Mons",
  "CON",
  ".",
  "..",
];

const FIELD_NAMES = [
  "intent",
  "email",
  "phone",
  "phoneNumber",
  "code",
  "firstName",
  "lastName",
  "birthday",
  "username",
  "plan",
  "planId",
  "pack",
  "next",
  "returnTo",
  "return",
  "redirect",
  "amount",
  "price",
  "currency",
  "choice",
  "favorite",
  "position",
  "duration",
  "completed",
  "timeZone",
  "source",
  "classId",
  "ticketId",
  "studio",
  "slug",
  "name",
  "typedName",
  "consent",
  "guardianName",
  "guardianEmail",
  "recipientName",
  "recipientEmail",
  "message",
  "deliverOn",
  "sendOn",
  "delivery",
  "giftCode",
  "card",
  "cardNumber",
  "expiry",
  "cvc",
  "payment",
  "checkInCode",
  "bookingId",
  "uid",
  "role",
  "admin",
  "website",
  "__proto__",
  "constructor",
  "x".repeat(200),
];

const INTENTS = [
  "book",
  "cancel",
  "waitlist",
  "leave",
  "leave-waitlist",
  "join",
  "photo",
  "remove-photo",
  "profile",
  "username",
  "phone",
  "email",
  "apply",
  "subscribe",
  "checkout",
  "card",
  "winback",
  "resume",
  "demo-next-payment",
  "favorite",
  "sign",
  "check-in",
  "undo",
  "no-show",
  "pay",
  "decline",
  "confirm",
  "redeem",
  "buy",
  "gift",
  "credits",
  "drop-in",
  "substitute",
  "teacher",
  "change",
  "",
  "__proto__",
  "DELETE",
  "delete",
  "admin",
];

const HOSTILE_PATHS = [
  "/..%2f..%2fetc%2fpasswd",
  "/%2e%2e/%2e%2e/etc/passwd",
  "//evil.example",
  "/\\evil.example",
  "/%5c%5cevil.example",
  "/sign-in?next=%2F.%2F%2Fevil.example",
  "/sign-in?next=javascript:alert(1)",
  "/sign-in?next=%0d%0aSet-Cookie:%20x=1",
  "/onboarding?next=//evil.example",
  "/auth/email-link?oobCode=" + "a".repeat(600),
  "/auth/email-link?oobCode=%00%00%00%00%00%00%00%00%00%00",
  "/search?q=" + "%F0%9F%98%80".repeat(100),
  "/search?q=%ZZ",
  "/classes?day=2099-99-99&kind=%00",
  "/classes?tz=Mars%2FOlympus",
  "/blog?cursor=%7B%22__proto__%22%3A1%7D",
  "/blog?cursor=" + "A".repeat(1500),
  "/teachers/%00",
  "/teachers/%C0%AF",
  "/on-demand/%2e%2e",
  "/images/teachers/..%2f..%2fpackage.json",
  "/images/members/..%2f..%2f..%2fetc%2fpasswd",
  "/media/%2e%2e/%2e%2e/package.json",
  "/media/x/" + "a".repeat(300),
  "/_root.data",
  "/_root.data?_routes=root,routes%2Fsettings",
  "/settings.data?_routes=%00",
  "/classes.data?_routes=" + "routes%2Fclasses._index,".repeat(20),
  "/?index&_data=routes%2F_index",
  "/api/session/token/..",
  "/api/../api/session",
  "/build/../server.js",
  "/build/%2e%2e/server.js",
  "/.env",
  "/.git/config",
  "/node_modules/.package-lock.json",
  "/healthz/..%2f",
  "/robots.txt?%%%",
  "/sitemap.xml?page=-1",
  "/" + "a/".repeat(300),
  "/%F0%9F%98%80",
  "/%ff%fe",
];

// ---------------------------------------------------------------------------------------------
// Requests.

/**
 * @typedef {{ method: string; path: string; headers: Record<string, string>; body?: Buffer; chunked?: boolean;
 *   raw?: Buffer; kind: string; viewer: string }} FuzzRequest
 */

/**
 * A session cookie signed as the server signs them (cookie-signature over Remix's encoding).
 * @param {unknown} data
 * @param {string} secret
 */
export function signSessionCookie(data, secret) {
  const encoded = Buffer.from(unescape(encodeURIComponent(JSON.stringify(data))), "latin1").toString("base64");
  const signature = createHmac("sha256", secret).update(encoded).digest("base64").replace(/=+$/, "");
  return `__session=${encodeURIComponent(`${encoded}.${signature}`)}`;
}

/**
 * Makes the run's requests, one at a time from the seed.
 * @param {{ seed: number; table: Array<{ pattern: string; hasAction: boolean }>; params: Record<string, string[]>;
 *   viewers: Array<{ name: string; cookie: string; signedIn: boolean }>; base: string; sessionSecret?: string }} setup
 */
export function requestMaker(setup) {
  const random = prng(setup.seed);
  const int = (/** @type {number} */ n) => Math.floor(random() * n);
  /** @type {<T>(items: readonly T[]) => T} */
  const pick = (items) => items[int(items.length)];
  const chance = (/** @type {number} */ p) => random() < p;
  const origin = setup.base;
  // Actions first and more often: they are where bodies are read.
  const targets = [...setup.table.filter((r) => r.hasAction), ...setup.table.filter((r) => r.hasAction), ...setup.table];

  const hostileValue = () =>
    chance(0.15) ? Array.from({ length: 1 + int(30) }, () => String.fromCharCode(int(0x3000))).join("") : pick(HOSTILE_VALUES);
  const paramValue = (/** @type {string} */ name) => {
    const real = setup.params[name];
    if (real?.length && chance(0.55)) return encodeURIComponent(pick(real));
    const value = hostileValue();
    // Otherwise as sent by hand: slashes, dots and percent signs raw; only what HTTP cannot carry encoded.
    return chance(0.7)
      ? encodeURIComponent(value)
      : value
          .replace(/[#?]/g, "")
          .slice(0, 200)
          .replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c)) || "x";
  };
  const fill = (/** @type {string} */ pattern) =>
    pattern
      .split("/")
      .map((segment) => {
        if (segment === "*") return paramValue("splat");
        if (!segment.startsWith(":")) return segment;
        if (segment.endsWith("?") && chance(0.3)) return "";
        return paramValue(segment.slice(1).replace(/\?$/, ""));
      })
      .join("/")
      .replace(/\/+$/, "") || "/";

  const formFields = (/** @type {boolean} */ withIntent) => {
    const form = new URLSearchParams();
    if (withIntent) form.append("intent", pick(INTENTS));
    const count = int(7);
    for (let i = 0; i < count; i += 1) {
      const name = pick(FIELD_NAMES);
      const real = Object.values(setup.params).flat();
      form.append(name, real.length && chance(0.2) ? pick(real) : hostileValue());
    }
    return form;
  };
  const sessionCookie = (/** @type {{ cookie: string }} */ viewer) => {
    const roll = int(10);
    if (roll === 0) return "__session=";
    if (roll === 1) return `__session=${"A".repeat(1 + int(6_000))}`;
    if (roll === 2) return "__session=%ZZ%ZZ";
    if (roll === 3 && viewer.cookie) return `${viewer.cookie.slice(0, -3)}${viewer.cookie.endsWith("AAA") ? "BBB" : "AAA"}`;
    if (roll === 4) return `${viewer.cookie}; __session=eyJ9.x; ${"c".repeat(40)}=1`;
    if (roll === 5)
      return signSessionCookie(
        { auth: { uid: "demo-admin", anonymous: false, firebaseCookie: "x.y.z", expiresAt: 4e12 } },
        "not-the-secret-0000000000000000000000",
      );
    if (roll === 6)
      return (
        "__session=" + encodeURIComponent(Buffer.from('{"auth":{"uid":"demo-admin","anonymous":false}}').toString("base64")) + ".forged"
      );
    // Signed with the server's own secret (when the run knows it): contents the server never wrote.
    if (setup.sessionSecret) {
      const hostile = [
        { auth: { uid: "demo-admin", anonymous: false, firebaseCookie: "x.y.z", expiresAt: 4e12 } },
        { auth: { uid: "demo-member", anonymous: true, firebaseCookie: "", expiresAt: 0 } },
        { auth: "admin" },
        { auth: { uid: { $gt: "" }, anonymous: "no", firebaseCookie: 7, expiresAt: "never" } },
        { experimentKey: { toString: 1 }, experiments: { __proto__: { admin: true }, checkout: "x".repeat(500) } },
        { experiments: ["a", "b"], experimentKey: 12 },
        { timeZone: { zone: "Mars/Olympus", source: "chosen" } },
        { timeZone: "UTC" },
        { pendingEmail: { email: "<script>", next: "//evil.example", sentAt: -1 } },
        { pendingEmail: "x" },
        null,
        [],
        "a string",
      ];
      return signSessionCookie(pick(hostile), setup.sessionSecret);
    }
    return viewer.cookie;
  };
  const multipart = (/** @type {boolean} */ broken) => {
    const boundary = `----fuzz${int(1e9)}`;
    const parts = [];
    const count = 1 + int(4);
    for (let i = 0; i < count; i += 1) {
      const name = pick(["photo", "intent", "file", pick(FIELD_NAMES)]);
      if (chance(0.5)) {
        const size = chance(0.2) ? int(3 * 1024 * KB) : int(4 * KB);
        const bytes = Buffer.alloc(size, int(256));
        parts.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${pick(["a.jpg", "../../x.png", 'a".heic', "😀.webp", ""])}"\r\nContent-Type: ${pick(["image/jpeg", "image/png", "text/html", "application/octet-stream", ""])}\r\n\r\n`,
          ),
          bytes,
          Buffer.from("\r\n"),
        );
      } else {
        parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${hostileValue()}\r\n`));
      }
    }
    if (!broken) parts.push(Buffer.from(`--${boundary}--\r\n`));
    const type =
      broken && chance(0.5)
        ? pick(["multipart/form-data", `multipart/form-data; boundary=`, `multipart/form-data; boundary=${"b".repeat(300)}`])
        : `multipart/form-data; boundary=${boundary}`;
    return { body: Buffer.concat(parts), type };
  };

  const kinds = [
    "form",
    "form",
    "form",
    "wrong-method",
    "big-form",
    "chunked",
    "chunked-big",
    "content-type",
    "multipart",
    "json",
    "cookie",
    "cookie",
    "path",
    "path",
    "headers",
    "headers",
    "data-request",
    "raw",
  ];

  /** @returns {FuzzRequest} */
  return function next(/** @type {number} */ index) {
    const route = index < targets.length ? targets[index] : pick(targets);
    const eligible = setup.viewers;
    const viewer = pick(eligible);
    const kind = pick(kinds);
    let path = fill(route.pattern);
    /** @type {FuzzRequest} */
    const request = {
      kind,
      viewer: viewer.name,
      method: route.hasAction && chance(0.85) ? "POST" : "GET",
      path,
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html,*/*" },
    };
    if (viewer.cookie) request.headers.Cookie = viewer.cookie;
    if (chance(0.2)) request.path += `?${formFields(false).toString().slice(0, 1_500)}`;
    const setBody = (/** @type {Buffer} */ body) => {
      if (request.method === "GET" || request.method === "HEAD") request.method = "POST";
      request.body = body;
    };

    switch (kind) {
      case "form":
        setBody(Buffer.from(formFields(true).toString()));
        break;
      case "wrong-method":
        request.method = pick(["GET", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS", "POST", "PROPFIND", "MKCOL", "LOCK", "SEARCH", "PURGE"]);
        if (request.method !== "GET" && request.method !== "HEAD" && chance(0.7)) request.body = Buffer.from(formFields(true).toString());
        break;
      case "big-form": {
        const form = formFields(true);
        form.append(pick(FIELD_NAMES), "x".repeat(8 * KB + int(200 * KB)));
        if (chance(0.3)) for (let i = 0; i < 2_000; i += 1) form.append(`k${i}`, "v");
        setBody(Buffer.from(form.toString()));
        break;
      }
      case "chunked":
        setBody(Buffer.from(formFields(true).toString()));
        request.chunked = true;
        break;
      case "chunked-big":
        setBody(
          Buffer.concat([Buffer.from(`intent=${pick(INTENTS)}&note=`), Buffer.alloc(16 * KB + int(2 * 1024 * KB), "x".charCodeAt(0))]),
        );
        request.chunked = true;
        break;
      case "content-type": {
        const bodies = [
          Buffer.alloc(int(4 * KB), int(256)),
          Buffer.from(formFields(true).toString()),
          Buffer.from("\u0000\u0001\u0002"),
          Buffer.from("%%%=&&&==%ZZ"),
        ];
        setBody(pick(bodies));
        request.headers["Content-Type"] = pick([
          "",
          "text/plain",
          "application/json",
          "application/xml",
          "text/html",
          "multipart/form-data",
          "multipart/form-data; boundary=",
          "application/x-www-form-urlencoded; charset=utf-16",
          "application/x-www-form-urlencoded; charset=nope",
          "image/jpeg",
          "application/octet-stream",
          ";;;",
          "x".repeat(2_000),
          "multipart/mixed; boundary=x",
        ]);
        if (request.headers["Content-Type"] === "") delete request.headers["Content-Type"];
        break;
      }
      case "multipart": {
        const { body, type } = multipart(chance(0.4));
        setBody(body);
        request.headers["Content-Type"] = type;
        request.chunked = chance(0.3);
        break;
      }
      case "json": {
        const values = [
          "{}",
          "[]",
          "null",
          '{"__proto__":{"admin":true}}',
          "[".repeat(10_000),
          '{"a":' + "1".repeat(400) + "}",
          JSON.stringify({ id: "evt_1", type: "invoice.paid", data: { object: {} } }),
          JSON.stringify(Object.fromEntries(FIELD_NAMES.map((name) => [name, hostileValue()]))),
          "not json",
        ];
        setBody(Buffer.from(pick(values)));
        request.headers["Content-Type"] = "application/json";
        if (chance(0.5))
          request.headers["Stripe-Signature"] = pick([
            "t=1,v1=00",
            "",
            "t=" + "9".repeat(30) + ",v1=" + "f".repeat(64),
            "v1=abc,t=abc",
            "garbage",
          ]);
        if (chance(0.5))
          request.headers.Authorization = pick([
            "Bearer " + "a".repeat(40),
            "Bearer a.b.c",
            "Basic Zm9vOmJhcg==",
            "Bearer " + "x".repeat(9_000),
          ]);
        break;
      }
      case "cookie":
        request.headers.Cookie = sessionCookie(viewer);
        if (request.method === "POST") setBody(Buffer.from(formFields(true).toString()));
        break;
      case "path":
        request.path = chance(0.6)
          ? pick(HOSTILE_PATHS)
          : `${path}${pick(["/..", "/%2e%2e/", "//", "/.", "%00", "%2F..%2F", ";jsessionid=1", "?next=//evil.example&returnTo=https:evil.example", "?" + "a=1&".repeat(500)])}`;
        request.method = chance(0.6) ? "GET" : "POST";
        if (request.method === "POST") request.body = Buffer.from(formFields(true).toString());
        break;
      case "headers": {
        const odd = [
          ["Host", pick(["evil.example", "", "localhost:1", "[::1]", "a".repeat(300)])],
          ["X-Forwarded-Host", pick(["evil.example", "evil.example:443, other", "", "%00"])],
          ["X-Forwarded-Proto", pick(["https", "gopher", "https, http", ""])],
          ["X-Forwarded-For", pick(["1.2.3.4", "999.999.999.999", "::ffff:1.2.3.4, 10.0.0.1", "not-an-address", "a".repeat(3_000)])],
          ["Origin", pick(["null", "https://evil.example", origin.replace("localhost", "127.0.0.1"), "", "file://"])],
          ["Referer", pick(["https://evil.example/", "javascript:alert(1)", "x".repeat(2_000)])],
          ["Accept", pick(["application/json", "text/event-stream", "*/*;q=x", "", "image/avif"])],
          ["Accept-Encoding", pick(["br;q=1.1, gzip;q=-1", "*", "identity;q=0", "x".repeat(500)])],
          ["Accept-Language", pick(["zz-ZZ", "*", "en;q=abc", "x".repeat(500)])],
          ["Range", pick(["bytes=0-0", "bytes=-1", "bytes=9999999999-", "bytes=5-1", "lines=1-2"])],
          ["If-None-Match", pick(['"x"', "*", "W/", "x".repeat(500)])],
          ["If-Modified-Since", pick(["yesterday", "Thu, 01 Jan 1970 00:00:00 GMT"])],
          ["Sec-Fetch-Site", pick(["cross-site", "same-site", "none", "weird"])],
          ["Sec-Fetch-Mode", pick(["navigate", "no-cors", "weird"])],
          ["X-Request-Id", pick(["../../", "a".repeat(100), "ok-id-12345678"])],
          ["X-Client-Ip", "6.6.6.6"],
          ["Content-Encoding", pick(["gzip", "br", "deflate", "x"])],
          ["Expect", "100-continue"],
          ["Authorization", pick(["Bearer x", "Bearer " + "a.b.c".repeat(10), "Negotiate xyz"])],
          ["Cookie", `${viewer.cookie}; ${"k=v; ".repeat(200)}`],
          ["User-Agent", pick(["", "x".repeat(4_000), "Googlebot/2.1"])],
          ["Purpose", "prefetch"],
          ["X-Remix-Reload-Document", "1"],
          ["X-Original-Url", "/settings"],
          ["X-Http-Method-Override", "DELETE"],
        ];
        for (let i = 0, count = 1 + int(4); i < count; i += 1) {
          const [name, value] = pick(odd);
          request.headers[name] = value;
        }
        if (request.method === "POST") setBody(Buffer.from(formFields(true).toString()));
        break;
      }
      case "data-request":
        request.path = `${path === "/" ? "/_root" : path}.data${chance(0.5) ? `?_routes=${encodeURIComponent(pick(["root", "routes/settings", "routes/staff.classes", "x", "root,".repeat(30)]))}` : ""}`;
        if (request.method === "POST") setBody(Buffer.from(formFields(true).toString()));
        break;
      case "raw": {
        const host = `Host: ${new URL(origin).host}\r\nOrigin: ${origin}\r\n${viewer.cookie ? `Cookie: ${viewer.cookie}\r\n` : ""}`;
        const form = formFields(true).toString();
        const raws = [
          `POST ${path} HTTP/1.1\r\n${host}Transfer-Encoding: chunked\r\nContent-Type: application/x-www-form-urlencoded\r\n\r\nzz\r\n${form}\r\n0\r\n\r\n`,
          `POST ${path} HTTP/1.1\r\n${host}Content-Length: 5\r\nTransfer-Encoding: chunked\r\nContent-Type: application/x-www-form-urlencoded\r\n\r\n5\r\na=b&c\r\n0\r\n\r\n`,
          `POST ${path} HTTP/1.1\r\n${host}Content-Length: -1\r\n\r\n`,
          `POST ${path} HTTP/1.1\r\n${host}Content-Length: 1, 2\r\n\r\nab`,
          `FUZZ ${path} HTTP/1.1\r\n${host}\r\n`,
          `GET ${path}\u0000x HTTP/1.1\r\n${host}\r\n`,
          `GET ${path} HTTP/1.0\r\n\r\n`,
          `GET ${path} HTTP/1.1\r\n${host}X-Folded: a\r\n b\r\n\r\n`,
          `POST ${path} HTTP/1.1\r\n${host}Transfer-Encoding: gzip, chunked\r\nContent-Type: application/x-www-form-urlencoded\r\n\r\n3\r\na=b\r\n0\r\n\r\n`,
          `POST ${path} HTTP/1.1\r\n${host}Transfer-Encoding: chunked\r\nContent-Type: application/x-www-form-urlencoded\r\n\r\n${form.length.toString(16)};ext=${"e".repeat(100)}\r\n${form}\r\n0\r\nTrailer: x\r\n\r\n`,
          `GET ${path} HTTP/1.1\r\n${host}${"X-Many: 1\r\n".repeat(150)}\r\n`,
          `GET ${"/" + "a".repeat(20_000)} HTTP/1.1\r\n${host}\r\n`,
        ];
        request.raw = Buffer.from(pick(raws));
        request.method = "RAW";
        break;
      }
    }
    // A signed-in viewer never ends the session the rest of the run uses.
    const ends =
      /^\/(sign-out|api\/session)(\.data)?([?/]|$)/.test(request.path) ||
      (request.raw && /(sign-out|api\/session)/.test(request.raw.toString("latin1")));
    const deletes = /(^|&)intent=delete(&|$)|name="intent"\r\n\r\ndelete\r\n/.test(
      (request.body ?? request.raw ?? Buffer.alloc(0)).toString("latin1"),
    );
    if (viewer.signedIn && (ends || deletes) && request.method !== "GET") {
      request.viewer = "nobody";
      delete request.headers.Cookie;
      if (request.raw) request.raw = Buffer.from(request.raw.toString("latin1").replace(/Cookie: [^\r]*\r\n/, ""));
    }
    return request;
  };
}

// ---------------------------------------------------------------------------------------------
// Sending.

/**
 * Sends one request; resolves with the status (or null with the reason when no answer came).
 * @param {string} base
 * @param {FuzzRequest} request
 * @param {number} timeoutMs
 * @returns {Promise<{ status: number | null; error?: string }>}
 */
export function send(base, request, timeoutMs = 15_000) {
  const { hostname, port } = new URL(base);
  if (request.raw) {
    return new Promise((resolve) => {
      const socket = net.connect(Number(port), hostname);
      let text = "";
      const done = (/** @type {{ status: number | null; error?: string }} */ result) => {
        clearTimeout(timer);
        socket.destroy();
        resolve(result);
      };
      const timer = setTimeout(() => done({ status: null, error: "timeout" }), timeoutMs);
      socket.on("data", (data) => {
        text += data.toString("latin1");
        const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
        if (status) done({ status: Number(status[1]) });
      });
      socket.on("error", (error) => done({ status: null, error: /** @type {NodeJS.ErrnoException} */ (error).code ?? error.message }));
      socket.on("close", () => done({ status: null, error: "closed without an answer" }));
      socket.write(request.raw);
    });
  }
  return new Promise((resolve) => {
    const headers = { ...request.headers };
    if (request.body && !request.chunked) headers["Content-Length"] = String(request.body.length);
    let settled = false;
    // Kept alive, as a browser's connection is: a server that answers before the body is all sent then
    // reads the rest to throw away, where a closing connection would cut the client off mid-write.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const done = (/** @type {{ status: number | null; error?: string }} */ result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      agent.destroy();
      resolve(result);
    };
    /** @type {http.ClientRequest} */
    let outgoing;
    try {
      outgoing = http.request(
        { hostname, port, path: request.path, method: request.method, headers, agent, setHost: !("Host" in headers) },
        (response) => {
          const status = response.statusCode ?? 0;
          response.resume();
          response.on("end", () => done({ status }));
          response.on("error", () => done({ status }));
          // A live stream never ends: after a few seconds its status is the answer.
          setTimeout(() => {
            response.destroy();
            done({ status });
          }, 3_000).unref();
        },
      );
    } catch (error) {
      // A header value Node's own client refuses to send (a control character): nothing to test.
      resolve({ status: -1, error: /** @type {Error} */ (error).message });
      return;
    }
    const timer = setTimeout(() => {
      outgoing.destroy();
      done({ status: null, error: "timeout" });
    }, timeoutMs);
    outgoing.on("error", (/** @type {NodeJS.ErrnoException} */ error) => done({ status: null, error: error.code ?? error.message }));
    if (!request.body) return void outgoing.end();
    if (!request.chunked) return void outgoing.end(request.body);
    let at = 0;
    const pump = () => {
      while (at < request.body.length) {
        const piece = request.body.subarray(at, at + 16 * KB + Math.floor(Math.random() * 8 * KB));
        at += piece.length;
        if (!outgoing.write(piece)) return void outgoing.once("drain", pump);
      }
      outgoing.end();
    };
    pump();
  });
}

/** A short, replayable description of a request for the report. */
export function describeRequest(/** @type {FuzzRequest} */ request) {
  if (request.raw) return `${request.kind} as ${request.viewer}: ${JSON.stringify(request.raw.toString("latin1").slice(0, 160))}`;
  const body = request.body
    ? ` body ${request.body.length} B${request.chunked ? " chunked" : ""} ${JSON.stringify(request.body.toString("latin1").slice(0, 80))}`
    : "";
  const odd = Object.entries(request.headers)
    .filter(([name]) => !["Origin", "Accept"].includes(name))
    .map(([name, value]) => `${name}: ${String(value).slice(0, 60)}`)
    .join("; ");
  return `${request.kind} as ${request.viewer}: ${request.method} ${request.path.slice(0, 160)}${body} [${odd}]`;
}

/**
 * Runs `requests` requests (a few at a time) and collects what came back.
 * @param {{ base: string; requests: number; seed: number; viewers: Array<{ name: string; cookie: string; signedIn: boolean }>;
 *   sessionSecret?: string; concurrency?: number; table?: ReturnType<typeof routeTable>; onProgress?: (done: number) => void }} options
 */
export async function fuzzRoutes(options) {
  const table = options.table ?? routeTable();
  const params = await discoverParams(options.base, table);
  const next = requestMaker({
    seed: options.seed,
    table,
    params,
    viewers: options.viewers,
    base: options.base,
    sessionSecret: options.sessionSecret,
  });
  const statuses = /** @type {Record<string, number>} */ ({});
  /** @type {Array<{ index: number; status: number; request: string }>} */
  const failures = [];
  /** @type {Array<{ index: number; error: string; request: string }>} */
  const unanswered = [];
  const kinds = /** @type {Record<string, number>} */ ({});
  let cursor = 0;
  let done = 0;
  const worker = async () => {
    while (cursor < options.requests) {
      const index = cursor++;
      // Made in index order whichever worker takes it, so a seed always makes the same requests.
      const request = next(index);
      const answer = await send(options.base, request);
      kinds[request.kind] = (kinds[request.kind] ?? 0) + 1;
      const key = answer.status === null ? "no answer" : String(answer.status);
      statuses[key] = (statuses[key] ?? 0) + 1;
      if (answer.status !== null && answer.status >= 500)
        failures.push({ index, status: answer.status, request: describeRequest(request) });
      if (answer.status === null) unanswered.push({ index, error: answer.error ?? "", request: describeRequest(request) });
      done += 1;
      options.onProgress?.(done);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  const alive = await fetch(`${options.base}/healthz`).then(
    (r) => r.ok,
    () => false,
  );
  return { sent: options.requests, routes: table.length, paramsFound: Object.keys(params), statuses, kinds, failures, unanswered, alive };
}

// ---------------------------------------------------------------------------------------------
// The command.

async function main() {
  const { buildApp, parseFlags, startApp, stopAll } = await import("../bench/harness.js");
  const flags = parseFlags(process.argv.slice(2), { build: true, requests: 2_400, seed: 23, concurrency: 4, base: "", secret: "" });
  let base = flags.base;
  let secret = flags.secret;
  try {
    if (!base) {
      if (flags.build) await buildApp();
      secret = `fuzz-session-secret-${Date.now()}-000000000000000`;
      const app = await startApp({
        label: "fuzz",
        env: { SESSION_SECRET: secret, LOG_REQUESTS: "false", FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "" },
      });
      base = app.url;
      console.error(`› server ${base} (log ${app.errFile})`);
    }
    const viewers = await makeViewers(base);
    console.error(
      `› viewers: ${viewers.map((v) => v.name).join(", ")}${process.env.FIREBASE_AUTH_EMULATOR_HOST ? "" : " (no Auth emulator named: nobody signed in)"}`,
    );
    const started = Date.now();
    const result = await fuzzRoutes({
      base,
      requests: flags.requests,
      seed: flags.seed,
      concurrency: flags.concurrency,
      viewers,
      sessionSecret: secret || undefined,
      onProgress: (done) => {
        if (done % 250 === 0) console.error(`  ${done} / ${flags.requests}`);
      },
    });
    console.log(
      JSON.stringify(
        { seed: flags.seed, seconds: Math.round((Date.now() - started) / 1000), ...result, unanswered: result.unanswered.slice(0, 40) },
        null,
        2,
      ),
    );
    if (!result.alive) console.error("✗ the server stopped answering /healthz");
    if (result.failures.length > 0) console.error(`✗ ${result.failures.length} answers of 500 or more (seed ${flags.seed})`);
    else console.error(`✓ ${result.sent} requests over ${result.routes} routes, no answer of 500 or more (seed ${flags.seed})`);
    process.exitCode = result.failures.length > 0 || !result.alive ? 1 : 0;
  } catch (error) {
    console.error(error);
    process.exitCode = 2;
  } finally {
    await stopAll();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
