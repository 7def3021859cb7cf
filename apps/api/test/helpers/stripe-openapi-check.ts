import { readFileSync } from 'node:fs';

/**
 * Checks a request to Stripe's API against Stripe's published OpenAPI description (the copy trimmed
 * to the operations the app uses, test/fixtures/stripe-openapi/): the method and path must be an
 * operation of the description, every query and form parameter one it declares (nested
 * `a[b][0]=…` keys are walked into the declared objects and arrays), of its type and enum, and every
 * required one present. Answers the violations found, empty when the request is one Stripe accepts.
 */

type Schema = {
  type?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  required?: string[];
  maxLength?: number;
  $ref?: string;
};
type Parameter = { in: 'query' | 'path' | 'header'; name: string; required?: boolean; schema: Schema };
type Operation = {
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }>; required?: boolean };
};
type Description = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

/** A form decoded into a tree: `a[b][0]=x` → { a: { b: { 0: 'x' } } }. */
type FormNode = string | { [key: string]: FormNode };

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/stripe-openapi/${name}`, import.meta.url), 'utf8')) as unknown;
type Overlay = { operations: Record<string, { remove?: string[]; add?: Record<string, Schema> }> };

/**
 * Stripe's description with the overlay applied: the parameter changes between its API version and
 * the one the SDK pins, each quoted from the SDK's CHANGELOG (the fixture's README says why).
 */
function load(): Description {
  const spec = fixture('spec3.trimmed.json') as Description;
  for (const [operation, change] of Object.entries((fixture('sdk-api-version-overlay.json') as Overlay).operations)) {
    const [method, path] = operation.split(' ') as [string, string];
    const schema = spec.paths[path]?.[method]?.requestBody?.content['application/x-www-form-urlencoded']?.schema;
    if (!schema?.properties) throw new Error(`the overlay changes ${operation}, which the description lacks`);
    for (const name of change.remove ?? []) delete schema.properties[name];
    Object.assign(schema.properties, change.add ?? {});
  }
  return spec;
}
let loaded: Description | undefined;
const description = (): Description => (loaded ??= load());

/** The declared operations, for the stand-in to know which paths exist. */
export const describedOperations = () => description().paths;

export function decodeForm(body: string): { tree: Record<string, FormNode>; errors: string[] } {
  const tree: Record<string, FormNode> = {};
  const errors: string[] = [];
  for (const [key, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) {
      errors.push(`malformed parameter name ${key}`);
      continue;
    }
    const segments = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: Record<string, FormNode> = tree;
    segments.forEach((segment, i) => {
      // `a[]=x` appends to an array, as `a[n]=x` does.
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (i === segments.length - 1) {
        if (name in node) errors.push(`${key} given twice`);
        node[name] = value;
        return;
      }
      const next = node[name];
      if (typeof next === 'string') {
        errors.push(`${key} is both a value and an object`);
        return;
      }
      node = node[name] = next ?? {};
    });
  }
  return { tree, errors };
}

function resolve(schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const target = description().components.schemas[schema.$ref.replace('#/components/schemas/', '')];
  if (!target) throw new Error(`the description has no ${schema.$ref}`);
  return resolve(target);
}

/** The problems of `value` against `schema`, each naming the parameter. */
function check(schema: Schema, value: FormNode, name: string): string[] {
  const s = resolve(schema);
  if (s.anyOf) {
    const results = s.anyOf.map((alternative) => check(alternative, value, name));
    return results.some((r) => r.length === 0) ? [] : [`${name}: matches none of its forms (${results.map((r) => r[0]).join('; ')})`];
  }
  if (s.enum && !(typeof value === 'string' && s.enum.map(String).includes(value))) {
    return [`${name}: ${JSON.stringify(value)} is not one of ${s.enum.map((v) => JSON.stringify(v)).join(', ')}`];
  }
  const type = s.type ?? (s.properties ? 'object' : undefined);
  switch (type) {
    case 'object': {
      if (typeof value === 'string') return [`${name}: an object was expected`];
      const problems: string[] = [];
      for (const [key, child] of Object.entries(value)) {
        const declared = s.properties?.[key];
        if (declared) problems.push(...check(declared, child, `${name}[${key}]`));
        else if (s.additionalProperties && typeof s.additionalProperties === 'object')
          problems.push(...check(s.additionalProperties, child, `${name}[${key}]`));
        else if (s.additionalProperties !== true) problems.push(`${name}[${key}]: not a parameter of this object`);
      }
      for (const required of s.required ?? []) if (!(required in value)) problems.push(`${name}[${required}]: required`);
      return problems;
    }
    case 'array': {
      if (typeof value === 'string') return [`${name}: a list was expected`];
      const problems: string[] = [];
      Object.entries(value).forEach(([index, item], i) => {
        if (index !== String(i)) problems.push(`${name}[${index}]: list indices must count from 0`);
        if (s.items) problems.push(...check(s.items, item, `${name}[${index}]`));
      });
      return problems;
    }
    case 'string':
      if (typeof value !== 'string') return [`${name}: a string was expected`];
      return s.maxLength !== undefined && value.length > s.maxLength ? [`${name}: longer than ${s.maxLength}`] : [];
    case 'integer':
      return typeof value === 'string' && /^-?\d+$/.test(value) ? [] : [`${name}: an integer was expected`];
    case 'number':
      return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? [] : [`${name}: a number was expected`];
    case 'boolean':
      return value === 'true' || value === 'false' ? [] : [`${name}: true or false was expected`];
    default:
      return [];
  }
}

function checkTop(properties: Record<string, Schema>, required: string[], tree: Record<string, FormNode>): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(tree)) {
    const schema = properties[key];
    if (!schema) problems.push(`${key}: not a parameter of this operation`);
    else problems.push(...check(schema, value, key));
  }
  for (const key of required) if (!(key in tree)) problems.push(`${key}: required`);
  return problems;
}

/** The operation `method path` matches (path templates such as `/v1/customers/{customer}`), with its path parameters. */
export function findOperation(
  method: string,
  path: string,
): { template: string; params: Record<string, string>; operation: Operation } | null {
  for (const [template, methods] of Object.entries(description().paths)) {
    const names: string[] = [];
    const pattern = new RegExp(
      `^${template.replace(/\{([^}]+)\}/g, (_m, n: string) => {
        names.push(n);
        return '([^/]+)';
      })}$`,
    );
    const match = pattern.exec(path);
    const operation = methods[method.toLowerCase()];
    if (match && operation)
      return { template, operation, params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)])) };
  }
  return null;
}

/** The violations of one request (empty: Stripe's description accepts it). */
export function openApiViolations(method: string, path: string, query: string, body: string, contentType: string | undefined): string[] {
  const found = findOperation(method, path);
  if (!found) return [`${method} ${path}: no such operation in Stripe's description`];
  const { operation } = found;
  const where = `${method} ${found.template}`;
  const problems: string[] = [];

  const queryForm = decodeForm(query);
  problems.push(...queryForm.errors);
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  problems.push(
    ...checkTop(
      Object.fromEntries(queryParameters.map((p) => [p.name, p.schema])),
      queryParameters.filter((p) => p.required).map((p) => p.name),
      queryForm.tree,
    ),
  );

  const form = decodeForm(body);
  problems.push(...form.errors);
  const bodySchema = operation.requestBody?.content['application/x-www-form-urlencoded']?.schema;
  if (body !== '' && contentType && !contentType.startsWith('application/x-www-form-urlencoded'))
    problems.push(`Content-Type ${contentType}: Stripe takes application/x-www-form-urlencoded`);
  if (bodySchema) {
    const s = resolve(bodySchema);
    problems.push(...checkTop(s.properties ?? {}, s.required ?? [], form.tree));
  } else if (body !== '') problems.push('a body where the operation takes none');
  return problems.map((p) => `${where}: ${p}`);
}
