import type { FastifyInstance } from 'fastify';

/** "/a/:id|:domain/b" (one tree node serving two parameter names) as each of its spellings. */
function expandAlternatives(path: string): string[] {
  const alternative = path.match(/:[A-Za-z_]+(?:\|:[A-Za-z_]+)+/);
  if (!alternative) return [path];
  return alternative[0].split('|').flatMap((name) => expandAlternatives(path.replace(alternative[0], name)));
}

/**
 * Every route the app serves, as the spellings of "METHOD /path" (HEAD left out: Fastify adds it to each GET), read
 * from Fastify's route tree (printRoutes without common prefixes: one node per line, children indented four columns
 * a level). Wildcard routes under a prefix without routes of its own print as a bare `*`.
 */
export function listRoutes(app: FastifyInstance): string[][] {
  const routes: string[][] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = line.match(/^(.*?)[├└]── (\S+)(?: \(([^)]*)\))?$/);
    if (!node) continue;
    const depth = Math.round((node[1] ?? '').length / 4);
    stack.length = depth;
    stack.push(node[2] ?? '');
    const path = stack.join('');
    for (const method of (node[3] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== 'HEAD') routes.push(expandAlternatives(path).map((p) => `${method} ${p}`));
    }
  }
  return routes;
}
