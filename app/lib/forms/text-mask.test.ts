import { afterEach, describe, expect, it, vi } from "vitest";
import { applyMask, followEdit, maskRun, unmask } from "./text-mask";

const US = "(###) ###-####";

describe("slot types", () => {
  it("# takes digits and skips everything else", () => {
    expect(applyMask("####", "1a2b3c4")).toBe("1234");
    expect(applyMask("####", "abcd")).toBe("");
  });

  it("# takes digits from other scripts too, as typed", () => {
    expect(applyMask("##-##", "٠١٢٣")).toBe("٠١-٢٣");
    expect(applyMask("##-##", "１２３４")).toBe("１２-３４");
  });

  it("A takes letters from any script and skips digits, spaces and symbols", () => {
    expect(applyMask("AAA", "a1b c")).toBe("abc");
    expect(applyMask("AA-AA", "éøßж")).toBe("éø-ßж");
    expect(applyMask("AAA", "東京都")).toBe("東京都");
    expect(applyMask("AA", "!?")).toBe("");
  });

  it("A keeps a letter with a combining accent together", () => {
    const decomposed = "e\u0301";
    expect(applyMask("A-A", `${decomposed}x`)).toBe(`${decomposed}-x`);
    expect(unmask("A-A", `${decomposed}-x`)).toBe(`${decomposed}x`);
  });

  it("N takes letters and digits but not punctuation or spaces", () => {
    expect(applyMask("NNN NNN", "a1 b2-c3")).toBe("a1b 2c3");
    expect(applyMask("NN", "ü٣")).toBe("ü٣");
    expect(applyMask("NN", "_ .")).toBe("");
  });

  it("X takes any character, spaces and symbols included", () => {
    expect(applyMask("XX-XX", "a 1!")).toBe("a -1!");
  });
});

describe("optional slots", () => {
  it("fill when the input keeps fitting", () => {
    expect(applyMask("#?#/##", "123")).toBe("12/3");
    expect(applyMask("#?#/##", "1234")).toBe("12/34");
  });

  it("are passed over when the next character belongs to what follows them", () => {
    expect(applyMask("#?#/##", "1/2")).toBe("1/2");
    expect(applyMask("#?#/##", "1/23")).toBe("1/23");
    expect(applyMask("A?A#", "a1")).toBe("a1");
  });

  it("are not eaten by a character that fits nowhere", () => {
    expect(applyMask("#?#/##", "1x2")).toBe("12");
    expect(applyMask("#?#/##", "1x23")).toBe("12/3");
  });

  it("can stand several in a row", () => {
    expect(applyMask("#?#?#", "1")).toBe("1");
    expect(applyMask("#?#?#", "123")).toBe("123");
    expect(applyMask("#?#?#", "1234")).toBe("123");
  });

  it("mean nothing before a literal or at the very end of a mask", () => {
    expect(applyMask("#?-#", "12")).toBe(applyMask("#-#", "12"));
    expect(applyMask("##?", "123")).toBe("12");
  });
});

describe("literals", () => {
  it("at the start appear with the first slot character, not before", () => {
    expect(applyMask("+44 ####", "")).toBe("");
    expect(applyMask("+44 ####", "7")).toBe("+44 7");
    expect(applyMask("+44 ####", "7700")).toBe("+44 7700");
  });

  it("in the middle appear only once the next character arrives", () => {
    expect(applyMask(US, "5")).toBe("(5");
    expect(applyMask(US, "555")).toBe("(555");
    expect(applyMask(US, "5551")).toBe("(555) 1");
    expect(applyMask(US, "555123")).toBe("(555) 123");
    expect(applyMask(US, "5551234")).toBe("(555) 123-4");
    expect(applyMask(US, "5551234567")).toBe("(555) 123-4567");
  });

  it("typed by hand are taken as the literal, not shown twice", () => {
    expect(applyMask(US, "(555) 1")).toBe("(555) 1");
    expect(applyMask(US, "(555)")).toBe("(555");
    expect(applyMask("+44 ####", "+44 7")).toBe("+44 7");
  });

  it("at the end appear once every slot is filled", () => {
    expect(applyMask("##%", "1")).toBe("1");
    expect(applyMask("##%", "12")).toBe("12%");
    expect(applyMask("(###)", "123")).toBe("(123)");
  });

  it("can be mask characters escaped with a backslash", () => {
    expect(applyMask("\\#\\A##", "12")).toBe("#A12");
    expect(applyMask("\\X-X", "yz")).toBe("X-y");
    expect(unmask("\\#\\A##", "#A12")).toBe("12");
    expect(applyMask("#\\", "12")).toBe("1\\");
  });

  it("can be non-ASCII", () => {
    expect(applyMask("##→##", "1234")).toBe("12→34");
    expect(applyMask("#🙂#", "12")).toBe("1🙂2");
  });
});

describe("input shapes", () => {
  it("gives an empty string for empty input, whatever the mask", () => {
    expect(applyMask(US, "")).toBe("");
    expect(applyMask("", "123")).toBe("");
    expect(applyMask("", "")).toBe("");
    expect(unmask(US, "")).toBe("");
  });

  it("stops at the end of the mask when the input is too long", () => {
    expect(applyMask(US, "55512345678901234")).toBe("(555) 123-4567");
    expect(applyMask("##", "1".repeat(10_000))).toBe("11");
  });

  it("lines up pasted text with spaces, dashes, dots and brackets", () => {
    expect(applyMask(US, "555 123 4567")).toBe("(555) 123-4567");
    expect(applyMask(US, "555-123-4567")).toBe("(555) 123-4567");
    expect(applyMask(US, "555.123.4567")).toBe("(555) 123-4567");
    expect(applyMask(US, " (555)123 - 4567 ")).toBe("(555) 123-4567");
    expect(applyMask("AAAA ####", "ab-cd 12-34")).toBe("abcd 1234");
  });

  it("treats an emoji as one character: X takes it whole, # and A refuse it", () => {
    const family = "👨‍👩‍👧";
    const thumb = "👍🏽";
    const flag = "🇯🇵";
    expect(applyMask("X-X-X", `${family}${thumb}${flag}`)).toBe(`${family}-${thumb}-${flag}`);
    expect(unmask("X-X-X", `${family}-${thumb}-${flag}`)).toBe(`${family}${thumb}${flag}`);
    expect(applyMask("##", `1${thumb}2`)).toBe("12");
    expect(applyMask("AA", `${flag}a${family}b`)).toBe("ab");
    expect(applyMask("NN", `${thumb}`)).toBe("");
  });

  describe("without Intl.Segmenter (older browsers)", () => {
    const segmenter = Intl.Segmenter;
    afterEach(() => {
      Object.assign(Intl, { Segmenter: segmenter });
      vi.resetModules();
    });

    it("falls back to code points, never splitting a surrogate pair", async () => {
      Reflect.deleteProperty(Intl, "Segmenter");
      vi.resetModules();
      const fresh = await import("./text-mask");
      expect(fresh.applyMask("X-X", "😀🌿")).toBe("😀-🌿");
      expect(fresh.applyMask("#-#", "1😀2")).toBe("1-2");
      // A skin tone is a code point of its own here; that is the price of the fallback.
      expect(fresh.applyMask("X-X", "👍🏽")).toBe("👍-🏽");
    });
  });

  it("is unchanged when masked again", () => {
    const cases: [string, string][] = [
      [US, "5551234567"],
      [US, "555-12"],
      ["#?#/##", "1/2"],
      ["#?#/##", "123"],
      ["+44 ####", "77"],
      ["##%", "12"],
      ["X-X", "--"],
      ["AA-##", "éx99"],
    ];
    for (const [mask, raw] of cases) {
      const once = applyMask(mask, raw);
      expect(applyMask(mask, once), `${mask} ${raw}`).toBe(once);
    }
  });
});

describe("unmask", () => {
  it("returns the characters that filled slots", () => {
    expect(unmask(US, "(555) 123-4567")).toBe("5551234567");
    expect(unmask(US, "(555) 1")).toBe("5551");
    expect(unmask("#?#/##", "1/23")).toBe("123");
    expect(unmask("+44 ####", "+44 7700")).toBe("7700");
  });

  it("also reads raw input, skipping what fits no slot", () => {
    expect(unmask(US, "555 abc 123")).toBe("555123");
  });
});

describe("maskRun", () => {
  it("reports where each slot character came from and where it ends", () => {
    expect(maskRun(US, "55 5")).toEqual({
      value: "(555",
      filled: [
        { text: "5", source: 0, end: 2 },
        { text: "5", source: 1, end: 3 },
        { text: "5", source: 3, end: 4 },
      ],
    });
  });
});

describe("followEdit: the caret and the delete keys", () => {
  const format = (raw: string) => maskRun(US, raw);

  it("puts the caret after the character just typed, past any literal it brought in", () => {
    expect(followEdit(format, "(555", { value: "(5551", caret: 5 })).toEqual({ value: "(555) 1", caret: 7 });
    expect(followEdit(format, "", { value: "5", caret: 1 })).toEqual({ value: "(5", caret: 2 });
  });

  it("keeps the caret in place when typing in the middle", () => {
    // "(55|5) 123-4567": typing 9 pushes the rest along and the last digit off the end.
    expect(followEdit(format, "(555) 123-4567", { value: "(5595) 123-4567", caret: 4 })).toEqual({ value: "(559) 512-3456", caret: 4 });
  });

  it("leaves the value and caret alone when the character fits nowhere", () => {
    expect(followEdit(format, "(555) 12", { value: "(555) 1x2", caret: 8 })).toEqual({ value: "(555) 12", caret: 7 });
  });

  it("lets backspace at the end take the digit and the literals left dangling", () => {
    expect(followEdit(format, "(555) 1", { value: "(555) ", caret: 6 }, "backward")).toEqual({ value: "(555", caret: 4 });
  });

  it("turns backspace over a literal into deleting the digit before it", () => {
    // "(555) 123-|4567": backspace removes "-", which would come straight back.
    expect(followEdit(format, "(555) 123-4567", { value: "(555) 1234567", caret: 9 }, "backward")).toEqual({
      value: "(555) 124-567",
      caret: 8,
    });
    // "(555) |123-4567": backspace removes the space before the caret.
    expect(followEdit(format, "(555) 123-4567", { value: "(555)123-4567", caret: 5 }, "backward")).toEqual({
      value: "(551) 234-567",
      caret: 3,
    });
  });

  it("turns forward delete over a literal into deleting the digit after it", () => {
    // "(555) 123|-4567": delete removes "-".
    expect(followEdit(format, "(555) 123-4567", { value: "(555) 1234567", caret: 9 }, "forward")).toEqual({
      value: "(555) 123-567",
      caret: 9,
    });
  });

  it("does nothing when backspace meets only literals before the caret", () => {
    expect(followEdit(format, "(555) 1", { value: "555) 1", caret: 0 }, "backward")).toEqual({ value: "(555) 1", caret: 0 });
    expect(followEdit((raw) => maskRun("##%", raw), "12%", { value: "12", caret: 2 }, "forward")).toEqual({ value: "12%", caret: 2 });
  });

  it("takes a trailing literal away together with the last slot character", () => {
    expect(followEdit((raw) => maskRun("##%", raw), "12%", { value: "12", caret: 2 }, "backward")).toEqual({ value: "1", caret: 1 });
  });

  it("handles a paste over a selection like any other edit", () => {
    // "(5|55) 12|3-4567" selected and replaced by "999".
    expect(followEdit(format, "(555) 123-4567", { value: "(59993-4567", caret: 5 })).toEqual({ value: "(599) 934-567", caret: 7 });
  });
});
