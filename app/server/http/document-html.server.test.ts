import type { Writable } from "node:stream";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  DEFERRED_REL,
  byteString,
  bytesOf,
  deferHydrationScripts,
  documentResponse,
  documentSink,
  insertBeforeBodyEnd,
  lowerScriptPreloads,
  renderedDocument,
  renderedDocumentBytes,
  type ByteString,
} from "./document-html.server";

describe("the rendered document's last edits", () => {
  it("asks for every script preload at low priority and leaves other links alone", () => {
    const page =
      '<link rel="preload" href="/f.woff2" as="font"/><link rel="stylesheet" href="/a.css"/>' +
      '<link rel="modulepreload" href="/build/entry.client-A.js"/><link rel="modulepreload" href="/build/_shared/chunk-B.js"/>';
    const edited = lowerScriptPreloads(page);
    expect(edited.match(/<link rel="modulepreload" fetchpriority="low" href=/g)).toHaveLength(2);
    expect(edited).toContain('<link rel="preload" href="/f.woff2" as="font"/><link rel="stylesheet" href="/a.css"/>');
  });

  // What Remix 2.17's <Scripts> writes (lazy route discovery on: no static import of the manifest).
  const remixScripts =
    '<link rel="modulepreload" href="/build/entry.client-A.js"/><link rel="modulepreload" href="/build/_shared/chunk-F.js"/>' +
    '<link rel="modulepreload" href="/build/root-R.js"/><link rel="modulepreload" href="/build/routes/_index-I.js"/>' +
    '<script nonce="n0nce">window.__remixContext = {};</script>' +
    '<script nonce="n0nce" type="module" async="">;\nimport * as route0 from "/build/root-R.js";\n' +
    'import * as route1 from "/build/routes/_index-I.js";\nwindow.__remixManifest = {\n  "url": "/build/manifest-M.js"\n};\n' +
    'window.__remixRouteModules = {"root":route0,"routes/_index":route1};\n\nimport("/build/entry.client-A.js");</script></body>';

  it("fetches no hydration script before the page has loaded, and keeps every element React hydrates", () => {
    const edited = deferHydrationScripts(remixScripts);
    // Nothing a browser would fetch on its own: no preload and no static import left.
    expect(edited).not.toContain('rel="modulepreload"');
    expect(edited).not.toMatch(/^import /m);
    // The same elements in the same order, so hydration finds the markup it drew.
    expect(edited.match(new RegExp(`<link rel="${DEFERRED_REL}" href="[^"]+"/>`, "g"))).toEqual([
      `<link rel="${DEFERRED_REL}" href="/build/entry.client-A.js"/>`,
      `<link rel="${DEFERRED_REL}" href="/build/_shared/chunk-F.js"/>`,
      `<link rel="${DEFERRED_REL}" href="/build/root-R.js"/>`,
      `<link rel="${DEFERRED_REL}" href="/build/routes/_index-I.js"/>`,
    ]);
    expect(edited).toContain('<script nonce="n0nce">window.__remixContext = {};</script>');
    expect(edited).toContain('<script nonce="n0nce" type="module" async="">');
  });

  it("starts them after the first frame, route modules before the entry, as Remix's own script", async () => {
    const body = /<script nonce="n0nce" type="module" async="">([\s\S]*?)<\/script>/.exec(deferHydrationScripts(remixScripts))![1];
    const events: string[] = [];
    const links = ["/build/entry.client-A.js", "/build/_shared/chunk-F.js"].map((href) => ({
      rel: DEFERRED_REL,
      href: `http://x${href}`,
      getAttribute: () => href,
    }));
    const frames: Array<() => void> = [];
    const fakeWindow: Record<string, unknown> = {};
    const run = new Function(
      "document",
      "requestAnimationFrame",
      "setTimeout",
      "__import",
      "window",
      body.replaceAll("import(", "__import("),
    );
    run(
      { querySelectorAll: (selector: string) => (events.push(`select ${selector}`), links) },
      (frame: () => void) => (events.push("frame asked"), frames.push(frame)),
      (task: () => void) => (events.push("task"), task()),
      (href: string) => (events.push(`import ${href}`), Promise.resolve({ href })),
      fakeWindow,
    );
    // Nothing is fetched before the first frame is painted.
    expect(events).toEqual(["frame asked"]);
    expect(links.map((link) => link.rel)).toEqual([DEFERRED_REL, DEFERRED_REL]);
    frames[0]();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(links.map((link) => link.rel)).toEqual(["modulepreload", "modulepreload"]);
    expect(events).toEqual([
      "frame asked",
      "task",
      `select link[rel="${DEFERRED_REL}"]`,
      // Each module on its own, the entry (which hydrates) kept for last.
      "import http://x/build/_shared/chunk-F.js",
      "task",
      "import /build/root-R.js",
      "import /build/routes/_index-I.js",
      "import /build/entry.client-A.js",
    ]);
    expect(fakeWindow.__remixRouteModules).toEqual({
      root: { href: "/build/root-R.js" },
      "routes/_index": { href: "/build/routes/_index-I.js" },
    });
  });

  it("leaves Remix's scripts as they were, preloads at low priority, when the document is not as expected", () => {
    const unexpected = remixScripts.replace(
      'import * as route1 from "/build/routes/_index-I.js";',
      'import { x } from "/build/routes/_index-I.js";',
    );
    expect(deferHydrationScripts(unexpected)).toBe(lowerScriptPreloads(unexpected));
  });

  it("puts markup before the last </body>, or at the end of a page without one", () => {
    expect(insertBeforeBodyEnd("<body><p>x</p></body></html>", "<aside>s</aside>")).toBe("<body><p>x</p><aside>s</aside></body></html>");
    expect(insertBeforeBodyEnd("<p>x</p>", "<aside>s</aside>")).toBe("<p>x</p><aside>s</aside>");
  });

  it("hands the document over whole, however it was cut into chunks, even inside a character", async () => {
    const bytes = Buffer.from('<link rel="modulepreload" href="/x.js"/><p>Café · calm</p></body>');
    const cut = bytes.indexOf("é") + 1;
    const sink = documentSink();
    for (const chunk of [bytes.subarray(0, 7), bytes.subarray(7, cut), bytes.subarray(cut)]) sink.stream.write(chunk);
    sink.stream.end();
    const page = await sink.page;
    // Edited as bytes, with text put in as bytes: the same page as editing the text would make.
    const edited = insertBeforeBodyEnd(lowerScriptPreloads(page), byteString("<i>Thé</i>"));
    expect(bytesOf(edited).toString("utf8")).toBe(
      '<link rel="modulepreload" fetchpriority="low" href="/x.js"/><p>Café · calm</p><i>Thé</i></body>',
    );
  });

  it("keeps a rendered document beside its response, and its body reads the same", async () => {
    const html = "<!DOCTYPE html><html><body><p>Café · calm – 🌙</p></body></html>";
    const response = documentResponse(byteString(html), { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
    expect(renderedDocument(response)).toBe(html);
    expect(renderedDocumentBytes(response)?.equals(Buffer.from(html))).toBe(true);
    expect(renderedDocument(new Response(html))).toBeUndefined();
    expect(await response.text()).toBe(html);
    // Once its body has been read, nothing hands the document on a second time.
    expect(renderedDocument(response)).toBeUndefined();
  });

  it("takes a whole page from React's renderToPipeableStream, as entry.server pipes it", async () => {
    const words = Array.from({ length: 3000 }, (_, i) => `calm ${i} · é`).join(" ");
    const page = await new Promise<ByteString>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(createElement("main", null, createElement("p", null, words)), {
        onAllReady() {
          const sink = documentSink();
          sink.page.then(resolve, reject);
          pipe(sink.stream as unknown as Writable);
        },
        onShellError: reject,
      });
    });
    expect(bytesOf(page).toString("utf8")).toBe(`<main><p>${words}</p></main>`);
  });

  it("settles the page once: a sink destroyed after it ended keeps its page", async () => {
    const sink = documentSink();
    sink.stream.write(Buffer.from("<p>done</p>"));
    sink.stream.end();
    await expect(sink.page).resolves.toBe("<p>done</p>");
    sink.stream.destroy();
    await expect(sink.page).resolves.toBe("<p>done</p>");
  });

  it("fails rather than hand over half a document when the render is cut off", async () => {
    const sink = documentSink();
    sink.stream.write(Buffer.from("<html><body>"));
    sink.stream.destroy(new Error("render aborted"));
    await expect(sink.page).rejects.toThrow("render aborted");
  });
});
