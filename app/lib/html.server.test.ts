import { describe, expect, it } from "vitest";
import { XSS_PAYLOADS } from "../../tests/fixtures/xss-payloads";
import { sanitizeArticleHtml } from "./html.server";

describe("sanitizeArticleHtml", () => {
  it("keeps ordinary article markup", () => {
    const html = `<h2>Breathe</h2><p>In for <strong>four</strong>, out for <em>six</em>. See <a href="/teachers" title="Teachers">our teachers</a>.</p><ul><li>one</li></ul><blockquote>Rest.</blockquote>`;
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it.each(XSS_PAYLOADS)("renders %s harmless", (payload) => {
    const clean = sanitizeArticleHtml(`<p>before</p>${payload}<p>after</p>`);
    expect(clean).not.toMatch(
      /<\s*(script|iframe|object|embed|svg|math|style|meta|base|link|form|input|img|video|audio|template|textarea)\b/i,
    );
    expect(clean).not.toMatch(/\son[a-z]+\s*=/i);
    expect(clean).not.toMatch(/(javascript|vbscript|data):/i);
    expect(clean).not.toMatch(/\sstyle\s*=/i);
    expect(clean).toContain("<p>before</p>");
  });
});
