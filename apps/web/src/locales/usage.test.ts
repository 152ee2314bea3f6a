// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MESSAGES } from '@portal/contracts';
import { expect, test } from 'vitest';
import en from './en.json';

/**
 * The catalogue against the code that reads it: every key the code names exists in English (the
 * other languages are held to English by locales.test.ts), and every English key is read
 * somewhere, by its literal name or under a prefix the code completes at run time
 * (`t(`team.legs.${side}`)`).
 */

const SOURCE_ROOT = resolve(import.meta.dirname, '..');
/** i18next's plural forms: `count_one` is read as `t('count', { count })`. */
const PLURAL = /_(zero|one|two|few|many|other)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function leaves(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? leaves(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

const code = sourceFiles(SOURCE_ROOT).map((file) => readFileSync(file, 'utf8'));
/** The English texts, and the server's messages as the interface reads them (`messages.<code>`). */
const english = new Set([...leaves(en), ...Object.keys(MESSAGES).map((key) => `messages.${key}`)]);
/** Every quoted dotted name in the code: 'nav.team', "wallet.title". */
const literals = new Set(
  code.flatMap((text) => [...text.matchAll(/(['"`])([a-zA-Z][\w-]*(?:\.[\w-]+)+)\1/g)].map((m) => m[2]!)),
);
/** Every template that completes a key at run time: `team.legs.${side}` gives "team.legs.". */
const prefixes = [
  ...new Set(
    code.flatMap((text) => [...text.matchAll(/`([a-zA-Z][\w]*(?:\.[\w]+)*\.)\$\{/g)].map((m) => m[1]!)),
  ),
];
/** The keys the code hands to the translation function by name. */
const named = new Set(
  code.flatMap((text) => [...text.matchAll(/\bt\(\s*(['"])([^'"]+)\1/g)].map((m) => m[2]!)),
);

const read = (key: string) =>
  literals.has(key) ||
  literals.has(key.replace(PLURAL, '')) ||
  prefixes.some((prefix) => key.startsWith(prefix));

test('every key the code names by its literal name exists in en.json (or as plural forms)', () => {
  const missing = [...named].filter(
    (key) => !english.has(key) && ![...english].some((known) => known.replace(PLURAL, '') === key),
  );
  expect(missing).toEqual([]);
});

test('every key of en.json is read by the code', () => {
  expect(leaves(en).filter((key) => !read(key))).toEqual([]);
});

test('every server message is said by the server, the contracts or the interface', () => {
  const elsewhere = ['../../server/src', '../../../packages/contracts/src']
    .flatMap((dir) => sourceFiles(resolve(SOURCE_ROOT, dir)))
    .filter((file) => !file.endsWith('messages.ts'))
    .map((file) => readFileSync(file, 'utf8'));
  const texts = [...elsewhere, ...code];
  const said = (key: string) =>
    literals.has(`messages.${key}`) ||
    texts.some((text) => text.includes(`MESSAGES.${key}`) || new RegExp(`['"\`]${key}['"\`]`).test(text));
  expect(Object.keys(MESSAGES).filter((key) => !said(key))).toEqual([]);
});

test('the test itself: it finds literal keys and run-time prefixes in the code', () => {
  expect(named.size).toBeGreaterThan(100);
  expect(prefixes).toContain('team.legs.');
  expect(read('team.legs.left')).toBe(true);
  expect(read('no.such.key')).toBe(false);
});
