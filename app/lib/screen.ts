/** §3, §4, §9: screen state, breakpoints and the mobile/tablet/desktop size class. */

export const BREAKPOINTS = ["xxs", "xs", "sm", "md", "lg", "xl", "xxl"] as const;
export type Breakpoint = (typeof BREAKPOINTS)[number];
export type SizeClass = "mobile" | "tablet" | "desktop";
export type Orientation = "portrait" | "landscape";

export interface ScreenState {
  width: number;
  height: number;
  touch: boolean;
  orientation: Orientation;
  sizeClass: SizeClass;
  breakpoint: Breakpoint;
}

export const RESIZE_DEBOUNCE_MS = 100;

export function orientationOf(width: number, height: number): Orientation {
  return width > height ? "landscape" : "portrait";
}

/** §4: desktop when wider than 1024, or than 768 in landscape; tablet when wider than 480; else mobile. */
export function sizeClassOf(width: number, orientation: Orientation): SizeClass {
  if (width > 1024 || (orientation === "landscape" && width > 768)) return "desktop";
  if (width > 480) return "tablet";
  return "mobile";
}

/** §9: xxs ≤ 374, xs 375-480, sm 481-767, md up to 768 (landscape) or 1024 (portrait), lg ≤ 1200, xl ≤ 1440, xxl above. */
export function breakpointOf(width: number, orientation: Orientation): Breakpoint {
  if (width <= 374) return "xxs";
  if (width <= 480) return "xs";
  if (width <= 767) return "sm";
  if (width <= (orientation === "landscape" ? 768 : 1024)) return "md";
  if (width <= 1200) return "lg";
  if (width <= 1440) return "xl";
  return "xxl";
}

export function screenState(width: number, height: number, touch: boolean): ScreenState {
  const orientation = orientationOf(width, height);
  return { width, height, touch, orientation, sizeClass: sizeClassOf(width, orientation), breakpoint: breakpointOf(width, orientation) };
}

/** The Instagram in-app browser announces itself in its user agent. */
export function isInstagramBrowser(userAgent: string): boolean {
  return /\bInstagram\b/i.test(userAgent);
}
