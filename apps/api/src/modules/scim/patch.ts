import { ScimError } from './errors.js';
import { matches, member, parsePatchPath, type Filter, type PatchPath } from './filter.js';

export const PATCH_OP_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const MAX_OPERATIONS = 1000;

type Json = Record<string, unknown>;
export type PatchOperation = { op: 'add' | 'replace' | 'remove'; path?: string; value?: unknown };

const isObject = (value: unknown): value is Json => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/**
 * A PatchOp message (RFC 7644 §3.5.2), as the identity providers send it: Entra ID writes the
 * operation capitalized ("Replace") and `Operations` as the RFC does; Okta sends `replace` with a
 * value object and no path. Anything else is 400 invalidSyntax.
 */
export function readPatch(body: unknown): PatchOperation[] {
  if (!isObject(body)) throw new ScimError(400, 'invalidSyntax', 'The body must be a PatchOp message.');
  const schemas = member(body, 'schemas');
  if (!Array.isArray(schemas) || !schemas.includes(PATCH_OP_SCHEMA))
    throw new ScimError(400, 'invalidSyntax', `schemas must include ${PATCH_OP_SCHEMA}.`);
  const operations = member(body, 'Operations');
  if (!Array.isArray(operations) || operations.length === 0)
    throw new ScimError(400, 'invalidSyntax', 'Operations must be a list of operations.');
  if (operations.length > MAX_OPERATIONS) throw new ScimError(400, 'invalidSyntax', `At most ${MAX_OPERATIONS} operations.`);
  return operations.map((raw, index) => {
    if (!isObject(raw)) throw new ScimError(400, 'invalidSyntax', `Operation ${index + 1} is not an object.`);
    const given = member(raw, 'op');
    const op = typeof given === 'string' ? given.toLowerCase() : '';
    if (op !== 'add' && op !== 'replace' && op !== 'remove')
      throw new ScimError(400, 'invalidSyntax', `Operation ${index + 1}: op must be add, replace or remove.`);
    const path = member(raw, 'path');
    if (path !== undefined && (typeof path !== 'string' || path.trim() === ''))
      throw new ScimError(400, 'invalidPath', `Operation ${index + 1}: path must be a string.`);
    const value = member(raw, 'value');
    if (op !== 'remove' && value === undefined) throw new ScimError(400, 'invalidValue', `Operation ${index + 1}: ${op} needs a value.`);
    return { op, ...(typeof path === 'string' ? { path: path.trim() } : {}), ...(value !== undefined ? { value } : {}) };
  });
}

/** The key of `object` named `name` whatever its case, or `name` itself. */
function keyOf(object: Json, name: string): string {
  const lower = name.toLowerCase();
  return Object.keys(object).find((k) => k.toLowerCase() === lower) ?? name;
}

/** The object an attribute lives in: the resource, or its schema extension's object for a URN path. */
function container(resource: Json, attribute: string[], create: boolean): { parent: Json; name: string } | null {
  if (attribute.length === 1) return { parent: resource, name: attribute[0]! };
  const urnKey = keyOf(resource, attribute[0]!);
  let extension = resource[urnKey];
  if (!isObject(extension)) {
    if (!create) return null;
    extension = {};
    resource[urnKey] = extension;
  }
  return { parent: extension as Json, name: attribute[1]! };
}

function sameValue(a: unknown, b: unknown): boolean {
  const va = isObject(a) ? member(a, 'value') : a;
  const vb = isObject(b) ? member(b, 'value') : b;
  return va !== undefined && JSON.stringify(va) === JSON.stringify(vb);
}

/** `[type eq "work"]` → the value a new element gets so it matches (only for a plain equality). */
function seedOf(filter: Filter): Json | null {
  if (filter.op === 'eq' && filter.path.length === 1) return { [filter.path[0]!]: filter.value };
  if (filter.op === 'and') {
    const left = seedOf(filter.left);
    const right = seedOf(filter.right);
    return left && right ? { ...left, ...right } : null;
  }
  return null;
}

function setValue(target: Json, name: string, value: unknown, op: 'add' | 'replace', multiValued: ReadonlySet<string>): void {
  const key = keyOf(target, name);
  const current = target[key];
  const isMulti = Array.isArray(current) || multiValued.has(name.toLowerCase());
  if (op === 'add' && isMulti) {
    const list = Array.isArray(current) ? [...(current as unknown[])] : [];
    for (const item of [value].flat()) if (!list.some((existing) => sameValue(existing, item))) list.push(item);
    target[key] = list;
  } else if (op === 'add' && isObject(current) && isObject(value)) {
    target[key] = { ...current, ...value };
  } else {
    target[key] = isMulti && !Array.isArray(value) && value !== null ? [value] : value;
  }
}

function applyFiltered(parent: Json, name: string, path: PatchPath & { filter: Filter }, operation: PatchOperation): void {
  const key = keyOf(parent, name);
  const list = Array.isArray(parent[key]) ? [...(parent[key] as unknown[])] : [];
  const hits = list.map((item, index) => (matches(path.filter, item) ? index : -1)).filter((i) => i >= 0);
  if (operation.op === 'remove') {
    if (path.sub) for (const i of hits) delete (list[i] as Json)[keyOf(list[i] as Json, path.sub)];
    parent[key] = path.sub ? list : list.filter((_, i) => !hits.includes(i));
    return;
  }
  if (hits.length === 0) {
    // Entra ID replaces `emails[type eq "work"].value` on a user with no work email yet: the element is made.
    const seed = seedOf(path.filter);
    if (!seed) throw new ScimError(400, 'noTarget', `No value of ${name} matches the path's filter.`);
    list.push(path.sub ? { ...seed, [path.sub]: operation.value } : { ...seed, ...(isObject(operation.value) ? operation.value : {}) });
  } else {
    for (const i of hits) {
      const item = list[i] as Json;
      if (path.sub) item[keyOf(item, path.sub)] = operation.value;
      else list[i] = isObject(operation.value) ? { ...item, ...operation.value } : operation.value;
    }
  }
  parent[key] = list;
}

function applyOne(resource: Json, operation: PatchOperation, multiValued: ReadonlySet<string>): void {
  if (!operation.path) {
    if (operation.op === 'remove') throw new ScimError(400, 'noTarget', 'remove needs a path.');
    if (!isObject(operation.value))
      throw new ScimError(400, 'invalidValue', `${operation.op} without a path needs an object as its value.`);
    // Each attribute of the value as its own operation (Entra ID names some with a path: "name.givenName", a URN-prefixed one).
    for (const [name, value] of Object.entries(operation.value)) {
      if (SCHEMA_URN.test(name) && isObject(value)) {
        for (const [inner, innerValue] of Object.entries(value))
          applyOne(resource, { op: operation.op, path: `${name}:${inner}`, value: innerValue }, multiValued);
      } else applyOne(resource, { op: operation.op, path: name, value }, multiValued);
    }
    return;
  }
  const path = parsePatchPath(operation.path);
  const place = container(resource, path.attribute, operation.op !== 'remove');
  if (!place) return;
  const { parent, name } = place;
  if (path.filter) return applyFiltered(parent, name, { ...path, filter: path.filter }, operation);
  const key = keyOf(parent, name);
  if (path.sub) {
    if (operation.op === 'remove') {
      if (isObject(parent[key])) delete parent[key][keyOf(parent[key], path.sub)];
      return;
    }
    const inner = isObject(parent[key]) ? parent[key] : {};
    inner[keyOf(inner, path.sub)] = operation.value;
    parent[key] = inner;
    return;
  }
  if (operation.op === 'remove') {
    // Entra ID removes group members with a value list: those values only.
    if (Array.isArray(parent[key]) && Array.isArray(operation.value))
      parent[key] = (parent[key] as unknown[]).filter((item) => !(operation.value as unknown[]).some((gone) => sameValue(item, gone)));
    else delete parent[key];
    return;
  }
  setValue(parent, name, operation.value, operation.op, multiValued);
}

/** A schema's URN (`…:enterprise:2.0:User`), not one of its attributes' (`…:2.0:User:department`). */
const SCHEMA_URN = /^urn:ietf:params:scim:schemas:(core|extension:\w+):2\.0:\w+$/i;

/** The resource after the operations, in order (a copy; the input is not changed). Multi-valued attributes are named in `multiValued` (lower case). */
export function applyPatch(resource: Json, operations: PatchOperation[], multiValued: ReadonlySet<string>): Json {
  const copy = structuredClone(resource);
  for (const operation of operations) applyOne(copy, operation, multiValued);
  return copy;
}
