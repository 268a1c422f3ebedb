import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The server's import arrows run one way (docs/architecture.md): each layer imports only itself and the layers below.
const SRC = dirname(fileURLToPath(import.meta.url));

/** The layers, lowest first. A top-level file that is not a base module is composition (server.ts, app-routes.ts…). */
const LAYERS: readonly { name: string; holds(module: string): boolean }[] = [
  {
    name: 'base',
    holds: (m) =>
      ['config.ts', 'log.ts', 'deps.ts', 'server-root.ts'].includes(m) ||
      /^(db|secrets|security|http|metrics)\//.test(m),
  },
  { name: 'engine', holds: (m) => m.startsWith('mail/') },
  { name: 'events and jobs', holds: (m) => /^(events|jobs)\//.test(m) },
  { name: 'features', holds: (m) => m.startsWith('features/') },
  { name: 'composition', holds: (m) => !m.includes('/') },
];

/** Folders below the features, which must never import one (the brief of issue 11 item 7 names them). */
const BELOW_FEATURES = ['mail/', 'events/', 'jobs/', 'http/', 'db/', 'secrets/', 'security/', 'metrics/'];

/**
 * Test harness: helpers only tests import (src/test/, testing/ folders, testing.ts). They start or seed the whole
 * product, so they stand outside the layers; product code never imports them (checked below).
 */
const isHarness = (m: string) => m.startsWith('test/') || m.includes('/testing/') || m.endsWith('/testing.ts');

/**
 * Harness modules below the features that do import one, each with its reason. events/testing.ts: makeTestDomain
 * writes a domain row through the domains feature's insert (the DKIM key is sealed to the row id as the product does).
 */
const HARNESS_FEATURE_IMPORTS = ['events/testing.ts → features/domains/domains.repo.ts'];

/** Every non-test .ts file under src, as a path relative to src with forward slashes. */
function listModules(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listModules(path);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts') || entry.name.endsWith('.d.ts')) return [];
    return [relative(SRC, path).split('\\').join('/')];
  });
}

/** The relative imports of a module (static, type-only, re-exports and dynamic), resolved to paths under src. */
function importsOf(module: string): string[] {
  const text = readFileSync(join(SRC, module), 'utf8');
  // preProcessFile reads import/export/import() specifiers without being fooled by comments or strings.
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map((file) => file.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) =>
      relative(SRC, resolve(SRC, dirname(module), name))
        .split('\\')
        .join('/'),
    );
}

const modules = listModules();
const graph = new Map(modules.map((module) => [module, importsOf(module)]));
const arrows = [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));
const layerOf = (m: string) => LAYERS.findIndex((layer) => layer.holds(m));

/** Each cycle once, as the sorted modules around it (Tarjan's strongly connected components, size > 1 or a self-loop). */
function findCycles(nodes: string[]): string[][] {
  const inScope = new Set(nodes);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!inScope.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) components.push(component.sort());
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return components;
}

describe('the server imports run one way (docs/architecture.md)', () => {
  it('reads the modules it checks, and resolves every relative import to one of them', () => {
    expect(modules).toContain('mail/engine.ts');
    expect(modules).toContain('server.ts');
    const unresolved = arrows.filter(({ to }) => !graph.has(to) && !to.endsWith('.json'));
    // A test-only target (x.test.ts) or a missing file would make the checks below blind to it.
    expect(unresolved).toEqual([]);
  });

  it('nothing in the engine, events, jobs, http, db, secrets or security imports a feature', () => {
    const upward = arrows
      .filter(({ from, to }) => BELOW_FEATURES.some((layer) => from.startsWith(layer)) && to.startsWith('features/'))
      .map(({ from, to }) => `${from} → ${to}`);
    expect(upward).toEqual(HARNESS_FEATURE_IMPORTS);
    expect(HARNESS_FEATURE_IMPORTS.every((arrow) => isHarness(arrow.split(' → ')[0] ?? ''))).toBe(true);
  });

  it('every module imports only its own layer and the layers below', () => {
    const product = modules.filter((m) => !isHarness(m));
    expect(product.filter((m) => layerOf(m) < 0)).toEqual([]);
    const upward = arrows
      .filter(({ from, to }) => !isHarness(from) && layerOf(to) > layerOf(from))
      .map(({ from, to }) => `${from} (${LAYERS[layerOf(from)]?.name}) → ${to} (${LAYERS[layerOf(to)]?.name})`);
    expect(upward).toEqual([]);
  });

  it('product code never imports the test harness', () => {
    const intoHarness = arrows.filter(({ from, to }) => !isHarness(from) && isHarness(to));
    expect(intoHarness).toEqual([]);
  });

  it('the bounce classification modules import no circle', () => {
    expect(findCycles(modules.filter((module) => module.startsWith('mail/classify/')))).toEqual([]);
  });

  it('no import cycle anywhere in the server', () => {
    expect(findCycles(modules)).toEqual([]);
  });
});
