import type { Page } from "@playwright/test";
import { expect } from "./test";

/** What the keyboard user has in hand: the focused element, whether it can be seen, and its ring. */
export interface Focused {
  tag: string;
  name: string;
  /** Why the focused element cannot be seen (WCAG 2.4.11), or null when it can. */
  hidden: string | null;
  /** Whether a focus indicator is drawn (an outline or a box shadow). */
  ring: boolean;
}

/** The focused element, described in the page (one round trip, so it can run after every key). */
export function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: "body", name: "", hidden: "nothing has focus", ring: false };
    const text = (value: string | null | undefined) => (value ?? "").replace(/\s+/g, " ").trim();
    const labelledBy = el
      .getAttribute("aria-labelledby")
      ?.split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent)
      .join(" ");
    const labels = (el as HTMLInputElement).labels
      ? Array.from((el as HTMLInputElement).labels ?? [])
          .map((label) => label.textContent)
          .join(" ")
      : "";
    const name =
      text(el.getAttribute("aria-label")) ||
      text(labelledBy) ||
      text(labels) ||
      text(el.textContent) ||
      text((el as HTMLInputElement).value) ||
      text(el.title);
    const box = el.getBoundingClientRect();
    let hidden: string | null = null;
    if (box.width === 0 || box.height === 0) hidden = "it has no size";
    else if (box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth)
      hidden = `it is outside the viewport (${Math.round(box.top)} px from the top)`;
    const header = document.querySelector<HTMLElement>(".site-header");
    if (!hidden && header && !header.contains(el)) {
      const position = getComputedStyle(header).position;
      const bar = header.getBoundingClientRect();
      // The fixed header hides what scrolls beneath it: the focused element must show wholly below it
      // (stricter than 2.4.11's "not entirely hidden", so a half-covered field is caught too).
      if ((position === "fixed" || position === "sticky") && box.top < bar.bottom - 1)
        hidden = `it is under the fixed header (its top ${Math.round(box.top)} px, the header's bottom ${Math.round(bar.bottom)} px)`;
    }
    if (!hidden) {
      // An overlay on top of it: the topmost element at its visible centre is not it or its own.
      const top = Math.max(box.top, 0);
      const bottom = Math.min(box.bottom, innerHeight);
      const x = Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1);
      const y = (top + bottom) / 2;
      const hit = document.elementFromPoint(x, y);
      const ownLabel = hit?.closest("label");
      if (
        hit &&
        hit !== el &&
        !el.contains(hit) &&
        !hit.contains(el) &&
        !(ownLabel && ownLabel.contains(el)) &&
        !(
          ownLabel &&
          (el as HTMLInputElement).labels &&
          Array.from((el as HTMLInputElement).labels ?? []).includes(ownLabel as HTMLLabelElement)
        )
      ) {
        hidden = `it is covered by <${hit.tagName.toLowerCase()} class="${hit.className}">`;
      }
    }
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== "none" && style.boxShadow !== "";
    return { tag: el.tagName.toLowerCase(), name, hidden, ring: outline || shadow };
  });
}

/** Fails unless the focused element is seen, not under the header or an overlay, with a focus ring. */
export async function expectFocusUsable(page: Page, step: string): Promise<Focused> {
  let now = await focused(page);
  // The page scrolls to what takes focus at once, but a busy two-core machine may report the focus
  // before the scroll has been laid out; the verdict is the one once it has settled.
  if (now.hidden) {
    await expect
      .poll(async () => (now = await focused(page)).hidden, { timeout: 8_000, intervals: [100, 200, 400] })
      .toBeNull()
      .catch(() => undefined);
  }
  expect(now.hidden, `${step}: "${now.name}" (${now.tag}) must be visible`).toBeNull();
  expect(now.ring, `${step}: "${now.name}" (${now.tag}) must show a focus ring`).toBe(true);
  return now;
}

/**
 * Presses Tab (or Shift+Tab) until the focused element's name matches, as a keyboard user moves
 * through a page; every stop on the way must be visible with a ring, not only the last.
 */
export async function tabTo(page: Page, name: RegExp, options: { backwards?: boolean; max?: number; tag?: string } = {}): Promise<Focused> {
  const key = options.backwards ? "Shift+Tab" : "Tab";
  const seen: string[] = [];
  // After a press that loads a whole document, the first Tab waits for it. A client navigation
  // changes the address before React draws the new page (a Tab in between lands on the old page,
  // whose element then goes): a journey waits for the new page's heading before tabbing on.
  await page.waitForLoadState("domcontentloaded");
  for (let i = 0; i < (options.max ?? 80); i += 1) {
    await page.keyboard.press(key);
    const now = await focused(page);
    if (now.tag !== "body") await expectFocusUsable(page, `${key} #${i + 1} on the way to ${name}`);
    seen.push(`${now.tag}:${now.name.slice(0, 40)}`);
    if (name.test(now.name) && (!options.tag || options.tag === now.tag)) return now;
  }
  throw new Error(`${name} was not reached with ${key}; the stops were: ${seen.join(" | ")}`);
}
