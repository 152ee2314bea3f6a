import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCKS } from './locks';

const SOURCE = join(import.meta.dirname, '..');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
        ? [join(dir, entry.name)]
        : [],
  );

describe('advisory locks', () => {
  it('each feature has a key of its own', () => {
    const keys = Object.values(LOCKS);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('every advisory lock the server takes names its key from LOCKS', () => {
    const takes = sourceFiles(SOURCE)
      .filter((file) => !file.endsWith(join('db', 'locks.ts')))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/pg_(?:try_)?advisory_(?:xact_)?(?:un)?lock\(([^,)]*)/g)].map(
          (match) => `${file.slice(SOURCE.length + 1)}: ${match[1]!.trim()}`,
        ),
      );
    expect(takes.length).toBeGreaterThanOrEqual(Object.keys(LOCKS).length);
    expect(takes.filter((take) => !/(LOCKS\.\w+|\$1)\}?$/.test(take))).toEqual([]);
  });
});
