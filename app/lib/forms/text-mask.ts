/**
 * §5 text masks, pure so a unit test can type into them.
 *
 * Mask characters: "#" a digit, "A" a letter, "N" a letter or digit, "X" any character, "?" makes the
 * next slot optional, "\" makes the next mask character a literal (so "\#" is a real "#"). Anything
 * else is a literal the mask inserts as the person types.
 *
 * Literals appear only once a character arrives for the slot after them. "(###) ###-####" shows
 * "(555" after three digits, not "(555) ": a dangling ") " would need extra presses of backspace
 * and, worse, would come straight back each time the value is re-masked. The one exception is a
 * literal after the last slot ("###%"), which shows once every slot is filled because nothing else
 * could ever bring it in.
 */

type SlotKind = "#" | "A" | "N" | "X";
type Token = { kind: "slot"; slot: SlotKind; optional: boolean } | { kind: "literal"; text: string };

/** One character that filled a slot: where it came from in the input and where it ends in the output. */
export interface FilledSlot {
  text: string;
  source: number;
  end: number;
}

/** What masking an input produced: the formatted value and the slot characters inside it. */
export interface MaskRun {
  value: string;
  filled: FilledSlot[];
}

/** A value and its caret, as an input element holds them. */
export interface MaskEdit {
  value: string;
  caret: number;
}

const DIGIT = /^\p{Nd}$/u;
// A base letter with any combining marks, so "é" typed as e + U+0301 is one letter.
const LETTER = /^\p{L}\p{M}*$/u;

function parseMask(mask: string): Token[] {
  const tokens: Token[] = [];
  const chars = Array.from(mask);
  let optional = false;
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i];
    if (char === "?") {
      optional = true;
      continue;
    }
    if (char === "\\" && i + 1 < chars.length) {
      tokens.push({ kind: "literal", text: chars[++i] });
    } else if (char === "#" || char === "A" || char === "N" || char === "X") {
      tokens.push({ kind: "slot", slot: char, optional });
    } else {
      // "?" before a literal changes nothing: literals already appear only when something follows them.
      tokens.push({ kind: "literal", text: char });
    }
    optional = false;
  }
  return tokens;
}

function accepts(slot: SlotKind, char: string): boolean {
  switch (slot) {
    case "#":
      return DIGIT.test(char);
    case "A":
      return LETTER.test(char);
    case "N":
      return DIGIT.test(char) || LETTER.test(char);
    case "X":
      return true;
  }
}

let segmenter: Intl.Segmenter | null | undefined;

/**
 * Characters as a person sees them: a flag or a family emoji is one character, not four code points.
 * Browsers without Intl.Segmenter fall back to code points, which still never splits a surrogate pair.
 */
function characters(text: string): { text: string; index: number }[] {
  if (segmenter === undefined) {
    segmenter = typeof Intl !== "undefined" && "Segmenter" in Intl ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;
  }
  if (segmenter) return Array.from(segmenter.segment(text), (part) => ({ text: part.segment, index: part.index }));
  const out: { text: string; index: number }[] = [];
  let index = 0;
  for (const char of text) {
    out.push({ text: char, index });
    index += char.length;
  }
  return out;
}

/**
 * Where one input character lands, starting at token `at`. A character equal to an upcoming literal is
 * taken as that literal, so re-masking a masked value changes nothing and pasted "555-123" lines up.
 * An optional slot is passed over only when the character fits somewhere after it; a character that
 * fits nowhere is dropped without moving on, so stray input never eats an optional slot.
 */
function place(tokens: Token[], at: number, char: string): { next: number; literals: string; filled: boolean } | null {
  let literals = "";
  for (let i = at; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.kind === "literal") {
      literals += token.text;
      if (char === token.text) return { next: i + 1, literals, filled: false };
      continue;
    }
    if (accepts(token.slot, char)) return { next: i + 1, literals, filled: true };
    if (!token.optional) return null;
  }
  return null;
}

/** Masks `raw` and reports which input characters filled which slots. */
export function maskRun(mask: string, raw: string): MaskRun {
  const tokens = parseMask(mask);
  const filled: FilledSlot[] = [];
  let value = "";
  let pending = "";
  let at = 0;
  for (const char of characters(raw)) {
    if (at >= tokens.length) break;
    const placed = place(tokens, at, char.text);
    if (!placed) continue;
    at = placed.next;
    pending += placed.literals;
    if (placed.filled) {
      value += pending + char.text;
      pending = "";
      filled.push({ text: char.text, source: char.index, end: value.length });
    }
  }
  const slotsLeft = tokens.slice(at).some((token) => token.kind === "slot");
  if (filled.length > 0 && !slotsLeft) {
    value +=
      pending +
      tokens
        .slice(at)
        .map((token) => (token.kind === "literal" ? token.text : ""))
        .join("");
  }
  return { value, filled };
}

/** The formatted value as typed so far: unfit characters skipped, literals put in, cut at the mask's end. */
export function applyMask(mask: string, raw: string): string {
  return maskRun(mask, raw).value;
}

/** The characters that filled slots, without the literals: "(555) 123-4567" gives "5551234567". */
export function unmask(mask: string, formatted: string): string {
  return maskRun(mask, formatted)
    .filled.map((slot) => slot.text)
    .join("");
}

/**
 * Re-masks what an input holds after an edit and keeps the caret after the same slot characters it
 * followed before, so typing or deleting in the middle does not throw the caret to the end.
 *
 * `deletion` says the edit was a backspace ("backward") or a forward delete. When it removed only
 * literals, re-masking would put them straight back and the key would seem dead; the slot character
 * beside them goes instead, as people expect of a formatted field.
 */
export function followEdit(
  format: (raw: string) => MaskRun,
  previous: string,
  edit: MaskEdit,
  deletion?: "backward" | "forward",
): MaskEdit {
  const run = format(edit.value);
  if (deletion && run.value === previous && edit.value.length < previous.length) {
    const neighbour =
      deletion === "backward"
        ? run.filled.filter((slot) => slot.source < edit.caret).at(-1)
        : run.filled.find((slot) => slot.source >= edit.caret);
    if (!neighbour) return { value: previous, caret: edit.caret };
    const without = edit.value.slice(0, neighbour.source) + edit.value.slice(neighbour.source + neighbour.text.length);
    return caretAfter(format(without), without, neighbour.source);
  }
  return caretAfter(run, edit.value, edit.caret);
}

function caretAfter(run: MaskRun, raw: string, rawCaret: number): MaskEdit {
  const before = run.filled.filter((slot) => slot.source < Math.min(rawCaret, raw.length)).length;
  return { value: run.value, caret: before === 0 ? 0 : run.filled[before - 1].end };
}
