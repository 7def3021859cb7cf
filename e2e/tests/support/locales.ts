import { readFileSync } from 'node:fs';

type Messages = { [key: string]: string | Messages };

/** A message of the web app's translation files, so a spec follows wording changes. */
export function message(language: 'en' | 'es' | 'jp', namespace: string, key: string, values: Record<string, string> = {}): string {
  const url = new URL(`../../../apps/web/src/locales/${language}/${namespace}.json`, import.meta.url);
  let node: string | Messages = JSON.parse(readFileSync(url, 'utf8')) as Messages;
  for (const part of key.split('.')) {
    if (typeof node === 'string' || !(part in node)) throw new Error(`No message ${language}/${namespace}:${key}`);
    node = node[part] as string | Messages;
  }
  if (typeof node !== 'string') throw new Error(`${language}/${namespace}:${key} is not a message`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}
