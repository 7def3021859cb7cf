/**
 * A header's parsed value, remembered: browsers send a handful of distinct Accept-Language and
 * Accept-Encoding values, and a busy server would otherwise parse the same ones on every request. At
 * most `max` values of at most 256 characters are kept (a flood of made-up ones starts the list over).
 */
export function remembered<T>(parse: (header: string | undefined) => T, max = 200): (header: string | undefined) => T {
  const known = new Map<string | undefined, T>();
  return (header) => {
    let value = known.get(header);
    if (value !== undefined) return value;
    value = parse(header);
    if (header === undefined || header.length <= 256) {
      if (known.size >= max) known.clear();
      known.set(header, value);
    }
    return value;
  };
}
