/**
 * Where an item's picture lives and which scene it shows: the small part of the illustration
 * language (./illustration.ts draws the pictures) that components need, so their bundles carry
 * an address builder and not the drawing.
 */

export const SCENES = ["sleep", "breathwork", "meditation", "mindfulness", "studio"] as const;
export type Scene = (typeof SCENES)[number];
export const ART_KINDS = ["sleep", "breathwork", "meditation", "mindfulness", "studio", "portrait"] as const;
export type ArtKind = (typeof ART_KINDS)[number];

/** Bumped whenever the drawing changes, so cached pictures are asked for afresh. */
export const ILLUSTRATION_VERSION = 1;

/** A scene's size (16:9) and a portrait's (square), as the <img> that shows one declares. */
export const SCENE_SIZE = { width: 640, height: 360 } as const;
export const PORTRAIT_SIZE = { width: 320, height: 320 } as const;

/** The address of an item's picture; a seed the route would refuse is reduced to one it accepts. */
export function illustrationSrc(kind: ArtKind, seed: string): string {
  const safe = seed.replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 100) || "stillhour";
  return `/art/${kind}/${safe}.svg?v=${ILLUSTRATION_VERSION}`;
}
