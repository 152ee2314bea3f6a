import { readdirSync, readFileSync } from 'node:fs';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Data ownership (ARCHITECTURE.md "Modules and their tables"): each module declares its tables in
 * its own schema.ts and only its own code reads or writes them. This finds every place where code
 * touches a table it does not own, through an import of the table or by the table's name in SQL,
 * and holds the answer to SHARED: the uses still allowed, each with its reason. The list only
 * shrinks: a use that ends must leave it, and a new one fails until its owner offers a function.
 *
 * Who owns what: `modules/<m>/schema.ts` belongs to module m, `adapters/schema.ts` to the
 * adapters (their outboxes and the development chain), `jobs/schema.ts` to the scheduler. Code in
 * `read-models/` may read every table and write none. `dev/` (demo seeds, the audit, benchmarks'
 * generators) is tooling that never runs in a server and is not checked.
 */

/** A place where a unit of code touches a table it does not own. */
type TTableUse = { unit: string; table: string; owner: string; access: 'read' | 'write'; file: string };

/** The unit a source file belongs to: its module's name, `read-models/<x>`, or its top folder. */
function unitOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'modules' || parts[0] === 'read-models')
    return parts.length > 2 ? `${parts[0]}/${parts[1]}` : '';
  return parts.length > 1 ? parts[0]! : '';
}

function sourceFiles(dir: string, root = dir): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path, root));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
      files.push(relative(root, path).split(sep).join('/'));
  }
  return files;
}

/** The tables declared by a schema file: exported name to SQL name. */
function tablesOf(text: string): Map<string, string> {
  const tables = new Map<string, string>();
  for (const match of text.matchAll(/export const (\w+) = pgTable\(\s*'([a-z_0-9]+)'/g))
    tables.set(match[1]!, match[2]!);
  return tables;
}

const WRITES = /^(insert into|into|update|delete from|truncate)$/;

/**
 * Every use of a table by a unit that does not own it, in the source tree at `root`
 * (apps/server/src, or a fixture laid out the same way).
 */
function foreignTableUses(root: string): TTableUse[] {
  const files = sourceFiles(root);
  const owners = new Map<string, { unit: string; table: string }>(); // exported name
  const sqlNames = new Map<string, string>(); // SQL name to owner unit
  for (const file of files.filter((f) => f.endsWith('/schema.ts'))) {
    const unit = unitOf(file);
    for (const [name, table] of tablesOf(readFileSync(join(root, file), 'utf8'))) {
      owners.set(name, { unit, table });
      sqlNames.set(table, unit);
    }
  }
  const tableNames = [...sqlNames.keys()].sort((a, b) => b.length - a.length).join('|');
  const inSql = new RegExp(
    `\\b(from|join|insert into|into|update|delete from|truncate|table)\\s+"?(${tableNames})"?\\b`,
    'gi',
  );

  const uses: TTableUse[] = [];
  const seen = new Set<string>();
  const add = (use: TTableUse) => {
    if (use.unit === use.owner || use.unit === 'dev' || use.unit === '') return;
    if (use.unit.startsWith('read-models/') && use.access === 'read') return;
    const key = `${use.unit} ${use.table} ${use.access} ${use.file}`;
    if (!seen.has(key)) uses.push(use);
    seen.add(key);
  };
  for (const file of files) {
    const unit = unitOf(file);
    // A schema file names another module's table in its foreign keys only.
    if (file.endsWith('/schema.ts') || file === 'schema.ts') continue;
    const text = readFileSync(join(root, file), 'utf8');
    for (const match of text.matchAll(/import (?:type )?\{([^}]*)\} from '[./]*[\w/-]*\/schema'/g)) {
      for (const imported of match[1]!.split(',')) {
        const name = imported
          .replace(/\btype\b/, '')
          .split(' as ')[0]!
          .trim();
        const owner = owners.get(name);
        if (!owner) continue;
        const writes = new RegExp(`\\.(insert|update|delete)\\(\\s*${name}\\b`).test(text);
        add({ unit, table: owner.table, owner: owner.unit, access: writes ? 'write' : 'read', file });
      }
    }
    for (const match of text.matchAll(inSql)) {
      const verb = match[1]!.toLowerCase().replace(/\s+/g, ' ');
      const table = match[2]!.toLowerCase();
      add({ unit, table, owner: sqlNames.get(table)!, access: WRITES.test(verb) ? 'write' : 'read', file });
    }
  }
  return uses;
}

/**
 * The uses of another module's table still allowed, as `table <- unit access`. Each line is a
 * debt with its reason; the way out is a function of the owner's service.ts (or moving the read
 * into read-models/).
 */
const SHARED = [
  // Identity in joins: a list or a check that names partners (email, names, is_active).
  'users <- modules/api-keys read',
  'users <- modules/catalog read',
  'users <- modules/compensation read',
  'users <- modules/deposits read',
  'users <- modules/notifications read',
  'users <- modules/orders read',
  'users <- modules/sessions read',
  'users <- modules/tariffs read',
  'users <- modules/team-stats read',
  'users <- modules/validator-keys read',
  'users <- modules/withdrawals read',
  // The genealogy's columns still live on users (docs/decisions.md "Data ownership").
  'users <- modules/network read',
  'users <- modules/network write',
  'users <- modules/team-stats write',
  // The catalogue: every product module and the engine price and name what was bought.
  'products <- modules/compensation read',
  'products <- modules/orders read',
  'products <- modules/products read',
  'products <- modules/tariffs read',
  'products <- modules/team-stats read',
  'products <- modules/validator-keys read',
  // The purchases a product module recorded through the checkout, read back in its own joins.
  'purchases <- modules/catalog read',
  'purchases <- modules/compensation read',
  'purchases <- modules/products read',
  'purchases <- modules/tariffs read',
  'purchases <- modules/team-stats read',
  'purchases <- modules/tickets read',
  'purchases <- modules/validator-keys read',
  // Nodes are made by the purchase that pays for them, in its transaction.
  'nodes <- modules/compensation write',
  'nodes <- modules/orders write',
  'nodes <- modules/tariffs write',
  'nodes <- modules/team-stats read',
  // The engine's audit re-sums the ledger it checks.
  'ledger_accounts <- modules/compensation read',
  'ledger_postings <- modules/compensation read',
  'ledger_transfers <- modules/compensation read',
  // Invoices paying an order or a key, joined to show their state.
  'invoices <- modules/orders read',
  'invoices <- modules/validator-keys read',
  // The statement lists payouts beside the wallet's operations.
  'payouts <- modules/statement read',
];

const SRC = join(dirname(new URL(import.meta.url).pathname), '..');

describe('data ownership', () => {
  it("no module touches another module's table beyond the uses SHARED lists", () => {
    const uses = foreignTableUses(SRC);
    expect(uses.length).toBeGreaterThan(0);
    const found = [...new Set(uses.map((use) => `${use.table} <- ${use.unit} ${use.access}`))].sort();
    expect(found).toEqual([...SHARED].sort());
  });

  it('every table has one owner, and the read models own none', () => {
    const declared = new Map<string, string>();
    for (const file of sourceFiles(SRC).filter((f) => f.endsWith('/schema.ts'))) {
      expect(file, 'read models own no table').not.toMatch(/^read-models\//);
      for (const table of tablesOf(readFileSync(join(SRC, file), 'utf8')).values()) {
        expect(declared.get(table), `${table} declared twice`).toBeUndefined();
        declared.set(table, file);
      }
    }
    expect(declared.size).toBeGreaterThan(50);
  });

  it('ARCHITECTURE.md names every module and read model, and the tables each owns', () => {
    const text = readFileSync(join(SRC, '../../../ARCHITECTURE.md'), 'utf8');
    const table = text.slice(text.indexOf('<!-- tables:start -->'), text.indexOf('<!-- tables:end -->'));
    const documented = new Map<string, string[]>();
    for (const row of table.matchAll(/^\| `([a-z/-]+)` +\|[^|]*\|([^|]*)\|$/gm)) {
      documented.set(
        row[1]!,
        [...row[2]!.matchAll(/`([a-z_0-9]+)`/g)].map((m) => m[1]!),
      );
    }
    const actual = new Map<string, string[]>();
    for (const dir of ['modules', 'read-models']) {
      for (const entry of readdirSync(join(SRC, dir), { withFileTypes: true })) {
        if (entry.isDirectory()) actual.set(`${dir}/${entry.name}`, []);
      }
    }
    for (const file of sourceFiles(SRC).filter((f) => f.endsWith('/schema.ts'))) {
      actual.set(unitOf(file), [...tablesOf(readFileSync(join(SRC, file), 'utf8')).values()]);
    }
    const sorted = (map: Map<string, string[]>) =>
      Object.fromEntries([...map].map(([k, v]) => [k, [...v].sort()]));
    expect(sorted(documented)).toEqual(sorted(actual));
  });

  describe('on a fixture that breaks the rule', () => {
    const root = mkdtempSync(join(tmpdir(), 'ownership-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const write = (file: string, text: string) => {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    };
    write('modules/a/schema.ts', "export const things = pgTable('things', { id: id() });\n");
    write(
      'modules/a/repo.ts',
      "import { things } from './schema';\nexport const mine = sql`select * from things`;\n",
    );
    write(
      'modules/b/schema.ts',
      "import { things } from '../a/schema';\nexport const parts = pgTable('parts', { thingId: ref(() => things.id) });\n",
    );
    write(
      'modules/b/repo.ts',
      "import { things } from '../a/schema';\nexport const rows = (db) => db.select().from(things);\n",
    );
    write('modules/c/repo.ts', 'export const gone = sql`delete from parts where true`;\n');
    write('read-models/r/repo.ts', 'export const all = sql`select * from things join parts on true`;\n');
    write('read-models/w/repo.ts', 'export const bad = sql`update things set id = 1`;\n');

    it("finds an import of another module's table, its name in SQL, and a read model that writes", () => {
      const found = foreignTableUses(root).map(
        (use) => `${use.table} <- ${use.unit} ${use.access} (${use.file})`,
      );
      expect(found.sort()).toEqual([
        'parts <- modules/c write (modules/c/repo.ts)',
        'things <- modules/b read (modules/b/repo.ts)',
        'things <- read-models/w write (read-models/w/repo.ts)',
      ]);
    });
  });
});
