/** Colour arithmetic for generated artwork (portraits, glows): pure, safe in browser and server. */

function rgb(hex: string): [number, number, number] {
  const value = /^#[0-9a-fA-F]{6}$/.test(hex) ? hex : "#8fb0a2";
  return [1, 3, 5].map((i) => Number.parseInt(value.slice(i, i + 2), 16)) as [number, number, number];
}

/** Mixes two "#rrggbb" colours; amount 0 keeps `a`, 1 gives `b`. */
export function mix(a: string, b: string, amount: number): string {
  const ca = rgb(a);
  const cb = rgb(b);
  return `#${ca
    .map((v, i) =>
      Math.round(v + (cb[i] - v) * amount)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Dark ink or white, whichever reads better on the colour. */
export function readableInk(background: string): string {
  const ink = "#1a1c22";
  const white = "#ffffff";
  return contrastRatio(ink, background) >= contrastRatio(white, background) ? ink : white;
}
