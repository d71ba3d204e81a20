import type { Scene } from "./art";

/*
 * Its own module: pages that only show a class or a teacher (the home page) need the picture's
 * address, not this choice, and every byte of the home page's first load counts.
 */

const OUTDOORS: readonly Scene[] = ["meditation", "breathwork", "mindfulness", "sleep"];

/**
 * The scene that says what an item is about, from its kind or its words ("Sleep", "breathwork",
 * "walking"); with nothing to go on, `seed` picks one of the outdoor scenes, else the hills.
 */
export function sceneFor(words: string | null | undefined, seed?: string): Scene {
  const key = (words ?? "").toLowerCase();
  if (/sleep|rest|night|drift|dream|evening/.test(key)) return "sleep";
  if (/breath/.test(key)) return "breathwork";
  if (/mindful|walk|notic|nature|garden/.test(key)) return "mindfulness";
  if (/studio/.test(key)) return "studio";
  if (/meditat/.test(key) || !seed) return "meditation";
  let hash = 0;
  for (let i = 0; i < seed.length; i++) hash = (hash * 31 + seed.charCodeAt(i)) >>> 0;
  return OUTDOORS[hash % OUTDOORS.length];
}
