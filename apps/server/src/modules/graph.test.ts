import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The module graph (ARCHITECTURE.md): which server module imports which, through any import (a
 * type too: a module that names another's types depends on it). It must have no cycle, and money
 * flows one way: a product module records its purchase through modules/purchases and never runs
 * the engine (packages/compensation), which only modules/compensation uses.
 */

const MODULES = new URL('.', import.meta.url).pathname;
const READ_MODELS = new URL('../read-models/', import.meta.url).pathname;

/**
 * Modules by their folder name, read models as `read-models/<name>`. Tables are left out (a
 * schema.ts, an import of one): who may touch another module's table is ownership.test.ts's.
 */
function graph(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  const folders = [
    ...readdirSync(MODULES, { withFileTypes: true }).map((d) => ({ d, node: d.name, dir: MODULES })),
    ...readdirSync(READ_MODELS, { withFileTypes: true }).map((d) => ({
      d,
      node: `read-models/${d.name}`,
      dir: READ_MODELS,
    })),
  ];
  for (const { d, node, dir } of folders) {
    if (!d.isDirectory()) continue;
    const targets = new Set<string>();
    for (const file of readdirSync(join(dir, d.name))) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file === 'schema.ts') continue;
      const text = readFileSync(join(dir, d.name, file), 'utf8');
      for (const match of text.matchAll(
        /from '\.\.\/(?:\.\.\/(modules|read-models)\/)?([a-z-]+)\/(?!schema')/g,
      )) {
        const target =
          match[1] === 'read-models' || (dir === READ_MODELS && !match[1])
            ? `read-models/${match[2]}`
            : match[2]!;
        if (target !== node) targets.add(target);
      }
    }
    edges.set(node, targets);
  }
  return edges;
}

/** A cycle of the graph as the list of its modules, or null. */
function cycleOf(edges: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of edges.get(node) ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of edges.keys()) {
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

const PRODUCT_MODULES = ['tariffs', 'orders', 'products', 'validator-keys', 'tickets', 'gift-certificates'];

describe('the server module graph', () => {
  it('has no cycle, and no module depends on a read model', () => {
    const edges = graph();
    expect(edges.size).toBeGreaterThan(20);
    expect(edges.get('read-models/team')).toContain('compensation');
    for (const [node, targets] of edges) {
      if (!node.startsWith('read-models/'))
        expect(
          [...targets].filter((t) => t.startsWith('read-models/')),
          node,
        ).toEqual([]);
    }
    expect(cycleOf(edges)).toBeNull();
  });

  it('finds a cycle when there is one (the check itself)', () => {
    const edges = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cycleOf(edges)).toEqual(['a', 'b', 'c', 'a']);
  });

  it('runs the engine only in modules/compensation, which imports no product module nor purchases', () => {
    for (const dir of [MODULES, READ_MODELS]) {
      for (const module of readdirSync(dir, { withFileTypes: true })) {
        if (!module.isDirectory() || module.name === 'compensation') continue;
        for (const file of readdirSync(join(dir, module.name))) {
          if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
          const text = readFileSync(join(dir, module.name, file), 'utf8');
          expect(text, `${module.name}/${file}`).not.toMatch(/from '@portal\/compensation'/);
        }
      }
    }
    const compensation = graph().get('compensation')!;
    for (const upstream of [...PRODUCT_MODULES, 'purchases']) expect(compensation.has(upstream)).toBe(false);
    // Every product module records its purchases through the checkout.
    for (const product of PRODUCT_MODULES) expect(graph().get(product)!.has('purchases'), product).toBe(true);
  });
});
