import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SPA_ROUTES } from '@enlaza/contracts';

const src = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative(src, path)] : [];
  });
}
const files = sources(src).map((file) => ({ file, text: readFileSync(join(src, file), 'utf8') }));

/** The route words of the inherited Spanish spec (`comunicaciones`, `pagos`…), less those that are English too. */
const ENGLISH_ROUTE_WORDS = new Set([
  ...['register', 'verify', 'reset', 'password', 'link', 'error', 'admin', 'dashboard', 'admins', 'users', 'user', 'account'],
  ...['view', 'webhooks', 'personalinformation', 'plans', 'methods', 'jobs', 'smtp', 'crm', 'callback', 'sso', 'scim'],
]);
const SPANISH_WORDS = new Set(
  SPA_ROUTES.flatMap((route) => route.split('/'))
    .filter((segment) => segment && !segment.startsWith(':'))
    .flatMap((segment) => segment.split('-'))
    .filter((word) => !ENGLISH_ROUTE_WORDS.has(word) && /^[a-z]+$/.test(word)),
);

// Every query key is built by its area's factory (`profileKeys.one(id)`), and a screen that refreshes
// another area's data goes through that area's factory: a key typed again by hand drifts from the
// one it means (a typo, a renamed root), and the cache it was meant to refresh silently stays stale.
describe('query keys', () => {
  it('are never written as literals: every query names its key through a factory', () => {
    // An array written at the query, even one spreading a factory's key (`[...keys.list, q]`), is a
    // key the factory does not know: its `all` still covers it, but nothing else can name it.
    const literal = /queryKey:\s*\[/g;
    expect(files.filter(({ text }) => literal.test(text)).map(({ file }) => file)).toEqual([]);
  });

  it('are never matched by a part typed by hand', () => {
    const part = /queryKey\[\d+\]\s*[!=]==?\s*['"`]/g;
    expect(files.flatMap(({ file, text }) => [...text.matchAll(part)].map((m) => `${file}: ${m[0]}`))).toEqual([]);
  });

  it('are never typed by hand to read, write or refresh the cache', () => {
    const call =
      /\b(invalidateQueries|refetchQueries|resetQueries|removeQueries|cancelQueries|setQueryData|getQueryData)(<[^>]*>)?\(\s*(\{\s*queryKey:\s*)?\[/g;
    expect(files.flatMap(({ file, text }) => [...text.matchAll(call)].map((m) => `${file}: ${m[0]}`))).toEqual([]);
  });

  it('have English roots and parts, not the Spanish words of the inherited routes', () => {
    expect(SPANISH_WORDS).toContain('comunicaciones');
    const found = files.flatMap(({ file, text }) =>
      [...text.matchAll(/\b\w+Keys = \{([\s\S]*?)\};/g)].flatMap((factory) =>
        [...factory[1]!.matchAll(/'([\w-]+)'/g)]
          .flatMap((word) => word[1]!.split('-'))
          .filter((word) => SPANISH_WORDS.has(word))
          .map((word) => `${file}: ${word}`),
      ),
    );
    expect(found).toEqual([]);
  });
});
