import { existsSync, readFileSync } from 'node:fs';

type Messages = { [key: string]: string | Messages };

/** Where the web app's translations are: its own, and the ones it shares with the server-rendered pages (merged per namespace). */
const LOCALE_DIRS = ['../../../apps/web/src/locales/', '../../../packages/contracts/src/locales/'];

/** A message of the web app's translation files, so a spec follows wording changes. */
export function message(language: 'en' | 'es' | 'jp', namespace: string, key: string, values: Record<string, string> = {}): string {
  let node: string | Messages = {};
  for (const dir of LOCALE_DIRS) {
    const url = new URL(`${dir}${language}/${namespace}.json`, import.meta.url);
    if (existsSync(url)) node = { ...node, ...(JSON.parse(readFileSync(url, 'utf8')) as Messages) };
  }
  for (const part of key.split('.')) {
    if (typeof node === 'string' || !(part in node)) throw new Error(`No message ${language}/${namespace}:${key}`);
    node = node[part] as string | Messages;
  }
  if (typeof node !== 'string') throw new Error(`${language}/${namespace}:${key} is not a message`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}
