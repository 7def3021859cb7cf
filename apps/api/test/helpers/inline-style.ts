import type { Element } from 'domhandler';

/** An element's inline `style`, as a mail client reads it: each declaration's property and value, lower-cased. */
export const styleOf = (el: Element) =>
  Object.fromEntries(
    (el.attribs.style ?? '')
      .split(';')
      .map((d) => d.split(':').map((s) => s.trim().toLowerCase()))
      .filter((d) => d.length === 2 && d[0]),
  ) as Record<string, string>;
