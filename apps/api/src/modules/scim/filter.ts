import { ScimError } from './errors.js';

/**
 * SCIM filters (RFC 7644 §3.4.2.2) and PATCH paths (§3.5.2): parsed into a tree, then evaluated on
 * a resource as JSON. Attribute names are case-insensitive; a name may carry its schema's URN
 * (`urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department`). Precedence: `not`,
 * then `and`, then `or`; parentheses group. `emails[type eq "work"].value eq "x"` (what Entra ID
 * sends) is read as `emails[type eq "work" and value eq "x"]`.
 */
export type CompareOp = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'ge' | 'lt' | 'le';
export type Filter =
  | { op: 'and' | 'or'; left: Filter; right: Filter }
  | { op: 'not'; filter: Filter }
  | { op: 'pr'; path: string[] }
  | { op: CompareOp; path: string[]; value: string | number | boolean | null }
  | { op: 'has'; path: string[]; filter: Filter };

/** A PATCH path: an attribute (with its schema's URN), an optional filter on its values, an optional sub-attribute. */
export type PatchPath = { attribute: string[]; filter?: Filter; sub?: string };

const CORE_SCHEMA = /^urn:ietf:params:scim:schemas:core:2\.0:(User|Group)$/i;
const COMPARE = new Set(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le']);
const MAX_LENGTH = 2000;
const MAX_DEPTH = 20;

type Token = { kind: 'word' | 'string' | 'number' | '(' | ')' | '[' | ']'; text: string; value?: unknown };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i += 1;
    } else if ('()[]'.includes(c)) {
      tokens.push({ kind: c as Token['kind'], text: c });
      i += 1;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) throw new ScimError(400, 'invalidFilter', 'A string is not closed.');
      const raw = text.slice(i, j + 1);
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        throw new ScimError(400, 'invalidFilter', `${raw} is not a valid string.`);
      }
      tokens.push({ kind: 'string', text: raw, value });
      i = j + 1;
    } else {
      const match = /^[^\s()[\]"]+/.exec(text.slice(i));
      const word = match![0];
      // A path followed by "]." (emails[type eq "work"].value) is split at the dot by the parser.
      if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(word)) tokens.push({ kind: 'number', text: word, value: Number(word) });
      else tokens.push({ kind: 'word', text: word });
      i += word.length;
    }
  }
  return tokens;
}

/** `name.givenName` → ['name', 'givenName']; a URN prefix stays whole: `urn:…:User:manager.value` → ['urn:…:User', 'manager', 'value']. */
export function splitPath(text: string): string[] {
  if (!/^[A-Za-z$][\w:.$-]*$/.test(text)) throw new ScimError(400, 'invalidPath', `${text} is not an attribute path.`);
  if (text.toLowerCase().startsWith('urn:')) {
    const lastColon = text.lastIndexOf(':');
    const schema = text.slice(0, lastColon);
    const rest = text.slice(lastColon + 1);
    if (!rest) return [schema];
    // The core schemas' attributes are the resource's own (urn:…:core:2.0:User:userName is userName).
    if (CORE_SCHEMA.test(schema)) return rest.split('.');
    return [schema, ...rest.split('.')];
  }
  return text.split('.');
}

class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }
  private next(): Token {
    const token = this.tokens[this.at];
    if (!token) throw new ScimError(400, 'invalidFilter', 'The filter ends too early.');
    this.at += 1;
    return token;
  }
  private isWord(word: string): boolean {
    const token = this.peek();
    return token?.kind === 'word' && token.text.toLowerCase() === word;
  }

  done(): boolean {
    return this.at >= this.tokens.length;
  }

  or(depth: number): Filter {
    if (depth > MAX_DEPTH) throw new ScimError(400, 'invalidFilter', 'The filter is nested too deeply.');
    let left = this.and(depth);
    while (this.isWord('or')) {
      this.next();
      left = { op: 'or', left, right: this.and(depth) };
    }
    return left;
  }

  private and(depth: number): Filter {
    let left = this.unary(depth);
    while (this.isWord('and')) {
      this.next();
      left = { op: 'and', left, right: this.unary(depth) };
    }
    return left;
  }

  private unary(depth: number): Filter {
    if (this.isWord('not')) {
      this.next();
      if (this.peek()?.kind !== '(') throw new ScimError(400, 'invalidFilter', '"not" must be followed by "(".');
      return { op: 'not', filter: this.unary(depth + 1) };
    }
    if (this.peek()?.kind === '(') {
      this.next();
      const inner = this.or(depth + 1);
      if (this.next().kind !== ')') throw new ScimError(400, 'invalidFilter', 'A "(" is not closed.');
      return inner;
    }
    return this.attribute(depth);
  }

  private attribute(depth: number): Filter {
    const token = this.next();
    if (token.kind !== 'word') throw new ScimError(400, 'invalidFilter', `An attribute was expected, not ${token.text}.`);
    const path = splitPath(token.text);
    if (this.peek()?.kind === '[') {
      this.next();
      const inner = this.or(depth + 1);
      if (this.next().kind !== ']') throw new ScimError(400, 'invalidFilter', 'A "[" is not closed.');
      // emails[type eq "work"].value eq "x": the sub-attribute's comparison joins the value filter.
      const after = this.peek();
      if (after?.kind === 'word' && after.text.startsWith('.')) {
        this.next();
        const sub = this.comparison(splitPath(after.text.slice(1)));
        return { op: 'has', path, filter: { op: 'and', left: inner, right: sub } };
      }
      return { op: 'has', path, filter: inner };
    }
    return this.comparison(path);
  }

  private comparison(path: string[]): Filter {
    const operator = this.next();
    const op = operator.text.toLowerCase();
    if (operator.kind === 'word' && op === 'pr') return { op: 'pr', path };
    if (operator.kind !== 'word' || !COMPARE.has(op)) throw new ScimError(400, 'invalidFilter', `${operator.text} is not an operator.`);
    const value = this.next();
    if (value.kind === 'string' || value.kind === 'number') return { op: op as CompareOp, path, value: value.value as string | number };
    const word = value.text.toLowerCase();
    if (value.kind === 'word' && (word === 'true' || word === 'false')) return { op: op as CompareOp, path, value: word === 'true' };
    if (value.kind === 'word' && word === 'null') return { op: op as CompareOp, path, value: null };
    throw new ScimError(400, 'invalidFilter', `${value.text} is not a value (a quoted string, a number, true, false or null).`);
  }
}

export function parseFilter(text: string): Filter {
  if (text.length > MAX_LENGTH) throw new ScimError(400, 'invalidFilter', 'The filter is too long.');
  const parser = new Parser(tokenize(text));
  const filter = parser.or(0);
  if (!parser.done()) throw new ScimError(400, 'invalidFilter', 'The filter has more after its end.');
  return filter;
}

/** A PATCH operation's path: `title`, `name.givenName`, `emails[type eq "work"].value`, `members[value eq "…"]`, a URN-prefixed one. */
export function parsePatchPath(text: string): PatchPath {
  if (text.length > MAX_LENGTH) throw new ScimError(400, 'invalidPath', 'The path is too long.');
  const open = text.indexOf('[');
  if (open < 0) {
    const parts = splitPath(text.trim());
    if (parts.length > 1 && !parts[0]!.toLowerCase().startsWith('urn:')) return { attribute: [parts[0]!], sub: parts.slice(1).join('.') };
    if (parts.length > 2) return { attribute: parts.slice(0, 2), sub: parts.slice(2).join('.') };
    return { attribute: parts };
  }
  const close = text.lastIndexOf(']');
  if (close < open) throw new ScimError(400, 'invalidPath', 'A "[" is not closed.');
  const rest = text.slice(close + 1);
  if (rest && !/^\.[A-Za-z$][\w$-]*$/.test(rest)) throw new ScimError(400, 'invalidPath', `${rest} is not a sub-attribute.`);
  let filter: Filter;
  try {
    filter = parseFilter(text.slice(open + 1, close));
  } catch (error) {
    if (error instanceof ScimError) throw new ScimError(400, 'invalidPath', error.detail);
    throw error;
  }
  return { attribute: splitPath(text.slice(0, open).trim()), filter, ...(rest ? { sub: rest.slice(1) } : {}) };
}

type Json = unknown;

/** The value of `key` in an object, its name compared case-insensitively. */
export function member(object: Json, key: string): Json {
  if (!object || typeof object !== 'object' || Array.isArray(object)) return undefined;
  const lower = key.toLowerCase();
  for (const [k, v] of Object.entries(object)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

/** Every value a path reaches (a multi-valued attribute gives each of its values). */
export function valuesAt(resource: Json, path: readonly string[]): Json[] {
  let current: Json[] = [resource];
  for (const key of path) {
    const next: Json[] = [];
    for (const item of current) {
      const value = member(item, key);
      if (Array.isArray(value)) next.push(...(value as unknown[]));
      else if (value !== undefined && value !== null) next.push(value);
    }
    current = next;
  }
  return current;
}

/** Attributes compared exactly (RFC 7643: `caseExact` true); others ignore case. */
const CASE_EXACT = new Set(['id', 'externalid', 'value', '$ref']);

function compare(op: CompareOp, actual: Json, expected: string | number | boolean | null, exact: boolean): boolean {
  if (expected === null) return op === 'ne' ? actual !== null && actual !== undefined : actual === null || actual === undefined;
  if (typeof expected === 'boolean' || typeof actual === 'boolean') {
    if (op === 'eq') return actual === expected;
    if (op === 'ne') return actual !== expected;
    throw new ScimError(400, 'invalidFilter', `${op} does not compare true or false.`);
  }
  if (typeof expected === 'number' && typeof actual === 'number') {
    const table = {
      eq: actual === expected,
      ne: actual !== expected,
      gt: actual > expected,
      ge: actual >= expected,
      lt: actual < expected,
      le: actual <= expected,
    };
    if (op in table) return table[op as keyof typeof table];
    throw new ScimError(400, 'invalidFilter', `${op} does not compare numbers.`);
  }
  if (typeof actual !== 'string') return op === 'ne';
  const a = exact ? actual : actual.toLowerCase();
  const e = exact ? String(expected) : String(expected).toLowerCase();
  switch (op) {
    case 'eq':
      return a === e;
    case 'ne':
      return a !== e;
    case 'co':
      return a.includes(e);
    case 'sw':
      return a.startsWith(e);
    case 'ew':
      return a.endsWith(e);
    case 'gt':
      return a > e;
    case 'ge':
      return a >= e;
    case 'lt':
      return a < e;
    case 'le':
      return a <= e;
  }
}

/** Whether a resource (or a value of a multi-valued attribute, inside `[…]`) matches. */
export function matches(filter: Filter, resource: Json): boolean {
  switch (filter.op) {
    case 'and':
      return matches(filter.left, resource) && matches(filter.right, resource);
    case 'or':
      return matches(filter.left, resource) || matches(filter.right, resource);
    case 'not':
      return !matches(filter.filter, resource);
    case 'pr':
      return valuesAt(resource, filter.path).some((v) => v !== '' && !(Array.isArray(v) && v.length === 0));
    case 'has':
      return valuesAt(resource, filter.path).some((v) => matches(filter.filter, v));
    default: {
      const values = valuesAt(resource, filter.path);
      const last = filter.path[filter.path.length - 1]!.toLowerCase();
      const exact = CASE_EXACT.has(last);
      // A complex value compared directly (emails eq "x") compares its `value`.
      const plain = values.map((v) => (v && typeof v === 'object' ? member(v, 'value') : v));
      if (plain.length === 0) return compare(filter.op, undefined, filter.value, exact);
      return filter.op === 'ne'
        ? plain.every((v) => compare('ne', v, filter.value, exact))
        : plain.some((v) => compare(filter.op, v, filter.value, exact));
    }
  }
}
