import { Transform } from "node:stream";

/**
 * Passes the rendered document through `edit` once it is whole. Every page waits for all its data
 * before it is piped (entry.server), so holding it to the end costs nothing.
 */
export function editDocument(edit: (page: string) => string): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      done();
    },
    flush(done) {
      done(null, edit(Buffer.concat(chunks).toString("utf8")));
    },
  });
}

/** `html` put just before the document's closing </body> (at the end when there is none). */
export function insertBeforeBodyEnd(page: string, html: string): string {
  const at = page.lastIndexOf("</body>");
  return at >= 0 ? `${page.slice(0, at)}${html}${page.slice(at)}` : `${page}${html}`;
}

/**
 * The page's script preloads asked for at low priority (issue 25). The scripts only hydrate what the
 * server already drew, so on a slow link the stylesheet, the fonts and the first image should have
 * the bandwidth first; at Chrome's default (high) 22 module preloads share the link with the
 * stylesheet, and the first paint waits for all of them. Remix's <Scripts> has no option for it.
 */
export function lowerScriptPreloads(page: string): string {
  return page.replaceAll('<link rel="modulepreload" href=', '<link rel="modulepreload" fetchpriority="low" href=');
}
