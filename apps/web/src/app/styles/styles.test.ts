// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/** Mantine's CSS is imported per component (public.ts, signed-in.ts): none may be forgotten. */
const src = join(import.meta.dirname, '..', '..');
const coreStyles = join(dirname(createRequire(import.meta.url).resolve('@mantine/core')), '..', 'styles');

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );

const sources = filesUnder(src).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
/**
 * Before sign-in: shared components (but those of `components/signed-in/`, shared by signed-in
 * screens only), the sign-in screens and their frames.
 */
const isPublic = (file: string) =>
  /^(components\/(?!signed-in\/)|features\/auth|app\/(providers|guards|shells\/(PublicShell|SeparateShell)))/.test(
    relative(src, file),
  );

function componentsWithStyles(files: string[]): Set<string> {
  const found = new Set<string>();
  for (const file of files) {
    for (const [, names] of readFileSync(file, 'utf8').matchAll(
      /import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g,
    )) {
      for (const name of names!.split(',').map((part) => part.trim().replace(/^type\s+/, ''))) {
        if (/^[A-Z]\w*$/.test(name) && existsSync(join(coreStyles, `${name}.css`))) found.add(name);
      }
    }
  }
  return found;
}

const imported = (styleModule: string) =>
  new Set(
    [
      ...readFileSync(join(import.meta.dirname, styleModule), 'utf8').matchAll(
        /@mantine\/core\/styles\/(\w+)\.css/g,
      ),
    ].map((match) => match[1]!),
  );

describe('Mantine styles per component', () => {
  it('every component of the screens before sign-in has its CSS in public.ts', () => {
    const missing = [...componentsWithStyles(sources.filter(isPublic))].filter(
      (name) => !imported('public.ts').has(name),
    );
    expect(missing).toEqual([]);
  });

  it('every other component has its CSS in public.ts or signed-in.ts', () => {
    expect(componentsWithStyles(sources).size).toBeGreaterThan(20);
    const all = new Set([...imported('public.ts'), ...imported('signed-in.ts')]);
    const missing = [...componentsWithStyles(sources)].filter((name) => !all.has(name));
    expect(missing).toEqual([]);
  });
});
