import { describe, expect, it } from "vitest";
import { EXPERIMENTS, EXPERIMENT_NAMES, type Experiment, assignVariant, assignVariants, hashToUnit, pickVariant } from "./experiments";

describe("experiments", () => {
  it("always gives a disabled experiment its first variant, whatever is stored", () => {
    for (let i = 0; i < 200; i++) expect(assignVariant("nsr25HeroExperiment", `visitor-key-${i}-abcdefgh`)).toBe("copy");
    expect(assignVariant("nsr25HeroExperiment", "visitor-key-abcdefgh", "product")).toBe("copy");
  });

  it("always gives the second variant when the weights are 0:1", () => {
    for (let i = 0; i < 500; i++) {
      expect(assignVariant("choosePlanTimelineTest", `k-${i}-abcdefghijklmn`)).toBe("program-covers");
      expect(assignVariant("lifeScorePreferencesSurveyTest", `k-${i}-abcdefghijklmn`)).toBe("no-surveys");
    }
    // A stored value the weights can no longer give out is not valid.
    expect(assignVariant("choosePlanTimelineTest", "k-abcdefghijklmnop", "timeline")).toBe("program-covers");
  });

  it("keeps a valid stored value over the hash", () => {
    const key = "stable-visitor-key-0001";
    const hashed = assignVariant("nsr25Test", key);
    const other = hashed === "a" ? "b" : "a";
    expect(assignVariant("nsr25Test", key, other)).toBe(other);
    expect(assignVariant("nsr25Test", key, "zzz")).toBe(hashed);
  });

  it("is stable for one key", () => {
    const key = "another-visitor-key-42";
    expect(assignVariants(key)).toEqual(assignVariants(key));
  });

  it("spreads 10,000 keys within 2% of the weights for every two-way experiment", () => {
    for (const name of EXPERIMENT_NAMES) {
      const experiment: Experiment = EXPERIMENTS[name];
      const counts = new Map<string, number>();
      for (let i = 0; i < 10_000; i++) {
        const variant = assignVariant(name, `visitor-${i.toString(36)}-${(i * 7919).toString(16)}`);
        counts.set(variant, (counts.get(variant) ?? 0) + 1);
      }
      const total = experiment.weights.reduce((a, b) => a + b, 0);
      experiment.variants.forEach((variant, index) => {
        const expected = experiment.enabled ? experiment.weights[index] / total : index === 0 ? 1 : 0;
        const share = (counts.get(variant) ?? 0) / 10_000;
        expect(Math.abs(share - expected), `${name}/${variant}`).toBeLessThanOrEqual(0.02);
      });
    }
  });

  it("maps hashes into [0, 1) and picks by cumulative weight", () => {
    for (let i = 0; i < 1000; i++) {
      const unit = hashToUnit(`x${i}`);
      expect(unit).toBeGreaterThanOrEqual(0);
      expect(unit).toBeLessThan(1);
    }
    const threeWay = { enabled: true, variants: ["x", "y", "z"], weights: [1, 2, 1] } as const;
    expect(pickVariant(threeWay, 0.1)).toBe("x");
    expect(pickVariant(threeWay, 0.5)).toBe("y");
    expect(pickVariant(threeWay, 0.99)).toBe("z");
  });
});
