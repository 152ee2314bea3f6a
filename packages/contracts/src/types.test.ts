import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = import.meta.dirname;
const sources = readdirSync(dir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => readFileSync(join(dir, name), 'utf8'));

describe('contracts', () => {
  it('export a T type beside every Z schema, so that no caller copies a shape by hand', () => {
    const text = sources.join('\n');
    const schemas = [...text.matchAll(/^export const (Z[A-Z]\w*)/gm)].map((match) => match[1]!);
    expect(schemas.length).toBeGreaterThan(50);
    const missing = schemas.filter(
      (name) => !new RegExp(`^export type T${name.slice(1)}\\b`, 'm').test(text),
    );
    expect(missing).toEqual([]);
  });
});
