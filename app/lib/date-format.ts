/**
 * Intl.DateTimeFormat objects, made once per locale and options and then reused (issue 25). Building
 * one costs far more than formatting with it (tens of microseconds against about one), and the
 * schedule formats two times for every class on every view. Formatters hold no one's data, only a
 * locale, a zone and a shape, so sharing them between requests is safe. A zone the runtime does not
 * know throws as before and is never kept; the map is bounded all the same.
 */
const MAX_FORMATTERS = 2_000;

/** One kept object per locale and options, made by `make` the first time (a bounded map per kind). */
function keptFormat<F, O>(kept: Map<string, F>, make: new (locale: string, options: O) => F, locale: string, options: O): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = kept.get(key);
  if (!format) {
    format = new make(locale, options);
    if (kept.size >= MAX_FORMATTERS) kept.delete(kept.keys().next().value as string);
    kept.set(key, format);
  }
  return format;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return keptFormat(dateFormats, Intl.DateTimeFormat, locale, options);
}

/** Intl.NumberFormat objects, kept the same way (prices on the settings and membership pages). */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return keptFormat(numberFormats, Intl.NumberFormat, locale, options);
}
