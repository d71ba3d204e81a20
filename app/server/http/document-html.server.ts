/**
 * What React's `pipe` writes to (renderToPipeableStream uses `write`, `end`, `destroy`, `on` and,
 * when present, `flush`). The sink below is that and no more: a Node `Writable` in its place cost
 * every page its stream machinery (buffering state, callbacks and events for each 2 KB chunk, about
 * 0.06 ms of a member's page, issue 38) for chunks that are only kept.
 */
export interface DocumentDestination {
  write(chunk: Uint8Array): boolean;
  end(): void;
  destroy(error?: Error): void;
  on(event: string, listener: (...args: unknown[]) => void): DocumentDestination;
}

/**
 * Where the renderer writes the document: its chunks kept and handed over whole once it has ended.
 * Every page waits for all its data before it is piped (entry.server), so nothing is gained by
 * streaming it on; before, the chunks went through a pass-through, a transform and a web stream,
 * each of which cost a member's page view more than the copy (issue 25).
 *
 * The page comes as a byte string (`byteString`): the UTF-8 bytes, one character each.
 */
export function documentSink(): { stream: DocumentDestination; page: Promise<ByteString> } {
  const chunks: Uint8Array[] = [];
  let settled = false;
  let settle!: (page: ByteString) => void;
  let fail!: (error: Error) => void;
  const page = new Promise<ByteString>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  const stream: DocumentDestination = {
    write(chunk) {
      if (!settled) chunks.push(chunk);
      return true;
    },
    end() {
      if (settled) return;
      settled = true;
      settle(Buffer.concat(chunks).toString("latin1") as ByteString);
    },
    // A render torn down before its end fails the page rather than hand half of it on; the failure
    // travels by the promise only.
    destroy(error) {
      if (settled) return;
      settled = true;
      fail(error ?? new Error("the document was cut off before it ended"));
    },
    // Nothing here ever drains, errors or closes: React's listeners for those are not needed.
    on() {
      return stream;
    },
  };
  return { stream, page };
}

/**
 * A rendered document between the renderer and the wire is a byte string: each byte of its UTF-8 one
 * character (latin1), so it is read from the renderer's bytes and written back to bytes without
 * decoding or encoding anything, and half the size of the text for a page with any character past
 * ASCII (a "·" or an en dash makes V8 store a whole page two bytes a character). The edits made to a
 * page (`deferHydrationScripts`, `insertBeforeBodyEnd`) look for ASCII markup and insert ASCII or a
 * byte string, so they work on it as on text. Decoding the page, editing it as text and encoding it
 * again for the compressor was about 0.13 ms of the schedule's server time, and 250 KB of garbage a
 * view (issue 38).
 */
export type ByteString = string & { readonly __bytes: true };

/** Text as a byte string, for markup put into a rendered document. */
export function byteString(text: string): ByteString {
  return Buffer.from(text, "utf8").toString("latin1") as ByteString;
}

/** A byte string's bytes. */
export function bytesOf(page: ByteString): Buffer {
  return Buffer.from(page, "latin1");
}

const renderedDocuments = new WeakMap<Response, ByteString>();

/**
 * The Response entry.server hands Remix for a rendered document, with the document kept beside it
 * for the front door (`renderedDocumentBytes`, `renderedDocument`), which sends it as it is. Its body
 * is made only if something reads it (the handler called on its own, as tests do): before, every
 * member view encoded the page into a web stream and read it back out into a buffer, about 0.15 ms of
 * a 40 KB page's server time (issue 38).
 */
export function documentResponse(page: ByteString, init: ResponseInit): Response {
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(bytesOf(page));
      controller.close();
    },
  });
  const response = new Response(body, init);
  renderedDocuments.set(response, page);
  return response;
}

/** The bytes of a document made by `documentResponse`, if this is one whose body nobody has read. */
export function renderedDocumentBytes(response: Response): Buffer | undefined {
  const page = response.bodyUsed ? undefined : renderedDocuments.get(response);
  return page === undefined ? undefined : bytesOf(page);
}

/** The same document as text (the page cache hashes and stores text). */
export function renderedDocument(response: Response): string | undefined {
  return renderedDocumentBytes(response)?.toString("utf8");
}

/** `html` put just before the document's closing </body> (at the end when there is none). */
export function insertBeforeBodyEnd<Page extends string>(page: Page, html: Page): Page {
  const at = page.lastIndexOf("</body>");
  return (at >= 0 ? `${page.slice(0, at)}${html}${page.slice(at)}` : `${page}${html}`) as Page;
}

/**
 * The page's hydration scripts fetched once the first screen is drawn (issue 38). Remix writes a
 * module preload for every script of the page and a module script whose static imports fetch them at
 * once; they shared a phone's slow link with the stylesheet, the fonts and the first image, and
 * Lighthouse counts every script fetched before the largest paint as part of that paint (2.4-2.6 s
 * on the public pages). Here the preloads are renamed so nothing fetches them, and the module
 * script waits for the first frame to be painted, then names them preloads again (fetched in the
 * same order, the framework first) and imports the same route modules before the entry, as Remix's
 * own script did. The page is whole without them: links are links, menus are disclosures and forms
 * post. A document that does not look as expected keeps Remix's scripts, preloads at low priority.
 */
export function deferHydrationScripts<Page extends string>(page: Page): Page {
  // Kept as inert links, not taken out: React hydrates the document, and a missing element would
  // make it throw the server's markup away and draw the whole page again.
  const withoutPreloads = page.replace(MODULE_PRELOAD, (_link, href: string) => `<link rel="${DEFERRED_REL}" href="${href}"/>`);
  let deferred = false;
  const edited = withoutPreloads.replace(MODULE_SCRIPT, (script, attributes: string, body: string) => {
    const imports: Array<{ name: string; href: string }> = [];
    const rest = body.replace(STATIC_IMPORT, (_line, name: string | undefined, href: string) => {
      imports.push({ name: name ?? `_${imports.length}`, href });
      return "";
    });
    // Anything else importing statically would still be fetched at once: leave the script as it was.
    if (/^\s*import\s/m.test(rest)) return script;
    deferred = true;
    return `<script${attributes} type="module" async="">${deferredModuleScript(imports, rest)}</script>`;
  });
  return (deferred ? edited : lowerScriptPreloads(page)) as Page;
}

/** What a preload is called until its page starts the hydration scripts: a name no browser fetches. */
export const DEFERRED_REL = "x-deferred-modulepreload";
const MODULE_PRELOAD = /<link rel="modulepreload"(?: fetchpriority="low")? href="([^"]+)"\/>/g;
const MODULE_SCRIPT = /<script([^>]*?) type="module" async="">([\s\S]*?)<\/script>/;
const STATIC_IMPORT = /^import (?:\* as (\w+) from )?("[^"\n]+");?$/gm;

function deferredModuleScript(imports: Array<{ name: string; href: string }>, rest: string): string {
  // The entry, as Remix's script imports it last: the one module never imported ahead of its turn.
  const entry = /import\(("[^"\n]+")\);?\s*$/.exec(rest)?.[1] ?? null;
  return [
    // The same link elements, renamed back: adding new ones would give React's hydration nodes the
    // server never drew. A renamed link is fetched as if it had just been added, in document order.
    // Each preloaded module is then evaluated on its own, in document order (a module's own imports
    // first, as always), so the framework, the root and the page are separate tasks instead of one
    // long one; the entry, which hydrates, comes last as before.
    "const start = async () => {",
    `const links = [...document.querySelectorAll('link[rel="${DEFERRED_REL}"]')];`,
    // Starting a preload costs the browser most of a millisecond: a few at a time, between tasks.
    "const pause = () => new Promise((next) => setTimeout(next, 0));",
    'for (const [i, link] of links.entries()) { link.rel = "modulepreload"; if (i % 3 === 2) await pause(); }',
    `for (const link of links) if (link.getAttribute("href") !== ${entry ?? '""'}) { await import(link.href); await pause(); }`,
    `const [${imports.map((item) => item.name).join(", ")}] = await Promise.all([${imports.map((item) => `import(${item.href})`).join(", ")}]);`,
    rest.trim(),
    "};",
    // After the first frame is painted (the stylesheet, fonts and first picture are in by then): the
    // preloads start before the load event, which waits for them, as it waited for Remix's imports.
    "requestAnimationFrame(() => setTimeout(start, 0));",
  ].join("\n");
}

/**
 * The page's script preloads asked for at low priority (issue 25). The scripts only hydrate what the
 * server already drew, so on a slow link the stylesheet, the fonts and the first image should have
 * the bandwidth first; at Chrome's default (high) 22 module preloads share the link with the
 * stylesheet, and the first paint waits for all of them. Remix's <Scripts> has no option for it.
 */
export function lowerScriptPreloads<Page extends string>(page: Page): Page {
  return page.replaceAll('<link rel="modulepreload" href=', '<link rel="modulepreload" fetchpriority="low" href=') as Page;
}
