/**
 * A strict reader of Prometheus' text exposition format 0.0.4 (prometheus.io/docs/instrumenting/exposition_formats),
 * written from the format's description, not from prom-client's code: any line that breaks its
 * grammar throws, naming the line. No parser of the format is installed, so the tests check with this one.
 */
export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Family = { name: string; type: string; help: string | undefined; samples: Sample[] };

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const FLOAT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A value as Go's ParseFloat reads it (the format says so): a decimal, or NaN and infinities in any
 * case (prom-client writes `Nan` for a mean with no sample yet, which Prometheus reads as NaN).
 */
function parseValue(text: string, where: string): number {
  const word = text.toLowerCase();
  if (word === 'nan') return NaN;
  if (['inf', '+inf', 'infinity', '+infinity'].includes(word)) return Infinity;
  if (word === '-inf' || word === '-infinity') return -Infinity;
  if (!FLOAT.test(text)) throw new Error(`${where}: "${text}" is not a value`);
  return Number(text);
}

/** `{a="x",b="y"}` from `start` (the `{`): the labels and the index after the `}`. */
function parseLabels(line: string, start: number, where: string): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = start + 1;
  for (;;) {
    if (line[i] === '}') return { labels, end: i + 1 };
    const eq = line.indexOf('=', i);
    if (eq < 0) throw new Error(`${where}: a label without "="`);
    const name = line.slice(i, eq).trim();
    if (!LABEL_NAME.test(name) || name.startsWith('__')) throw new Error(`${where}: bad label name "${name}"`);
    if (name in labels) throw new Error(`${where}: label ${name} twice`);
    if (line[eq + 1] !== '"') throw new Error(`${where}: label ${name}'s value is not quoted`);
    let value = '';
    let j = eq + 2;
    for (;;) {
      const c = line[j];
      if (c === undefined) throw new Error(`${where}: label ${name}'s value does not end`);
      if (c === '"') break;
      if (c === '\\') {
        const next = line[j + 1];
        if (next === '\\' || next === '"') value += next;
        else if (next === 'n') value += '\n';
        else throw new Error(`${where}: bad escape \\${next ?? ''} in label ${name}`);
        j += 2;
      } else {
        value += c;
        j += 1;
      }
    }
    labels[name] = value;
    i = j + 1;
    if (line[i] === ',') i += 1;
    else if (line[i] !== '}') throw new Error(`${where}: expected "," or "}" after label ${name}`);
  }
}

/** The family a sample belongs to: a histogram's or summary's `_bucket`, `_sum`, `_count` belong to their base name. */
function familyOf(sample: string, families: Map<string, Family>): Family | undefined {
  const exact = families.get(sample);
  if (exact) return exact;
  const base = /^(.*)_(bucket|sum|count)$/.exec(sample);
  const family = base ? families.get(base[1]!) : undefined;
  if (!family || (family.type !== 'histogram' && family.type !== 'summary')) return undefined;
  if (base![2] === 'bucket' && family.type !== 'histogram') return undefined;
  return family;
}

function checkHistogram(family: Family): void {
  const series = new Map<string, { buckets: [number, number][]; count?: number }>();
  for (const s of family.samples) {
    const { le, ...rest } = s.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const entry = series.get(key) ?? { buckets: [] };
    series.set(key, entry);
    if (s.name === `${family.name}_bucket`) {
      if (le === undefined) throw new Error(`${family.name}: a bucket without le`);
      entry.buckets.push([parseValue(le, `${family.name} le`), s.value]);
    } else if (s.name === `${family.name}_count`) entry.count = s.value;
  }
  for (const [key, { buckets, count }] of series) {
    const last = buckets.at(-1);
    if (!last || last[0] !== Infinity) throw new Error(`${family.name} ${key}: no +Inf bucket`);
    if (last[1] !== count) throw new Error(`${family.name} ${key}: the +Inf bucket is not the count`);
    for (let i = 1; i < buckets.length; i += 1)
      if (buckets[i]![0] <= buckets[i - 1]![0] || buckets[i]![1] < buckets[i - 1]![1])
        throw new Error(`${family.name} ${key}: buckets not increasing`);
  }
}

/** Every family by name; throws at the first line that is not the format. */
export function parsePrometheusText(text: string): Map<string, Family> {
  if (!text.endsWith('\n')) throw new Error('the text does not end with a line feed');
  const families = new Map<string, Family>();
  const seen = new Set<string>();
  const lines = text.slice(0, -1).split('\n');
  for (const [index, line] of lines.entries()) {
    const where = `line ${index + 1} (${line.slice(0, 80)})`;
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const meta = /^#\s+(HELP|TYPE)\s+(\S+)(?:\s(.*))?$/.exec(line);
      if (!meta) continue; // a comment
      const [, kind, name, rest = ''] = meta;
      if (!METRIC_NAME.test(name!)) throw new Error(`${where}: bad metric name`);
      const family = families.get(name!) ?? { name: name!, type: 'untyped', help: undefined, samples: [] };
      if (kind === 'TYPE') {
        if (!TYPES.has(rest)) throw new Error(`${where}: unknown type "${rest}"`);
        if (family.samples.length > 0 || seen.has(`TYPE ${name}`)) throw new Error(`${where}: TYPE after samples or twice`);
        seen.add(`TYPE ${name}`);
        family.type = rest;
      } else {
        if (family.help !== undefined) throw new Error(`${where}: HELP twice`);
        if (/\\[^\\n]/.test(rest.replace(/\\\\/g, ''))) throw new Error(`${where}: bad escape in HELP`);
        family.help = rest;
      }
      families.set(name!, family);
      continue;
    }
    const nameEnd = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line)?.[0].length ?? 0;
    if (nameEnd === 0) throw new Error(`${where}: no metric name`);
    const name = line.slice(0, nameEnd);
    let rest = nameEnd;
    let labels: Record<string, string> = {};
    if (line[rest] === '{') ({ labels, end: rest } = parseLabels(line, rest, where));
    const fields = line.slice(rest).trim().split(/\s+/);
    if (!/^\s/.test(line.slice(rest)) || fields.length < 1 || fields.length > 2)
      throw new Error(`${where}: expected a value and an optional timestamp`);
    const value = parseValue(fields[0]!, where);
    if (fields[1] !== undefined && !/^-?\d+$/.test(fields[1])) throw new Error(`${where}: bad timestamp`);
    const family = familyOf(name, families) ?? families.get(name) ?? { name, type: 'untyped', help: undefined, samples: [] };
    families.set(family.name, family);
    const key = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    if (seen.has(key)) throw new Error(`${where}: the same series twice`);
    seen.add(key);
    family.samples.push({ name, labels, value });
  }
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family);
  return families;
}

/** The value of the one sample named `name` whose labels include `labels` (undefined: none). */
export function sampleValue(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const family of families.values())
    for (const s of family.samples) if (s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)) return s.value;
  return undefined;
}
