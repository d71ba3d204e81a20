/**
 * §9 experiments. A visitor's variant is stable: a valid value stored in their session wins,
 * otherwise their experimentKey is hashed over the weighted variants.
 */
export interface Experiment {
  enabled: boolean;
  variants: readonly string[];
  weights: readonly number[];
}

export const EXPERIMENTS = {
  nsr25HeroExperiment: { enabled: false, variants: ["copy", "product"], weights: [1, 1] },
  nsr25Test: { enabled: true, variants: ["a", "b"], weights: [1, 1] },
  becomingMagneticTest: { enabled: true, variants: ["a", "b"], weights: [1, 1] },
  nonCASingleStep: { enabled: true, variants: ["single-step", "use-choose-payment-step"], weights: [1, 1] },
  choosePlanTimelineTest: { enabled: true, variants: ["timeline", "program-covers"], weights: [0, 1] },
  lifeScorePreferencesSurveyTest: { enabled: true, variants: ["show-surveys", "no-surveys"], weights: [0, 1] },
} as const satisfies Record<string, Experiment>;

export type ExperimentName = keyof typeof EXPERIMENTS;
export type Variants = { [K in ExperimentName]: (typeof EXPERIMENTS)[K]["variants"][number] };

export const EXPERIMENT_NAMES = Object.keys(EXPERIMENTS) as ExperimentName[];

/** A value may be kept only if the experiment could still give it out. */
export function isValidVariant(experiment: Experiment, value: unknown): value is string {
  if (typeof value !== "string") return false;
  const index = experiment.variants.indexOf(value);
  if (index < 0) return false;
  if (!experiment.enabled) return index === 0;
  return experiment.weights[index] > 0;
}

/** Picks a variant from a number in [0, 1) by cumulative weight. */
export function pickVariant(experiment: Experiment, unit: number): string {
  if (!experiment.enabled) return experiment.variants[0];
  const total = experiment.weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0) return experiment.variants[0];
  let threshold = unit * total;
  for (let i = 0; i < experiment.variants.length; i++) {
    threshold -= experiment.weights[i];
    if (threshold < 0 && experiment.weights[i] > 0) return experiment.variants[i];
  }
  // Floating point left a sliver: the last variant with weight takes it.
  for (let i = experiment.variants.length - 1; i >= 0; i--) if (experiment.weights[i] > 0) return experiment.variants[i];
  return experiment.variants[0];
}

/** FNV-1a over UTF-16 code units, finished with murmur3's mixer so nearby keys spread evenly. */
export function hashToUnit(input: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    hash ^= input.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) / 0x1_0000_0000;
}

export function assignVariant(name: ExperimentName, experimentKey: string, stored?: unknown): string {
  const experiment: Experiment = EXPERIMENTS[name];
  if (!experiment.enabled) return experiment.variants[0];
  if (isValidVariant(experiment, stored)) return stored;
  return pickVariant(experiment, hashToUnit(`${name}:${experimentKey}`));
}

/** Every experiment's variant for one visitor. */
export function assignVariants(experimentKey: string, stored: Record<string, unknown> = {}): Variants {
  // A plain loop: this runs for every first visit, before a cached page is written (issue 25).
  const variants: Record<string, string> = {};
  for (const name of EXPERIMENT_NAMES) variants[name] = assignVariant(name, experimentKey, stored[name]);
  return variants as Variants;
}

/** A short string naming a visitor's variant set, used to key cached pages. */
export function variantSignature(variants: Variants): string {
  return EXPERIMENT_NAMES.map((name) => EXPERIMENTS[name].variants.indexOf(variants[name] as never)).join("");
}

export const EXPERIMENT_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
