import sanitizeHtml from "sanitize-html";

/**
 * Article bodies are stored as HTML written by editors; only a strict, text-only subset
 * reaches a page. Anything else (scripts, styles, iframes, images, event handlers,
 * javascript: and data: URLs) is dropped.
 */
const ARTICLE_HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "h2", "h3", "h4", "ul", "ol", "li", "blockquote", "strong", "em", "a", "br", "hr", "figure", "figcaption"],
  allowedAttributes: { a: ["href", "title"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "svg", "math"],
};

/** Returns the article HTML reduced to the allowlist above. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, ARTICLE_HTML_OPTIONS);
}
