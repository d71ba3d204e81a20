import { Writable } from "node:stream";

/**
 * Where the renderer writes the document: its chunks kept and handed over as one string once it has
 * ended. Every page waits for all its data before it is piped (entry.server), so nothing is gained by
 * streaming it on, and the string is what the last edits and the page cache work on; before, the
 * chunks went through a pass-through, a transform and a web stream, each of which cost a member's
 * page view more than the copy (issue 25).
 */
export function documentSink(): { stream: Writable; page: Promise<string> } {
  const chunks: Buffer[] = [];
  let settle!: (page: string) => void;
  let fail!: (error: Error) => void;
  const page = new Promise<string>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
    final(done) {
      settle(Buffer.concat(chunks).toString("utf8"));
      done();
    },
    // Also called after `final` (settled by then, so this changes nothing). A render torn down before
    // its end fails the page rather than hand half of it on; the failure travels by the promise only.
    destroy(error, done) {
      fail(error ?? new Error("the document was cut off before it ended"));
      done(null);
    },
  });
  return { stream, page };
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
