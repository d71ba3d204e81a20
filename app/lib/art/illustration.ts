import { ART_KINDS, PORTRAIT_SIZE, SCENE_SIZE, type ArtKind } from "./art";

/**
 * The brand's illustration language (design brief, "Imagery without photographs"): a small scene
 * composed in SVG from an item's own seed (its id or slug), in the palette of the site's tokens.
 * What the scene shows says what the item is: sleep is a night sky, a moon and still water;
 * breathwork waves and wind; meditation layered hills and a low sun; mindfulness a path, stones and
 * leaves; a studio a window and a room's warm light; a teacher a head and shoulders (shape, not
 * likeness). Each has layered shapes, a horizon and a soft grain. Pure and deterministic: the same
 * seed draws the same picture on every server, and two seeds never draw the same one.
 *
 * Pages show them as <img> from one cached route (app/routes/art.$kind.$file/route.ts), so they cost no
 * JavaScript, keep their size set (width and height), and stay under about 4 KB each.
 */

/** Every colour a picture may use: the two themes' tokens (app/styles/app.css), nothing else. */
export const ILLUSTRATION_PALETTE = {
  ink: "#12141b",
  night: "#1b1e28",
  dusk: "#2a2e3a",
  sand: "#ece8e1",
  stone: "#a7a39b",
  umber: "#5d5a55",
  clay: "#e39a7b",
  terracotta: "#b4532f",
  sage: "#8fb0a2",
  moss: "#4f7a6a",
  paper: "#faf8f5",
  linen: "#e7e1d8",
  peach: "#f1d9c8",
  mist: "#d6e4dc",
  ember: "#5a3a3a",
  deep: "#24414a",
} as const;

export { ART_KINDS, illustrationSrc } from "./art";
export { sceneFor } from "./art-scene";

const SEED = /^[A-Za-z0-9_-]{1,100}$/;

/** True for a seed the picture route accepts: an id or a slug. */
export function isArtSeed(seed: string): boolean {
  return SEED.test(seed);
}

export function isArtKind(kind: string): kind is ArtKind {
  return (ART_KINDS as readonly string[]).includes(kind);
}

interface DrawOptions {
  /** A title makes the picture meaningful (role="img" with a <title>); without one it is decorative. */
  title?: string;
}

/** An item's picture as an SVG document. */
export function illustrationSvg(kind: ArtKind, seed: string, options: DrawOptions = {}): string {
  const random = randomFrom(`${kind}:${seed}`);
  const { width, height } = kind === "portrait" ? PORTRAIT_SIZE : SCENE_SIZE;
  const body = DRAW[kind](random, width, height);
  const a11y = options.title ? `role="img" aria-labelledby="t"><title id="t">${escapeXml(options.title)}</title>` : `aria-hidden="true">`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${a11y}` +
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${body.sky[0]}"/><stop offset="1" stop-color="${body.sky[1]}"/></linearGradient>` +
    `<filter id="g" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency=".85" numOctaves="2" seed="${Math.floor(random() * 999)}" stitchTiles="stitch"/><feColorMatrix type="saturate" values="0"/></filter></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#s)"/>${body.shapes}` +
    `<rect width="${width}" height="${height}" filter="url(#g)" opacity=".2" style="mix-blend-mode:soft-light"/></svg>`
  );
}

type Random = () => number;
interface Drawn {
  sky: [string, string];
  shapes: string;
}

const P = ILLUSTRATION_PALETTE;

const DRAW: Record<ArtKind, (random: Random, width: number, height: number) => Drawn> = {
  sleep(random, w, h) {
    const scheme = pick(random, [
      { sky: [P.ink, P.deep], hills: [P.dusk, P.night], water: P.ink },
      { sky: [P.night, P.ember], hills: [P.ember, P.dusk], water: P.night },
      { sky: [P.ink, P.dusk], hills: [P.deep, P.night], water: P.ink },
    ] as const);
    const horizon = h * range(random, 0.56, 0.68);
    let shapes = "";
    const stars = 10 + Math.floor(random() * 9);
    for (let i = 0; i < stars; i++) {
      shapes += `<circle cx="${n(random() * w)}" cy="${n(random() * (horizon - 40))}" r="${n(range(random, 0.7, 1.9))}" fill="${P.sand}" opacity="${n(range(random, 0.35, 0.9))}"/>`;
    }
    const mx = w * range(random, 0.18, 0.82);
    const my = h * range(random, 0.16, 0.34);
    const mr = range(random, 16, 28);
    shapes += `<circle cx="${n(mx)}" cy="${n(my)}" r="${n(mr * 2.6)}" fill="${P.peach}" opacity=".07"/><circle cx="${n(mx)}" cy="${n(my)}" r="${n(mr * 1.6)}" fill="${P.peach}" opacity=".08"/>`;
    shapes +=
      random() < 0.5 ? `<circle cx="${n(mx)}" cy="${n(my)}" r="${n(mr)}" fill="${P.peach}"/>` : crescent(mx, my, mr, random() < 0.5);
    shapes += ridge(random, w, horizon - range(random, 30, 60), horizon, 7, scheme.hills[0], 0.9);
    if (random() < 0.5) {
      for (let i = 0; i < 2; i++) {
        shapes += `<rect x="${n(random() * w * 0.8)}" y="${n(horizon * range(random, 0.2, 0.7))}" width="${n(range(random, 90, 200))}" height="${n(range(random, 6, 12))}" rx="6" fill="${P.stone}" opacity=".12"/>`;
      }
    }
    shapes += ridge(random, w, horizon - range(random, 8, 24), horizon, 5, scheme.hills[1]);
    if (random() < 0.5) {
      const px = w * range(random, 0.05, 0.75);
      const count = 3 + Math.floor(random() * 4);
      for (let i = 0; i < count; i++) {
        const ph = range(random, 18, 42);
        const x = px + i * range(random, 10, 18);
        shapes += `<path d="M${n(x)} ${n(horizon - ph)}l${n(ph * 0.28)} ${n(ph)}h${n(-ph * 0.56)}z" fill="${scheme.hills[1]}"/>`;
      }
    }
    shapes += `<rect y="${n(horizon)}" width="${w}" height="${n(h - horizon)}" fill="${scheme.water}"/>`;
    for (let i = 0; i < 5; i++) {
      const rw = mr * range(random, 1.4, 2.6) * (1 - i * 0.12);
      shapes += `<rect x="${n(mx - rw / 2)}" y="${n(horizon + 8 + i * 12)}" width="${n(rw)}" height="2.5" rx="1.2" fill="${P.peach}" opacity="${n(0.5 - i * 0.08)}"/>`;
    }
    for (let i = 0; i < 3; i++) {
      const y = horizon + (h - horizon) * range(random, 0.3, 0.95);
      const x = random() * w * 0.7;
      shapes += `<path d="M${n(x)} ${n(y)}h${n(range(random, 40, 140))}" stroke="${P.dusk}" stroke-width="1.5" stroke-linecap="round"/>`;
    }
    return { sky: [scheme.sky[0], scheme.sky[1]], shapes };
  },

  breathwork(random, w, h) {
    const scheme = pick(random, [
      { sky: [P.mist, P.paper], sun: P.clay, waves: [P.sage, P.moss, P.deep, P.ink], wind: P.paper },
      { sky: [P.peach, P.linen], sun: P.terracotta, waves: [P.mist, P.sage, P.moss, P.deep], wind: P.paper },
      { sky: [P.deep, P.sage], sun: P.peach, waves: [P.moss, P.deep, P.dusk, P.ink], wind: P.mist },
      { sky: [P.ember, P.clay], sun: P.peach, waves: [P.clay, P.terracotta, P.ember, P.night], wind: P.peach },
      { sky: [P.ink, P.deep], sun: P.sand, waves: [P.deep, P.moss, P.dusk, P.ink], wind: P.stone },
    ] as const);
    const horizon = h * range(random, 0.46, 0.58);
    const sx = w * range(random, 0.15, 0.85);
    const sr = range(random, 26, 44);
    let shapes = `<circle cx="${n(sx)}" cy="${n(horizon - range(random, 20, 80))}" r="${n(sr)}" fill="${scheme.sun}" opacity=".9"/>`;
    const gusts = 2 + Math.floor(random() * 3);
    for (let i = 0; i < gusts; i++) {
      const x = random() * w * 0.6;
      const y = horizon * range(random, 0.15, 0.75);
      const len = range(random, 90, 220);
      const curl = range(random, 10, 18);
      shapes += `<path d="M${n(x)} ${n(y)}c${n(len * 0.4)} ${n(-curl)} ${n(len * 0.7)} ${n(curl)} ${n(len)} 0c${n(curl * 1.4)} ${n(-curl)} ${n(curl * 0.4)} ${n(-curl * 2.2)} ${n(-curl * 0.6)} ${n(-curl * 1.2)}" fill="none" stroke="${scheme.wind}" stroke-width="${n(range(random, 2, 3.5))}" stroke-linecap="round" opacity=".8"/>`;
    }
    if (random() < 0.5) {
      // A far island or rock on the horizon.
      const ix = w * range(random, 0.1, 0.9);
      const iw = range(random, 50, 140);
      shapes += `<path d="M${n(ix - iw)} ${n(horizon + 4)}Q${n(ix - iw * 0.3)} ${n(horizon - range(random, 14, 34))} ${n(ix + iw * 0.2)} ${n(horizon - 8)}T${n(ix + iw)} ${n(horizon + 4)}Z" fill="${scheme.waves[2]}" opacity=".8"/>`;
    }
    const layers = 3 + Math.floor(random() * 2);
    for (let i = 0; i < layers; i++) {
      const y = horizon + ((h - horizon) * i) / layers;
      shapes += wave(random, w, h, y, range(random, 4, 11) + i * 2, range(random, 44, 96) + i * 18, scheme.waves[i + 4 - layers]);
    }
    return { sky: [scheme.sky[0], scheme.sky[1]], shapes };
  },

  meditation(random, w, h) {
    const scheme = pick(random, [
      { sky: [P.peach, P.clay], sun: P.paper, hills: [P.sage, P.moss, P.deep, P.ink] },
      { sky: [P.ember, P.clay], sun: P.peach, hills: [P.umber, P.dusk, P.night, P.ink] },
      { sky: [P.linen, P.peach], sun: P.terracotta, hills: [P.mist, P.sage, P.moss, P.deep] },
      { sky: [P.deep, P.clay], sun: P.peach, hills: [P.moss, P.deep, P.dusk, P.ink] },
    ] as const);
    const horizon = h * range(random, 0.5, 0.62);
    const sx = w * range(random, 0.2, 0.8);
    const sr = range(random, 36, 62);
    const sy = horizon - sr * range(random, 0.1, 0.6);
    let shapes = `<circle cx="${n(sx)}" cy="${n(sy)}" r="${n(sr * 2.4)}" fill="${scheme.sun}" opacity=".1"/><circle cx="${n(sx)}" cy="${n(sy)}" r="${n(sr * 1.6)}" fill="${scheme.sun}" opacity=".14"/><circle cx="${n(sx)}" cy="${n(sy)}" r="${n(sr)}" fill="${scheme.sun}"/>`;
    if (random() < 0.6) shapes += birds(random, w, horizon, scheme.hills[2]);
    const layers = scheme.hills.length;
    const treeOn = Math.floor(random() * 3);
    for (let i = 0; i < layers; i++) {
      const top = horizon - 30 + i * ((h - horizon) / layers) + range(random, -10, 10);
      shapes += ridge(random, w, top, top + range(random, 30, 60), 4 + Math.floor(random() * 3), scheme.hills[i]);
      if (i === treeOn + 1 && random() < 0.6)
        shapes += tree(random, w * range(random, 0.08, 0.92), top + 30, range(random, 0.6, 1.1), scheme.hills[i]);
    }
    return { sky: [scheme.sky[0], scheme.sky[1]], shapes };
  },

  mindfulness(random, w, h) {
    const scheme = pick(random, [
      { sky: [P.linen, P.peach], far: P.sage, ground: P.moss, path: P.linen, leaves: [P.terracotta, P.clay, P.sage] },
      { sky: [P.mist, P.linen], far: P.moss, ground: P.sage, path: P.paper, leaves: [P.moss, P.terracotta, P.deep] },
      { sky: [P.peach, P.sand], far: P.stone, ground: P.moss, path: P.sand, leaves: [P.clay, P.deep, P.terracotta] },
    ] as const);
    const horizon = h * range(random, 0.48, 0.6);
    let shapes = ridge(random, w, horizon - range(random, 20, 50), horizon, 6, scheme.far, 0.8);
    shapes += `<rect y="${n(horizon)}" width="${w}" height="${n(h - horizon)}" fill="${scheme.ground}"/>`;
    const vx = w * range(random, 0.3, 0.7);
    const bx = w * range(random, 0.25, 0.75);
    const bend = range(random, -160, 160);
    const half = range(random, 70, 120);
    const my = horizon + (h - horizon) * 0.5;
    shapes += `<path d="M${n(vx - 3)} ${n(horizon)}Q${n(bx + bend - half * 0.45)} ${n(my)} ${n(bx - half)} ${h}H${n(bx + half)}Q${n(bx + bend + half * 0.45)} ${n(my)} ${n(vx + 3)} ${n(horizon)}Z" fill="${scheme.path}" opacity=".9"/>`;
    if (random() < 0.6)
      shapes += tree(random, w * range(random, 0.05, 0.95), horizon + range(random, 4, 16), range(random, 0.7, 1.3), scheme.leaves[2]);
    // A small cairn beside the path, on whichever side has room.
    const cx = bx > w / 2 ? range(random, 40, bx - half - 60) : range(random, bx + half + 60, w - 40);
    let cy = h - range(random, 24, 60);
    const stones = [P.dusk, P.umber, P.stone, P.linen];
    for (let i = 0; i < 4; i++) {
      const rx = range(random, 30, 40) * (1 - i * 0.2);
      const ry = rx * range(random, 0.42, 0.55);
      shapes += `<ellipse cx="${n(cx + range(random, -5, 5))}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${stones[i]}"/>`;
      cy -= ry * 1.65;
    }
    for (let i = 0; i < 6; i++) {
      const x = random() * w;
      const y = random() < 0.5 ? random() * horizon * 0.8 : horizon + random() * (h - horizon);
      const size = range(random, 12, 24);
      const fill = pick(random, scheme.leaves);
      shapes += `<g transform="translate(${n(x)} ${n(y)}) rotate(${Math.floor(random() * 360)})"><path d="M0 0Q${n(size)} ${n(-size * 0.55)} ${n(size * 2)} 0Q${n(size)} ${n(size * 0.55)} 0 0Z" fill="${fill}"/><path d="M2 0H${n(size * 1.8)}" stroke="${P.paper}" stroke-opacity=".45"/></g>`;
    }
    return { sky: [scheme.sky[0], scheme.sky[1]], shapes };
  },

  studio(random, w, h) {
    const scheme = pick(random, [
      { wall: P.ember, floor: P.dusk, outside: [P.deep, P.ink], glow: P.peach, frame: P.night },
      { wall: P.linen, floor: P.stone, outside: [P.peach, P.clay], glow: P.paper, frame: P.umber },
      { wall: P.night, floor: P.ink, outside: [P.ember, P.clay], glow: P.peach, frame: P.ink },
      { wall: P.sand, floor: P.umber, outside: [P.mist, P.sage], glow: P.peach, frame: P.dusk },
    ] as const);
    const floor = h * range(random, 0.68, 0.78);
    const ww = range(random, 130, 190);
    const wh = range(random, 130, floor - 70);
    const wx = range(random, 50, w - ww - 50);
    const wy = floor - wh - range(random, 40, 70);
    const arch = random() < 0.5;
    const r = arch ? ww / 2 : 6;
    const lamp = random() * w;
    let shapes = `<circle cx="${n(lamp)}" cy="${n(floor * 0.4)}" r="${n(range(random, 120, 200))}" fill="${scheme.glow}" opacity=".08"/>`;
    shapes += `<rect y="${n(floor)}" width="${w}" height="${n(h - floor)}" fill="${scheme.floor}"/>`;
    // The window: its own sky and hills, its frame and mullions.
    shapes += `<rect x="${n(wx - 8)}" y="${n(wy - 8)}" width="${n(ww + 16)}" height="${n(wh + 16)}" rx="${n(r + 8)}" fill="${scheme.frame}"/>`;
    shapes += `<rect x="${n(wx)}" y="${n(wy)}" width="${n(ww)}" height="${n(wh)}" rx="${n(r)}" fill="${scheme.outside[0]}"/>`;
    shapes += `<path d="M${n(wx)} ${n(wy + wh * 0.72)}q${n(ww * 0.3)} ${n(-wh * 0.16)} ${n(ww * 0.6)} ${n(-wh * 0.04)}t${n(ww * 0.4)} ${n(-wh * 0.06)}V${n(wy + wh)}H${n(wx)}Z" fill="${scheme.outside[1]}"/>`;
    shapes += `<path d="M${n(wx + ww / 2)} ${n(wy)}V${n(wy + wh)}M${n(wx)} ${n(wy + wh * 0.55)}H${n(wx + ww)}" stroke="${scheme.frame}" stroke-width="6"/>`;
    // Warm light through the window onto the floor.
    const lean = range(random, 60, 180) * (random() < 0.5 ? -1 : 1);
    shapes += `<path d="M${n(wx)} ${n(wy + wh)}H${n(wx + ww)}L${n(wx + ww + lean)} ${h}H${n(wx + lean)}Z" fill="${scheme.glow}" opacity=".22"/>`;
    // Cushions, a mat and a plant.
    const cx = range(random, 80, w - 80);
    shapes += `<path d="M${n(cx - 110)} ${n(floor + 22)}H${n(cx + 90)}L${n(cx + 120)} ${n(floor + 52)}H${n(cx - 80)}Z" fill="${P.sage}" opacity=".75"/>`;
    shapes += `<ellipse cx="${n(cx)}" cy="${n(floor + 30)}" rx="34" ry="14" fill="${P.terracotta}"/><ellipse cx="${n(cx)}" cy="${n(floor + 22)}" rx="28" ry="10" fill="${P.clay}"/>`;
    const px = lamp < w / 2 ? w - range(random, 50, 90) : range(random, 50, 90);
    for (let i = 0; i < 5; i++) {
      shapes += `<ellipse cx="${n(px + range(random, -16, 16))}" cy="${n(floor - 30 - i * 12)}" rx="9" ry="22" transform="rotate(${Math.floor(range(random, -40, 40))} ${n(px)} ${n(floor - 10)})" fill="${i % 2 ? P.moss : P.sage}"/>`;
    }
    shapes += `<path d="M${n(px - 18)} ${n(floor - 16)}h36l-5 34h-26z" fill="${P.terracotta}"/>`;
    if (random() < 0.6) {
      const lx = lamp;
      const ly = range(random, 50, 90);
      shapes += `<path d="M${n(lx)} 0V${n(ly)}" stroke="${scheme.frame}" stroke-width="2"/><path d="M${n(lx - 22)} ${n(ly + 18)}Q${n(lx)} ${n(ly - 14)} ${n(lx + 22)} ${n(ly + 18)}Z" fill="${P.clay}"/><circle cx="${n(lx)}" cy="${n(ly + 22)}" r="40" fill="${scheme.glow}" opacity=".12"/>`;
    }
    return { sky: [scheme.wall, scheme.wall], shapes };
  },

  portrait(random, w, h) {
    const scheme = pick(random, [
      { bg: [P.mist, P.sage], sun: P.paper },
      { bg: [P.peach, P.clay], sun: P.paper },
      { bg: [P.linen, P.stone], sun: P.peach },
      { bg: [P.deep, P.moss], sun: P.sage },
      { bg: [P.ember, P.clay], sun: P.peach },
      { bg: [P.sand, P.peach], sun: P.clay },
    ] as const);
    const skin = pick(random, [P.peach, P.clay, P.stone, P.umber, P.ember, P.linen]);
    const dark = skin === P.umber || skin === P.ember;
    const cloth = pick(
      random,
      [P.terracotta, P.moss, P.deep, P.dusk, P.sand, P.umber, P.sage].filter((c) => c !== scheme.bg[1] && c !== skin),
    );
    const hair = pick(
      random,
      [P.ink, P.night, P.umber, P.ember, P.dusk, P.sand, P.terracotta].filter((c) => c !== skin),
    );
    const cx = w / 2;
    const hy = h * range(random, 0.4, 0.45);
    const rx = range(random, 48, 56);
    const ry = rx * range(random, 1.12, 1.24);
    const sw = range(random, 120, 150);
    const top = hy + ry + range(random, 14, 24);
    let shapes = `<circle cx="${n(cx + range(random, -60, 60))}" cy="${n(hy - range(random, 10, 50))}" r="${n(range(random, 90, 130))}" fill="${scheme.sun}" opacity=".35"/>`;
    shapes += ridge(random, w, h * 0.72, h * 0.8, 4, scheme.bg[1], 0.55);
    const style = Math.floor(random() * 5);
    if (style === 1)
      shapes += `<path d="M${n(cx - rx - 8)} ${n(hy)}Q${n(cx - rx - 16)} ${n(top + 40)} ${n(cx - rx + 10)} ${n(top + 40)}H${n(cx + rx - 10)}Q${n(cx + rx + 16)} ${n(top + 40)} ${n(cx + rx + 8)} ${n(hy)}Z" fill="${hair}"/>`;
    shapes += `<path d="M${n(cx - sw)} ${h}C${n(cx - sw)} ${n(top + 20)} ${n(cx - sw * 0.5)} ${n(top)} ${n(cx)} ${n(top)}S${n(cx + sw)} ${n(top + 20)} ${n(cx + sw)} ${h}Z" fill="${cloth}"/>`;
    shapes += `<path d="M${n(cx - 17)} ${n(hy + ry * 0.6)}V${n(top + 6)}q17 ${n(random() < 0.5 ? 18 : 10)} 34 0V${n(hy + ry * 0.6)}Z" fill="${skin}"/>`;
    shapes += `<ellipse cx="${n(cx)}" cy="${n(hy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${skin}"/>`;
    if (style === 0)
      shapes += `<path d="M${n(cx - rx - 2)} ${n(hy + 4)}C${n(cx - rx)} ${n(hy - ry - 12)} ${n(cx + rx)} ${n(hy - ry - 12)} ${n(cx + rx + 2)} ${n(hy + 4)}C${n(cx + rx * 0.4)} ${n(hy - ry * 0.45)} ${n(cx - rx * 0.4)} ${n(hy - ry * 0.55)} ${n(cx - rx - 2)} ${n(hy + 4)}Z" fill="${hair}"/>`;
    if (style === 1)
      shapes += `<path d="M${n(cx - rx - 3)} ${n(hy + 10)}C${n(cx - rx)} ${n(hy - ry - 14)} ${n(cx + rx)} ${n(hy - ry - 14)} ${n(cx + rx + 3)} ${n(hy + 10)}Q${n(cx + rx * 0.2)} ${n(hy - ry * 0.8)} ${n(cx - rx - 3)} ${n(hy + 10)}Z" fill="${hair}"/>`;
    if (style === 2)
      shapes += `<circle cx="${n(cx + range(random, -10, 10))}" cy="${n(hy - ry - 8)}" r="${n(rx * 0.42)}" fill="${hair}"/><path d="M${n(cx - rx - 1)} ${n(hy - 2)}C${n(cx - rx)} ${n(hy - ry - 6)} ${n(cx + rx)} ${n(hy - ry - 6)} ${n(cx + rx + 1)} ${n(hy - 2)}Q${n(cx)} ${n(hy - ry * 0.7)} ${n(cx - rx - 1)} ${n(hy - 2)}Z" fill="${hair}"/>`;
    if (style === 3) {
      for (let i = 0; i < 9; i++) {
        const a = Math.PI * (1.05 + (i / 8) * 0.9);
        shapes += `<circle cx="${n(cx + Math.cos(a) * rx * 0.95)}" cy="${n(hy - 6 + Math.sin(a) * ry * 0.92)}" r="${n(rx * range(random, 0.28, 0.36))}" fill="${hair}"/>`;
      }
    }
    if (style === 4)
      shapes += `<path d="M${n(cx - rx - 4)} ${n(hy + 2)}C${n(cx - rx - 6)} ${n(hy - ry - 18)} ${n(cx + rx + 6)} ${n(hy - ry - 18)} ${n(cx + rx + 4)} ${n(hy + 2)}Q${n(cx)} ${n(hy - ry * 0.5)} ${n(cx - rx - 4)} ${n(hy + 2)}Z" fill="${cloth === P.sand ? P.terracotta : P.sand}"/>`;
    const line = dark ? P.peach : P.umber;
    const ey = hy + ry * 0.08;
    shapes += `<path d="M${n(cx - rx * 0.5)} ${n(ey)}q${n(rx * 0.18)} 6 ${n(rx * 0.36)} 0M${n(cx + rx * 0.14)} ${n(ey)}q${n(rx * 0.18)} 6 ${n(rx * 0.36)} 0" fill="none" stroke="${line}" stroke-width="2.5" stroke-linecap="round"/>`;
    return { sky: [scheme.bg[0], scheme.bg[1]], shapes };
  },
};

/** A hill line across the width, closed down to `bottom`, through `points` smooth bumps. */
function ridge(random: Random, w: number, top: number, bottom: number, points: number, fill: string, opacity = 1): string {
  const step = w / points;
  const ys = Array.from({ length: points + 1 }, () => top + random() * (bottom - top) * 0.8);
  let d = `M0 ${n(ys[0])}`;
  for (let i = 1; i <= points; i++) {
    const x = i * step;
    d += `Q${n(x - step / 2)} ${n(Math.min(ys[i - 1], ys[i]) - random() * 24)} ${n(x)} ${n(ys[i])}`;
  }
  d += `V${n(Math.max(bottom, top) + 400)}H0Z`;
  return `<path d="${d}" fill="${fill}"${opacity < 1 ? ` opacity="${opacity}"` : ""}/>`;
}

/** A few far birds, two strokes each. */
function birds(random: Random, w: number, horizon: number, colour: string): string {
  let d = "";
  const x0 = w * range(random, 0.1, 0.7);
  const y0 = horizon * range(random, 0.2, 0.55);
  const count = 2 + Math.floor(random() * 3);
  for (let i = 0; i < count; i++) {
    const x = x0 + i * range(random, 16, 34);
    const y = y0 + range(random, -14, 14);
    const s = range(random, 5, 9);
    d += `M${n(x - s)} ${n(y - s * 0.4)}q${n(s * 0.5)} ${n(-s * 0.2)} ${n(s)} ${n(s * 0.4)}q${n(s * 0.5)} ${n(-s * 0.6)} ${n(s)} ${n(-s * 0.4)}`;
  }
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="1.8" stroke-linecap="round" opacity=".7"/>`;
}

/** A lone round tree standing on the ground at (x, y). */
function tree(random: Random, x: number, y: number, scale: number, colour: string): string {
  const t = 46 * scale;
  const r = 22 * scale;
  return `<path d="M${n(x)} ${n(y)}V${n(y - t)}" stroke="${colour}" stroke-width="${n(3 * scale)}"/><circle cx="${n(x)}" cy="${n(y - t - r * 0.4)}" r="${n(r)}" fill="${colour}"/><circle cx="${n(x + r * range(random, -0.8, 0.8))}" cy="${n(y - t + r * 0.2)}" r="${n(r * 0.7)}" fill="${colour}"/>`;
}

/** A band of water whose top is a sine-like line (one quadratic, then smooth repeats). */
function wave(random: Random, w: number, h: number, y: number, amplitude: number, length: number, fill: string): string {
  const start = -random() * length;
  let d = `M${n(start)} ${n(y)}q${n(length / 4)} ${n(-amplitude)} ${n(length / 2)} 0`;
  for (let x = start + length / 2; x < w; x += length / 2) d += `t${n(length / 2)} 0`;
  return `<path d="${d}V${h}H${n(start)}Z" fill="${fill}"/>`;
}

function crescent(x: number, y: number, r: number, left: boolean): string {
  const s = left ? 0 : 1;
  return `<path d="M${n(x)} ${n(y - r)}A${n(r)} ${n(r)} 0 1 ${s} ${n(x)} ${n(y + r)}A${n(r * 0.72)} ${n(r)} 0 1 ${1 - s} ${n(x)} ${n(y - r)}Z" fill="${P.peach}"/>`;
}

function randomFrom(seed: string): Random {
  let hash = 2166136261;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  let state = hash >>> 0;
  // mulberry32: small, fast and well spread, which is all a picture needs.
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function range(random: Random, low: number, high: number): number {
  return low + random() * (high - low);
}

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

/** Coordinates to one decimal at most: enough for a smooth curve, short in bytes. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
