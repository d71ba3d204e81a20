/**
 * Phone numbers for sign-in by text message: the country list, the display masks, and the check that
 * turns what a person typed into E.164. Browser-safe, so the field and the action share one rule.
 *
 * "min" metadata: about 29 kB gzipped in the browser against about 50 kB for "max". Its isValid() still
 * checks each country's number pattern and lengths (it refuses a 555 area code or the UK's
 * 07700 900xxx drama range); "max" would also refuse a few impossible prefixes within a valid range,
 * which the identity provider refuses anyway when it tries to send the code.
 */
import {
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parseIncompletePhoneNumber,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
} from "libphonenumber-js/min";
import { followEdit, maskRun, type MaskEdit, type MaskRun } from "~/lib/forms/text-mask";

export const DEFAULT_PHONE_COUNTRY = "US";

/** Longer than any number with its spaces, brackets and "+44 (0)" flourishes; anything past it is not a phone number. */
export const PHONE_INPUT_MAX_LENGTH = 40;

// E.164 allows 15 digits; two more leave room for a trunk "0" or an international "00" typed nationally.
const MAX_DIGITS = 17;

export interface PhoneCountry {
  /** ISO 3166 code, the value the form posts. */
  code: string;
  /** Without the "+". */
  callingCode: string;
  name: string;
  /** What the select shows: "United Kingdom (+44)". */
  label: string;
}

export type PhoneProblem = "empty" | "too_short" | "too_long" | "invalid_country" | "invalid";

export type PhoneResult = { ok: true; e164: string } | { ok: false; reason: PhoneProblem };

type MaskRule = readonly [startsWith: RegExp, mask: string];

const ANY = /(?:)/;

// People sign in by text message, so each mask follows the country's mobile format first. Rules are
// tried in order on the digits typed so far; the first that matches and has room wins. Rules for
// numbers with and without the trunk "0" let a person type either.
const NANP: readonly MaskRule[] = [
  [/^1/, "# (###) ###-####"],
  [ANY, "(###) ###-####"],
];

const GENERIC: readonly MaskRule[] = [[ANY, "### ### ### ### ### ##"]];

/** Display masks (§5 syntax) for the countries we know well; others share their calling code's or group digits. */
export const PHONE_MASKS: Readonly<Record<string, readonly MaskRule[]>> = {
  US: NANP,
  CA: NANP,
  GB: [
    [/^02/, "### #### ####"],
    [/^0/, "##### ######"],
    [/^2/, "## #### ####"],
    [ANY, "#### ######"],
  ],
  IE: [
    [/^01/, "## ### ####"],
    [/^0/, "### ### ####"],
    [/^1/, "# ### ####"],
    [ANY, "## ### ####"],
  ],
  AU: [
    [/^04/, "#### ### ###"],
    [/^0/, "## #### ####"],
    [/^4/, "### ### ###"],
    [ANY, "# #### ####"],
  ],
  NZ: [
    [/^02/, "### ### ####"],
    [/^0/, "## ### ####"],
    [/^2/, "## ### ####"],
    [ANY, "# ### ####"],
  ],
  DE: [
    [/^01/, "#### ########"],
    [/^0/, "### ########"],
    [/^1/, "### ########"],
    [ANY, "## ########"],
  ],
  FR: [
    [/^0/, "## ## ## ## ##"],
    [ANY, "# ## ## ## ##"],
  ],
  ES: [[ANY, "### ## ## ##"]],
  IT: [
    [/^0/, "## #### ####"],
    [ANY, "### ### ####"],
  ],
  NL: [
    [/^06/, "## ########"],
    [/^0/, "### ### ####"],
    [/^6/, "# ########"],
    [ANY, "## ### ####"],
  ],
  IN: [
    [/^0/, "###### #####"],
    [ANY, "##### #####"],
  ],
  JP: [
    [/^0[5789]0/, "###-####-####"],
    [/^0/, "##-####-####"],
    [/^[5789]0/, "##-####-####"],
    [ANY, "#-####-####"],
  ],
  BR: [
    [/^\d\d9/, "(##) #####-####"],
    [ANY, "(##) ####-####"],
  ],
  MX: [
    [/^(?:33|55|56|81)/, "## #### ####"],
    [ANY, "### ### ####"],
  ],
  ZA: [
    [/^0/, "### ### ####"],
    [ANY, "## ### ####"],
  ],
  SE: [
    [/^08/, "##-### ### ##"],
    [/^0/, "###-### ## ##"],
    [/^8/, "#-### ### ##"],
    [ANY, "##-### ## ##"],
  ],
};

let countries: readonly PhoneCountry[] | undefined;
let masksByCallingCode: Map<string, readonly MaskRule[]> | undefined;
let callingCodes: Set<string> | undefined;

/** Every country the metadata knows, named in English and sorted by name, for the country select. */
export function getPhoneCountries(): readonly PhoneCountry[] {
  if (countries) return countries;
  const names = typeof Intl.DisplayNames === "function" ? new Intl.DisplayNames(["en"], { type: "region" }) : null;
  const collator = new Intl.Collator("en");
  countries = getCountries()
    .map((code) => {
      const callingCode = getCountryCallingCode(code);
      const name = regionName(names, code);
      return { code, callingCode, name, label: `${name} (+${callingCode})` };
    })
    .sort((a, b) => collator.compare(a.name, b.name));
  return countries;
}

/** True for an ISO code the phone metadata knows; the select's value is checked with this on the server. */
export function isPhoneCountry(code: string): boolean {
  return isSupportedCountry(code);
}

/** The mask for a country and the digits typed so far, falling back to plain groups of digits. */
export function phoneMaskFor(country: string, digits: string): string {
  return pickMask(rulesFor(country.toUpperCase()), digits);
}

/** What the field shows as the person types: national format for the chosen country, or "+code …" for a number typed with a "+". */
export function formatPhoneAsTyped(country: string, raw: string): string {
  return phoneRun(country, raw).value;
}

/** Formats the field after an edit, keeping the caret beside the same digits (see followEdit). */
export function followPhoneEdit(country: string, previous: string, edit: MaskEdit, deletion?: "backward" | "forward"): MaskEdit {
  return followEdit((raw) => phoneRun(country, raw), previous, edit, deletion);
}

/**
 * The number in E.164 ("+442079460958"), or why it cannot be used. A number typed with a leading "+"
 * is read as international whatever country is chosen.
 */
export function toE164(country: string, raw: string): PhoneResult {
  const text = raw.normalize("NFKC").trim();
  if (text === "") return { ok: false, reason: "empty" };
  if (text.length > PHONE_INPUT_MAX_LENGTH) return { ok: false, reason: "too_long" };
  // Digits and the separators people type between them; letters, "#", "*" and extensions are not a number we can text.
  if (!/^\+?[\p{Nd}\s\p{Pd}.()/]*$/u.test(text)) return { ok: false, reason: "invalid" };
  const parsed = parseIncompletePhoneNumber(text);
  const international = parsed.startsWith("+");
  const digits = international ? parsed.slice(1) : parsed;
  // A digit from a script the metadata cannot read would otherwise vanish and leave a different number.
  if (digits.length !== (text.match(/\p{Nd}/gu) ?? []).length) return { ok: false, reason: "invalid" };
  if (digits.length === 0) return { ok: false, reason: "empty" };
  if (digits.length > MAX_DIGITS) return { ok: false, reason: "too_long" };

  const code = country.trim().toUpperCase();
  const defaultCountry = isSupportedCountry(code) ? code : undefined;
  if (!international && !defaultCountry) return { ok: false, reason: "invalid_country" };

  switch (validatePhoneNumberLength(text, defaultCountry)) {
    case "TOO_SHORT":
      return { ok: false, reason: "too_short" };
    case "TOO_LONG":
      return { ok: false, reason: "too_long" };
    case "INVALID_COUNTRY":
      return { ok: false, reason: "invalid_country" };
    case "NOT_A_NUMBER":
    case "INVALID_LENGTH":
      return { ok: false, reason: "invalid" };
  }
  const phone = parsePhoneNumberFromString(text, { defaultCountry, extract: false });
  if (!phone || !phone.isValid()) return { ok: false, reason: "invalid" };
  return { ok: true, e164: phone.number };
}

const PHONE_MESSAGES: Record<PhoneProblem, string> = {
  empty: "Please enter your phone number.",
  too_short: "That number looks a digit or two short. Please check it.",
  too_long: "That number looks a little long. Please check it.",
  invalid_country: "We don't recognise that country code. Please choose your country from the list and try again.",
  invalid: "That doesn't look like a number we can text. Please check the number and the country.",
};

/** The sentence shown beside the field for each problem. */
export function phoneMessage(reason: PhoneProblem): string {
  return PHONE_MESSAGES[reason];
}

function regionName(names: Intl.DisplayNames | null, code: string): string {
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}

function rulesFor(country: string): readonly MaskRule[] {
  const own = PHONE_MASKS[country];
  if (own) return own;
  if (!isSupportedCountry(country)) return GENERIC;
  // Territories share their neighbour's numbering plan: Jersey dials like the UK, Jamaica like the US.
  return maskRulesForCallingCode(getCountryCallingCode(country));
}

function maskRulesForCallingCode(callingCode: string): readonly MaskRule[] {
  if (!masksByCallingCode) {
    masksByCallingCode = new Map();
    for (const [country, rules] of Object.entries(PHONE_MASKS)) {
      const code = getCountryCallingCode(country as Parameters<typeof getCountryCallingCode>[0]);
      if (!masksByCallingCode.has(code)) masksByCallingCode.set(code, rules);
    }
  }
  return masksByCallingCode.get(callingCode) ?? GENERIC;
}

function pickMask(rules: readonly MaskRule[], digits: string): string {
  for (const [startsWith, mask] of rules) {
    if (startsWith.test(digits) && slotCount(mask) >= digits.length) return mask;
  }
  // Never cut off digits a person typed: an unexpected length falls back to plain groups.
  return GENERIC[0][1];
}

function slotCount(mask: string): number {
  return mask.split("#").length - 1;
}

/** The calling code at the start of international digits; codes are prefix-free, so the first match is the one. */
function callingCodeOf(digits: string): string | null {
  if (!callingCodes) callingCodes = new Set(getCountries().map((code) => getCountryCallingCode(code)));
  for (let length = 1; length <= 3 && length <= digits.length; length++) {
    const candidate = digits.slice(0, length);
    if (callingCodes.has(candidate)) return candidate;
  }
  return digits.length >= 3 ? digits.slice(0, 3) : null;
}

/**
 * Masks the digits (and a leading "+") of what was typed, then reports each slot's source in the raw
 * text, so the caret can follow the digits however many spaces or brackets surround them.
 */
function phoneRun(country: string, raw: string): MaskRun {
  let plus: number | null = null;
  const sources: number[] = [];
  let digits = "";
  for (let index = 0; index < raw.length && digits.length < MAX_DIGITS;) {
    const char = String.fromCodePoint(raw.codePointAt(index) ?? 0);
    // NFKC reads a full-width "＋"; parseIncompletePhoneNumber reads full-width and Arabic-Indic digits.
    const read = parseIncompletePhoneNumber(char.normalize("NFKC"));
    if (read === "+") {
      if (plus === null && digits === "") plus = index;
    } else if (read.length === 1) {
      digits += read;
      sources.push(index);
    }
    index += char.length;
  }

  let mask: string;
  if (plus !== null) {
    const callingCode = callingCodeOf(digits);
    mask = callingCode
      ? `X${"#".repeat(callingCode.length)} ${pickMask(maskRulesForCallingCode(callingCode), digits.slice(callingCode.length))}`
      : "X###";
  } else {
    mask = phoneMaskFor(country, digits);
  }
  const run = maskRun(mask, plus !== null ? `+${digits}` : digits);
  const origin = plus !== null ? [plus, ...sources] : sources;
  return { value: run.value, filled: run.filled.map((slot) => ({ ...slot, source: origin[slot.source] })) };
}
