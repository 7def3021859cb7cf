import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

/**
 * Checks requests against a vendor's API description (an OpenAPI 3 document; the CRM stand-ins' are
 * transcribed by hand in test/fixtures/crm/, each with its PROVENANCE.md): the method and path must be an
 * operation of the description, every path and query parameter one it declares, of its schema, the
 * required ones present, and the JSON or form body valid against the operation's request schema
 * (ajv, every error). Answers the operation and the violations, empty when the vendor would take it.
 */

type Schema = Record<string, unknown>;
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: Schema };
type Operation = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
type Description = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export type CheckedRequest = { method: string; path: string; query: URLSearchParams; contentType: string | undefined; body: string };
export type Check = { operation: string | null; params: Record<string, string>; violations: string[] };

export function openApiChecker(file: URL) {
  const description = JSON.parse(readFileSync(file, 'utf8')) as Description;
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  // Integer widths named as formats (int32, int64) are integers already checked by `type`.
  ajv.addFormat('int32', true).addFormat('int64', true);
  ajv.addSchema({ components: description.components ?? {} }, 'doc');
  const compiled = new Map<Schema, ValidateFunction>();
  const validatorOf = (schema: Schema) => {
    let validate = compiled.get(schema);
    if (!validate) {
      // Local references point into the description's components.
      const rooted = JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"doc#/components/')) as Schema;
      validate = ajv.compile(rooted);
      compiled.set(schema, validate);
    }
    return validate;
  };
  const errorsOf = (schema: Schema, value: unknown, where: string) => {
    const validate = validatorOf(schema);
    return validate(value)
      ? []
      : (validate.errors ?? []).map((e) => `${where}${e.instancePath} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
  };
  const templates = Object.keys(description.paths).map((template) => {
    const names: string[] = [];
    const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { template, names, regex: new RegExp(`^${pattern}$`) };
  });

  return {
    check(request: CheckedRequest): Check {
      const method = request.method.toLowerCase();
      for (const { template, names, regex } of templates) {
        const match = regex.exec(request.path);
        const operation = match ? description.paths[template]?.[method] : undefined;
        if (!match || !operation) continue;
        const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
        const violations: string[] = [];
        const declared = operation.parameters ?? [];
        for (const p of declared) {
          const value = p.in === 'path' ? params[p.name] : p.in === 'query' ? request.query.get(p.name) : undefined;
          if (p.in === 'header') continue;
          if (value === undefined || value === null) {
            if (p.required) violations.push(`${p.in} parameter ${p.name} is required`);
            continue;
          }
          if (p.schema) violations.push(...errorsOf(p.schema, value, `${p.in} ${p.name}`));
        }
        for (const name of request.query.keys())
          if (!declared.some((p) => p.in === 'query' && p.name === name)) violations.push(`query parameter ${name} is not declared`);
        violations.push(...bodyViolations(operation, request, errorsOf));
        return { operation: `${method.toUpperCase()} ${template}`, params, violations };
      }
      return { operation: null, params: {}, violations: [`${request.method} ${request.path} is not an operation of the description`] };
    },

    /** The stand-in's own answer checked against the operation's response schema (it must answer like the vendor). */
    checkAnswer(operation: string, status: number, body: unknown): string[] {
      const [method, template] = operation.split(' ') as [string, string];
      const schema =
        description.paths[template]?.[method.toLowerCase()]?.responses?.[String(status)]?.content?.['application/json']?.schema;
      return schema ? errorsOf(schema, body, `answer ${status}`) : [];
    },
  };
}

function bodyViolations(operation: Operation, request: CheckedRequest, errorsOf: (s: Schema, v: unknown, w: string) => string[]): string[] {
  const content = operation.requestBody?.content;
  if (!content) return request.body ? ['the operation takes no body'] : [];
  if (!request.body) return operation.requestBody?.required ? ['the body is required'] : [];
  const type = (request.contentType ?? '').split(';')[0]!.trim();
  const media = content[type];
  if (!media) return [`content type ${type} is not one of ${Object.keys(content).join(', ')}`];
  let value: unknown;
  if (type === 'application/x-www-form-urlencoded') {
    value = Object.fromEntries(new URLSearchParams(request.body));
  } else {
    try {
      value = JSON.parse(request.body);
    } catch {
      return ['the body is not JSON'];
    }
  }
  return errorsOf(media.schema, value, 'body');
}
