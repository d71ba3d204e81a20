import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { editDocument, insertBeforeBodyEnd, lowerScriptPreloads } from "./document-html.server";

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

  it("edits the document whole, however it was cut into chunks", async () => {
    const source = Readable.from([Buffer.from('<link rel="module'), Buffer.from('preload" href="/x.js"/></bo'), Buffer.from("dy>")]);
    let out = "";
    for await (const chunk of source.pipe(editDocument((page) => insertBeforeBodyEnd(lowerScriptPreloads(page), "<i></i>")))) out += chunk;
    expect(out).toBe('<link rel="modulepreload" fetchpriority="low" href="/x.js"/><i></i></body>');
  });
});
