/**
 * The offer test's own reading of what a page says (issue 34): the trial lengths, dates, first
 * payments and discounts in a page's sentences. Written apart from the app's offer model on purpose,
 * so the test is an independent reader, not the model checking itself.
 */

const WORDS: Record<string, number> = {
  a: 1,
  one: 1,
  first: 1,
  two: 2,
  three: 3,
  seven: 7,
  fourteen: 14,
  "twenty-one": 21,
  thirty: 30,
  sixty: 60,
  ninety: 90,
};
const NUMBER = `\\d{1,3}|${Object.keys(WORDS).join("|")}`;
const LENGTH = new RegExp(
  `\\b(${NUMBER})[\\s-]+(?:(?!(?:${NUMBER})\\b)[a-z]+[\\s-]+)?(days?|weeks?|months?)\\b|\\bfree (week|month)\\b`,
  "gi",
);
const MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December";

/** Every string inside a loader's answer, however deep. */
export function stringsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsIn);
  return [];
}

/** The sentences of some texts, one by one. */
function sentences(texts: string[]): string[] {
  return texts.flatMap((text) => text.split(/(?<=[.!?])\s+/)).filter(Boolean);
}

/**
 * How long the free trial is, in days, wherever a sentence speaks of it (one that says free, trial or
 * "on us"); NaN for a month, which is no fixed number of days. Prices per month or year, a
 * discount's months and a code's extra days are not trial lengths and are left out.
 */
export function trialLengths(texts: string[]): number[] {
  const found: number[] = [];
  for (const sentence of sentences(texts)) {
    if (!/\bfree\b|\btrial\b|\bon us\b/i.test(sentence)) continue;
    const plain = sentence
      .replace(/\$[\d.,]+\s+(?:a|per|every)\s+(?:month|year)/gi, "")
      // "23 extra days free" adds to a trial; the sentence that gives the whole of it is read instead.
      .replace(/\b\d+ (?:extra|more) days?\b/gi, "")
      .replace(/\boff (?:your|every|the) [^.,;:]*/gi, "")
      .replace(/\bfor your first (?:month|year)\b/gi, "")
      .replace(/\bevery (?:month|year)\b/gi, "");
    for (const match of plain.matchAll(LENGTH)) {
      if (match[3]) {
        found.push(match[3].toLowerCase() === "week" ? 7 : Number.NaN);
        continue;
      }
      const count = /^\d+$/.test(match[1]) ? Number(match[1]) : WORDS[match[1].toLowerCase()];
      const unit = match[2].toLowerCase();
      found.push(unit.startsWith("day") ? count : unit.startsWith("week") ? count * 7 : Number.NaN);
    }
  }
  return found;
}

/** The dates named in sentences about the trial or the first payment ("December 28, 2026"). */
export function trialDates(texts: string[]): string[] {
  return sentences(texts)
    .filter((sentence) => /trial|first payment/i.test(sentence))
    .flatMap((sentence) => [...sentence.matchAll(new RegExp(`\\d{1,2} (?:${MONTHS}) \\d{4}`, "g"))].map((match) => match[0]));
}

/** The amounts named as the first payment ("your first payment of $79.99"). */
export function firstPayments(texts: string[]): string[] {
  return sentences(texts).flatMap((sentence) =>
    [...sentence.matchAll(/first payment of (\$[\d,]+(?:\.\d{2})?)/gi)].map((match) => match[1]),
  );
}

/** The discounts named: "20% off", "$10 off". */
export function discounts(texts: string[]): string[] {
  return [...new Set(texts.flatMap((text) => [...text.matchAll(/(\d{1,3}% off|\$[\d,]+(?:\.\d{2})? off)/g)].map((match) => match[1])))];
}
