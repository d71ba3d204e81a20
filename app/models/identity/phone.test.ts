import examples from "libphonenumber-js/mobile/examples";
import { getExampleNumber, type CountryCode } from "libphonenumber-js/min";
import { describe, expect, it } from "vitest";
import { formatPhoneForReading } from "./phone-display.server";
import {
  DEFAULT_PHONE_COUNTRY,
  PHONE_MASKS,
  followPhoneEdit,
  formatPhoneAsTyped,
  getPhoneCountries,
  isPhoneCountry,
  phoneMaskFor,
  phoneMessage,
  toE164,
  type PhoneProblem,
} from "./phone";

describe("the country list", () => {
  const countries = getPhoneCountries();

  it("has every country once, with its calling code visible in the label", () => {
    expect(countries.length).toBeGreaterThan(200);
    expect(new Set(countries.map((country) => country.code)).size).toBe(countries.length);
    expect(countries.find((country) => country.code === "GB")).toEqual({
      code: "GB",
      callingCode: "44",
      name: "United Kingdom",
      label: "United Kingdom (+44)",
    });
    expect(countries.find((country) => country.code === "JP")?.label).toBe("Japan (+81)");
    for (const country of countries) expect(country.label).toBe(`${country.name} (+${country.callingCode})`);
  });

  it("names countries in English and sorts them by name", () => {
    const names = countries.map((country) => country.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("en").compare));
    expect(countries.find((country) => country.code === "DE")?.name).toBe("Germany");
    // "Åland Islands" sorts with the A's, not after Z.
    expect(names.indexOf("Åland Islands")).toBeLessThan(names.indexOf("Belgium"));
  });

  it("defaults to the United States, which is in the list", () => {
    expect(DEFAULT_PHONE_COUNTRY).toBe("US");
    expect(countries.some((country) => country.code === DEFAULT_PHONE_COUNTRY)).toBe(true);
  });

  it("is built once", () => {
    expect(getPhoneCountries()).toBe(countries);
  });

  it("knows which codes are countries", () => {
    expect(isPhoneCountry("GB")).toBe(true);
    expect(isPhoneCountry("ZZ")).toBe(false);
    expect(isPhoneCountry("")).toBe(false);
  });
});

describe("display masks", () => {
  it("cover the countries we promise", () => {
    for (const code of ["US", "CA", "GB", "IE", "AU", "NZ", "DE", "FR", "ES", "IT", "NL", "IN", "JP", "BR", "MX", "ZA", "SE"]) {
      expect(PHONE_MASKS[code], code).toBeDefined();
    }
  });

  it("use only digit slots and separators", () => {
    for (const [code, rules] of Object.entries(PHONE_MASKS)) {
      for (const [, mask] of rules) expect(mask, code).toMatch(/^[#() -]+$/);
    }
  });

  it("are shared by territories on the same numbering plan, and generic elsewhere", () => {
    expect(phoneMaskFor("JE", "07700")).toBe(phoneMaskFor("GB", "07700"));
    expect(phoneMaskFor("JM", "876")).toBe(phoneMaskFor("US", "876"));
    expect(phoneMaskFor("KE", "712")).toBe("### ### ### ### ### ##");
    expect(phoneMaskFor("ZZ", "712")).toBe("### ### ### ### ### ##");
    expect(phoneMaskFor("gb", "020")).toBe("### #### ####");
  });
});

describe("formatPhoneAsTyped", () => {
  it.each([
    ["US", "2015550123", "(201) 555-0123"],
    ["US", "12015550123", "1 (201) 555-0123"],
    ["CA", "4165550123", "(416) 555-0123"],
    ["GB", "07400123456", "07400 123456"],
    ["GB", "7400123456", "7400 123456"],
    ["GB", "02079460958", "020 7946 0958"],
    ["IE", "0871234567", "087 123 4567"],
    ["IE", "012345678", "01 234 5678"],
    ["AU", "0412345678", "0412 345 678"],
    ["AU", "0298765432", "02 9876 5432"],
    ["NZ", "0211234567", "021 123 4567"],
    ["NZ", "091234567", "09 123 4567"],
    ["DE", "015123456789", "0151 23456789"],
    ["DE", "030123456", "030 123456"],
    ["FR", "0612345678", "06 12 34 56 78"],
    ["ES", "612345678", "612 34 56 78"],
    ["IT", "3123456789", "312 345 6789"],
    ["IT", "0612345678", "06 1234 5678"],
    ["NL", "0612345678", "06 12345678"],
    ["IN", "9876543210", "98765 43210"],
    ["JP", "09012345678", "090-1234-5678"],
    ["JP", "0312345678", "03-1234-5678"],
    ["BR", "11912345678", "(11) 91234-5678"],
    ["BR", "1123456789", "(11) 2345-6789"],
    ["MX", "5512345678", "55 1234 5678"],
    ["MX", "2221234567", "222 123 4567"],
    ["ZA", "0711234567", "071 123 4567"],
    ["SE", "0701234567", "070-123 45 67"],
    ["SE", "0812345678", "08-123 456 78"],
    ["KE", "712345678", "712 345 678"],
  ])("%s %s shows as %s", (country, raw, shown) => {
    expect(formatPhoneAsTyped(country, raw)).toBe(shown);
  });

  it("formats as the person types, with separators only once the next digit comes", () => {
    const typed = ["(2", "(20", "(201", "(201) 5", "(201) 55", "(201) 555", "(201) 555-0"];
    const digits = "2015550";
    typed.forEach((shown, index) => expect(formatPhoneAsTyped("US", digits.slice(0, index + 1))).toBe(shown));
  });

  it("reads spaces, dashes, dots, brackets and slashes as nothing", () => {
    expect(formatPhoneAsTyped("US", "(201) 555-0123")).toBe("(201) 555-0123");
    expect(formatPhoneAsTyped("US", " 201.555.0123 ")).toBe("(201) 555-0123");
    expect(formatPhoneAsTyped("DE", "0151/234-567 89")).toBe("0151 23456789");
  });

  it("drops letters and symbols as they are typed", () => {
    expect(formatPhoneAsTyped("US", "201-555-CALL")).toBe("(201) 555");
    expect(formatPhoneAsTyped("US", "abc")).toBe("");
    expect(formatPhoneAsTyped("US", "😀201")).toBe("(201");
  });

  it("reads full-width and Arabic-Indic digits", () => {
    expect(formatPhoneAsTyped("JP", "０９０１２３４５６７８")).toBe("090-1234-5678");
    expect(formatPhoneAsTyped("US", "٢٠١٥٥٥٠١٢٣")).toBe("(201) 555-0123");
    expect(formatPhoneAsTyped("GB", "＋４４ ２０")).toBe("+44 20");
  });

  it("never cuts off a digit: a length the mask does not expect falls back to groups", () => {
    expect(formatPhoneAsTyped("US", "20155501234")).toBe("201 555 012 34");
    expect(formatPhoneAsTyped("FR", "06123456789")).toBe("061 234 567 89");
  });

  it("stops at 17 digits however much is pasted", () => {
    expect(formatPhoneAsTyped("US", "9".repeat(60))).toBe("999 999 999 999 999 99");
    expect(formatPhoneAsTyped("US", "+" + "4".repeat(60))).toBe("+44 444 444 444 444 444");
  });

  it("gives an empty string for empty input", () => {
    expect(formatPhoneAsTyped("US", "")).toBe("");
    expect(formatPhoneAsTyped("US", "  ()-")).toBe("");
  });

  describe("with a leading +", () => {
    it("shows the calling code, then the number in that country's format, whatever country is chosen", () => {
      expect(formatPhoneAsTyped("US", "+44 7400 123456")).toBe("+44 7400 123456");
      expect(formatPhoneAsTyped("JP", "+442079460958")).toBe("+44 20 7946 0958");
      expect(formatPhoneAsTyped("GB", "+1 201 555 0123")).toBe("+1 (201) 555-0123");
      expect(formatPhoneAsTyped("GB", "+81 90 1234 5678")).toBe("+81 90-1234-5678");
      expect(formatPhoneAsTyped("ZZ", "+33612345678")).toBe("+33 6 12 34 56 78");
    });

    it("keeps the + and the first digits while the calling code is still being typed", () => {
      expect(formatPhoneAsTyped("US", "+")).toBe("+");
      expect(formatPhoneAsTyped("US", "+4")).toBe("+4");
      expect(formatPhoneAsTyped("US", "+35")).toBe("+35");
      expect(formatPhoneAsTyped("US", "+353")).toBe("+353");
      expect(formatPhoneAsTyped("US", "+3538")).toBe("+353 8");
    });

    it("groups the digits after a calling code it has no mask for, or does not know", () => {
      expect(formatPhoneAsTyped("US", "+254712345678")).toBe("+254 712 345 678");
      expect(formatPhoneAsTyped("US", "+9991234")).toBe("+999 123 4");
    });

    it("takes the + only at the start", () => {
      expect(formatPhoneAsTyped("US", "201+5550123")).toBe("(201) 555-0123");
      expect(formatPhoneAsTyped("US", " (+44) 20")).toBe("+44 20");
    });
  });
});

describe("followPhoneEdit: caret and backspace", () => {
  it("keeps the caret after the digit just typed", () => {
    expect(followPhoneEdit("US", "(201", { value: "(2015", caret: 5 })).toEqual({ value: "(201) 5", caret: 7 });
    expect(followPhoneEdit("US", "(201) 555", { value: "(2071) 555", caret: 4 })).toEqual({ value: "(207) 155-5", caret: 4 });
    // An eleventh digit in a full number shows as plain groups, a visible hint that one is too many.
    expect(followPhoneEdit("US", "(201) 555-0123", { value: "(2071) 555-0123", caret: 4 })).toEqual({ value: "207 155 501 23", caret: 3 });
  });

  it("does not get stuck when backspace lands on a separator", () => {
    // "(201) 555-|0123" and backspace: the "-" would come straight back, so the 5 before it goes.
    expect(followPhoneEdit("US", "(201) 555-0123", { value: "(201) 5550123", caret: 9 }, "backward")).toEqual({
      value: "(201) 550-123",
      caret: 8,
    });
    expect(followPhoneEdit("GB", "07400 123456", { value: "07400123456", caret: 5 }, "backward")).toEqual({
      value: "07401 23456",
      caret: 4,
    });
  });

  it("lets backspace at the end take the separator with the last digit", () => {
    expect(followPhoneEdit("US", "(201) 5", { value: "(201) ", caret: 6 }, "backward")).toEqual({ value: "(201", caret: 4 });
  });

  it("keeps the + as the first character of an international number", () => {
    expect(followPhoneEdit("US", "", { value: "+", caret: 1 })).toEqual({ value: "+", caret: 1 });
    expect(followPhoneEdit("US", "+44", { value: "+447", caret: 4 })).toEqual({ value: "+44 7", caret: 5 });
    expect(followPhoneEdit("US", "+44 7", { value: "+44 ", caret: 4 }, "backward")).toEqual({ value: "+44", caret: 3 });
  });
});

describe("toE164", () => {
  it.each([
    ["US", "(201) 555-0123", "+12015550123"],
    ["US", "201.555.0123", "+12015550123"],
    ["US", "1 201 555 0123", "+12015550123"],
    ["CA", "416-555-0123", "+14165550123"],
    ["GB", "020 7946 0958", "+442079460958"],
    ["GB", "07400 123456", "+447400123456"],
    ["GB", "0044 20 7946 0958", "+442079460958"],
    ["IE", "087 123 4567", "+353871234567"],
    ["AU", "0412 345 678", "+61412345678"],
    ["NZ", "021 123 4567", "+64211234567"],
    ["DE", "0151 23456789", "+4915123456789"],
    ["FR", "06 12 34 56 78", "+33612345678"],
    ["ES", "612 34 56 78", "+34612345678"],
    ["IT", "312 345 6789", "+393123456789"],
    ["NL", "06 12345678", "+31612345678"],
    ["IN", "98765 43210", "+919876543210"],
    ["JP", "090-1234-5678", "+819012345678"],
    ["BR", "(11) 91234-5678", "+5511912345678"],
    ["MX", "55 1234 5678", "+525512345678"],
    ["ZA", "071 123 4567", "+27711234567"],
    ["SE", "070-123 45 67", "+46701234567"],
  ])("%s %s is %s", (country, raw, e164) => {
    expect(toE164(country, raw)).toEqual({ ok: true, e164 });
  });

  it("reads a number typed with + as international, whatever country is chosen", () => {
    expect(toE164("US", "+44 20 7946 0958")).toEqual({ ok: true, e164: "+442079460958" });
    expect(toE164("JP", "+1 (201) 555-0123")).toEqual({ ok: true, e164: "+12015550123" });
    expect(toE164("ZZ", "+33 6 12 34 56 78")).toEqual({ ok: true, e164: "+33612345678" });
    expect(toE164("", "+81 90-1234-5678")).toEqual({ ok: true, e164: "+819012345678" });
    expect(toE164("GB", "+44 (0) 20 7946 0958")).toEqual({ ok: true, e164: "+442079460958" });
  });

  it("accepts the separators people type and paste", () => {
    expect(toE164("US", " (201)\u00a0555\u2013 0123 ")).toEqual({ ok: true, e164: "+12015550123" });
    expect(toE164("DE", "0151/23456789")).toEqual({ ok: true, e164: "+4915123456789" });
    expect(toE164("gb", "020-7946-0958")).toEqual({ ok: true, e164: "+442079460958" });
  });

  it("reads full-width and Arabic-Indic digits", () => {
    expect(toE164("JP", "０９０－１２３４－５６７８")).toEqual({ ok: true, e164: "+819012345678" });
    expect(toE164("US", "＋１ ２０１ ５５５ ０１２３")).toEqual({ ok: true, e164: "+12015550123" });
    expect(toE164("US", "٢٠١٥٥٥٠١٢٣")).toEqual({ ok: true, e164: "+12015550123" });
  });

  it("refuses digits from scripts the metadata cannot read, rather than dropping them", () => {
    expect(toE164("IN", "९८७६५ ४३२१०")).toEqual({ ok: false, reason: "invalid" });
  });

  it.each([
    ["US", "", "empty"],
    ["US", "   ", "empty"],
    ["US", "( ) -", "empty"],
    ["US", "+", "empty"],
    ["US", "1", "too_short"],
    ["US", "201 555", "too_short"],
    ["US", "+1", "too_short"],
    ["GB", "0740", "too_short"],
    ["GB", "020 7946 09588", "too_long"],
    ["US", "1".repeat(60), "too_long"],
    ["US", `(201) 555-0123${" ".repeat(46)}x`, "too_long"],
    ["US", "2015550123456789012", "too_long"],
    ["ZZ", "201 555 0123", "invalid_country"],
    ["", "201 555 0123", "invalid_country"],
    ["US", "+999 123 4567", "invalid_country"],
    ["US", "(555) 555-0123", "invalid"],
    ["GB", "07700 900123", "invalid"],
    ["US", "201-555-CALL", "invalid"],
    ["US", "1-800-FLOWERS", "invalid"],
    ["US", "201 555 0123 ext 4", "invalid"],
    ["US", "201 555 0123 #4", "invalid"],
    ["US", "201+555+0123", "invalid"],
    ["US", "tel:+12015550123", "invalid"],
    ["US", "😀 201 555 0123", "invalid"],
  ] as const)("%s %j is refused as %s", (country, raw, reason) => {
    expect(toE164(country, raw)).toEqual({ ok: false, reason });
  });

  it("accepts what the field shows, for every country's example mobile number", () => {
    let checked = 0;
    for (const { code } of getPhoneCountries()) {
      const example = getExampleNumber(code as CountryCode, examples);
      if (!example?.isValid()) continue;
      const national = formatPhoneAsTyped(code, example.formatNational());
      expect(toE164(code, national), `${code} ${national}`).toEqual({ ok: true, e164: example.number });
      const international = formatPhoneAsTyped(DEFAULT_PHONE_COUNTRY, example.number);
      expect(toE164(DEFAULT_PHONE_COUNTRY, international), `${code} ${international}`).toEqual({ ok: true, e164: example.number });
      checked++;
    }
    expect(checked).toBeGreaterThan(200);
  });
});

describe("phoneMessage", () => {
  const reasons: PhoneProblem[] = ["empty", "too_short", "too_long", "invalid_country", "invalid"];

  it("has its own short, plain sentence for every problem, saying what to do next", () => {
    const sentences = reasons.map(phoneMessage);
    expect(new Set(sentences).size).toBe(reasons.length);
    for (const sentence of sentences) {
      expect(sentence).toMatch(/^[A-Z].*\.$/);
      expect(sentence.length).toBeLessThan(110);
      expect(sentence).toMatch(/Please/);
      expect(sentence).not.toMatch(/E\.?164|invalid|libphonenumber|_/i);
    }
  });
});

describe("formatPhoneForReading", () => {
  it("shows a stored number with its spaces and brackets, never as bare E.164", () => {
    expect(formatPhoneForReading("+12015550178")).toBe("(201) 555-0178");
    expect(formatPhoneForReading("+447700900123")).toBe("+44 7700 900123");
    expect(formatPhoneForReading("+33612345678")).toBe("+33 6 12 34 56 78");
  });

  it("gives back what it cannot read", () => {
    expect(formatPhoneForReading("not a number")).toBe("not a number");
  });
});
