import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { documentSink, insertBeforeBodyEnd, lowerScriptPreloads } from "./document-html.server";

describe("the rendered document's last edits", () => {
  it("asks for every script preload at low priority and leaves other links alone", () => {
    const page =
      '<link rel="preload" href="/f.woff2" as="font"/><link rel="stylesheet" href="/a.css"/>' +
      '<link rel="modulepreload" href="/build/entry.client-A.js"/><link rel="modulepreload" href="/build/_shared/chunk-B.js"/>';
    const edited = lowerScriptPreloads(page);
    expect(edited.match(/<link rel="modulepreload" fetchpriority="low" href=/g)).toHaveLength(2);
    expect(edited).toContain('<link rel="preload" href="/f.woff2" as="font"/><link rel="stylesheet" href="/a.css"/>');
  });

  it("puts markup before the last </body>, or at the end of a page without one", () => {
    expect(insertBeforeBodyEnd("<body><p>x</p></body></html>", "<aside>s</aside>")).toBe("<body><p>x</p><aside>s</aside></body></html>");
    expect(insertBeforeBodyEnd("<p>x</p>", "<aside>s</aside>")).toBe("<p>x</p><aside>s</aside>");
  });

  it("hands the document over whole, however it was cut into chunks, even inside a character", async () => {
    const bytes = Buffer.from('<link rel="modulepreload" href="/x.js"/><p>Café · calm</p></body>');
    const cut = bytes.indexOf("é") + 1;
    const sink = documentSink();
    Readable.from([bytes.subarray(0, 7), bytes.subarray(7, cut), bytes.subarray(cut)]).pipe(sink.stream);
    const page = await sink.page;
    expect(insertBeforeBodyEnd(lowerScriptPreloads(page), "<i></i>")).toBe(
      '<link rel="modulepreload" fetchpriority="low" href="/x.js"/><p>Café · calm</p><i></i></body>',
    );
  });

  it("fails rather than hand over half a document when the render is cut off", async () => {
    const sink = documentSink();
    sink.stream.write(Buffer.from("<html><body>"));
    sink.stream.destroy(new Error("render aborted"));
    await expect(sink.page).rejects.toThrow("render aborted");
  });
});
