import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The AEAT's schemas as published (fixtures/aeat-xsd/README.md), with the catalog that keeps xmllint off the network. */
export const AEAT_XSD = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'aeat-xsd');

/** Runs `fn` with `xml` written to a scratch file (xmllint and xmlsec1 read files). */
export async function withXmlFile<T>(xml: string, fn: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'enlaza-xml-'));
  try {
    const file = join(dir, 'doc.xml');
    await writeFile(file, xml, 'utf8');
    return await fn(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Validates `xml` with libxml2's `xmllint --schema` against one of the AEAT's schemas
 * (`SuministroLR.xsd`, `EventosSIF.xsd`…): `''` when valid, else what xmllint said.
 */
export const xsdErrors = (xml: string, schema: string): Promise<string> =>
  withXmlFile(xml, async (file) => {
    try {
      await run('xmllint', ['--nonet', '--noout', '--schema', join(AEAT_XSD, schema), file], {
        env: { ...process.env, XML_CATALOG_FILES: join(AEAT_XSD, 'catalog.xml') },
      });
      return '';
    } catch (error) {
      const { stderr, code } = error as { stderr?: string; code?: number | string };
      if (code === 'ENOENT') throw new Error('xmllint is not installed (Debian: apt-get install libxml2-utils)');
      return stderr || String(error);
    }
  });

/** The text of the first element named `name` (any prefix), or undefined. */
export const xmlText = (xml: string, name: string): string | undefined => new RegExp(`<(?:\\w+:)?${name}>([^<]*)</`).exec(xml)?.[1];
