/**
 * Intl.DateTimeFormat objects, made once per locale and options and then reused (issue 25). Building
 * one costs far more than formatting with it (tens of microseconds against about one), and the
 * schedule formats two times for every class on every view. Formatters hold no one's data, only a
 * locale, a zone and a shape, so sharing them between requests is safe. A zone the runtime does not
 * know throws as before and is never kept; the map is bounded all the same.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 2_000;

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    if (formatters.size >= MAX_FORMATTERS) formatters.delete(formatters.keys().next().value as string);
    formatters.set(key, format);
  }
  return format;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Intl.NumberFormat objects, kept the same way (prices on the settings and membership pages). */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    if (numberFormats.size >= MAX_FORMATTERS) numberFormats.delete(numberFormats.keys().next().value as string);
    numberFormats.set(key, format);
  }
  return format;
}
