import type { FastifyInstance } from 'fastify';

export type RouteEntry = { method: string; url: string };

/**
 * Every route the app answers, read from Fastify's own router (`printRoutes({ commonPrefix: false })`),
 * not from a list kept beside the routes. Each printed node is a path piece after its parent's, with
 * the methods it answers: `├── /api/profiles (GET, HEAD, POST)`, then `│   └── /:id (GET, HEAD, PUT)`.
 * Two parameter names at one place are printed `:id|:profileId`; the first is kept.
 */
export function routesOf(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (node) {
      const depth = node[1]!.length / 4;
      parents.length = depth;
      const url = (parents[depth - 1] ?? '') + node[2]!.replace(/(:\w+)(?:\|:\w+)+/g, '$1');
      parents.push(url);
      for (const method of node[3]?.split(', ') ?? []) routes.push({ method, url });
      continue;
    }
    // The same path again under other constraints: more methods for the last node.
    const more = /^[│ ]*\(([^)]*)\)/.exec(line);
    if (more && parents.length) for (const method of more[1]!.split(', ')) routes.push({ method, url: parents[parents.length - 1]! });
  }
  const seen = new Set<string>();
  return routes.filter((r) => !seen.has(`${r.method} ${r.url}`) && seen.add(`${r.method} ${r.url}`));
}
