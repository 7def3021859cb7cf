import { readFileSync } from 'node:fs';
import { ERROR_CODES, ERROR_STATUS, LOCALES, errorResponseSchema, isErrorCode } from '@enlaza/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.js';

describe('error codes: one typed list in the contracts', () => {
  it('gives every code an HTTP status of a failure and a sentence in each language', () => {
    // Read from each language's own file: the app falls back to English, which would hide a gap.
    const untranslated = LOCALES.flatMap((locale) => {
      const catalogue = JSON.parse(readFileSync(new URL(`../../src/locales/${locale}.json`, import.meta.url), 'utf8')) as Record<
        string,
        unknown
      >;
      const sentenceOf = (code: string) =>
        code
          .split('.')
          .reduce<unknown>(
            (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
            catalogue,
          );
      // A sentence that counts is a plural key: its `_other` form stands for it.
      const sentence = (code: string) => sentenceOf(code) ?? sentenceOf(`${code}_other`);
      return ERROR_CODES.filter((code) => typeof sentence(code) !== 'string' || !(sentence(code) as string).trim()).map(
        (code) => `${locale}:${code}`,
      );
    });
    expect(untranslated).toEqual([]);
    for (const code of ERROR_CODES) expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
  });

  it('tells a code from any other string, and the error body refuses an unknown code', () => {
    expect(isErrorCode('record.not_found')).toBe(true);
    expect(isErrorCode('record.not_founds')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(errorResponseSchema.safeParse({ ok: 0, message: 'x', code: 'made.up' }).success).toBe(false);
  });

  it('lists the codes in the OpenAPI document, so another client can type them too', async () => {
    const ctx = await createTestApp();
    try {
      const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
        components: { schemas: Record<string, { properties?: Record<string, { enum?: string[] }> }> };
      }>();
      const withCodes = Object.values(doc.components.schemas).find((schema) => schema.properties?.code?.enum?.includes('record.not_found'));
      expect(withCodes?.properties?.code?.enum?.slice().sort()).toEqual([...ERROR_CODES].sort());
    } finally {
      await ctx.close();
    }
  });
});
