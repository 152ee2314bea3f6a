import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatMinor, parseMinor } from '@portal/contracts';
import { describe, expect, test } from 'vitest';
import { call, post, testApp, type TTestApp } from '../helpers/app';
import { loginAdmin, registerPartner, type TPartner } from '../helpers/factories';
import { adjust, balances, companyBalance, ledgerHealth } from '../helpers/money';
import { SHIPPING } from '../helpers/shop';
import { buyTariff } from '../helpers/tariffs';
import { daysPass } from '../helpers/time';
import { auditBonuses } from '../../src/modules/compensation/service';

/**
 * docs/golden-scenarios.md, run through the HTTP API: every table cell of the document is
 * asserted after its step. The document is the test's data; a step it cannot read fails.
 */
const DOC = fileURLToPath(new URL('../../../../docs/golden-scenarios.md', import.meta.url));

type TTable = { header: string[]; rows: string[][] };
type TScenario = { title: string; tables: TTable[] };

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());

function scenarios(text: string): TScenario[] {
  return text
    .split(/^## /m)
    .slice(1)
    .filter((section) => /^\d+\./.test(section))
    .map((section) => {
      const lines = section.split('\n');
      const tables: TTable[] = [];
      let current: string[] = [];
      for (const line of [...lines, '']) {
        if (line.trim().startsWith('|')) {
          current.push(line);
          continue;
        }
        if (current.length > 2)
          tables.push({ header: cells(current[0]!), rows: current.slice(2).map(cells) });
        current = [];
      }
      return { title: lines[0]!.trim(), tables };
    });
}

const table = (scenario: TScenario, first: string) => {
  const found = scenario.tables.find((candidate) => candidate.header[0] === first);
  if (!found) throw new Error(`${scenario.title}: no table "${first}"`);
  return found;
};

const hasTable = (scenario: TScenario, first: string) =>
  scenario.tables.some((candidate) => candidate.header[0] === first);

/** The tables checked after every step; the debts only where a scenario has them. */
const STATE_TABLES = ['balance after step', 'window after step', 'pending after step', 'debt after step'];

/** A decimal of the document as the API writes USDT ("36.05" -> "36.050000"). */
function usdt(text: string): string {
  const amount = parseMinor(text, 'USDT');
  if (amount === null) throw new Error(`Not an amount: ${text}`);
  return formatMinor(amount, 'USDT');
}

const ACTIVE = '/api/v1/mlm/package/active/';
const TICKET_PRICE = '750';

type TRun = {
  app: TTestApp;
  admin: string;
  partners: Map<string, TPartner>;
  products: Map<string, number>;
  orders: Map<string, number>;
  /** Activation codes of the validator keys bought, by partner. */
  keys: Map<string, string>;
};

const who = (run: TRun, name: string) => {
  const partner = run.partners.get(name);
  if (!partner) throw new Error(`Unknown partner ${name}`);
  return partner;
};

function expectCreated(response: { status: number; body: unknown }, status = 201) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
}

/** `name` buys tariff `price`; the quote was of one of `kinds`. */
async function buyAs(run: TRun, name: string, price: string, kinds: string[]) {
  const { quote } = await buyTariff(run.app, who(run, name), `tariff-${price}`);
  expect(kinds).toContain(quote.kind);
}

/** The document's actions, each as the partner (or the admin) does it through the API. */
const ACTIONS: [RegExp, (run: TRun, match: RegExpExecArray) => Promise<void>][] = [
  [/^(\w+) buys tariff (\d+)$/, (run, [, name, price]) => buyAs(run, name!, price!, ['new', 'renewal'])],
  [/^(\w+) upgrades to tariff (\d+)$/, (run, [, name, price]) => buyAs(run, name!, price!, ['upgrade'])],
  [
    /^(\w+) buys a validator key$/,
    async (run, [, name]) => {
      const bought = await post(
        run.app,
        '/api/v1/validator_keys/purchase/',
        { currency: 'USDT', pay_from_balance: true },
        who(run, name!).token,
      );
      expectCreated(bought);
      run.keys.set(name!, bought.body.activation_code);
    },
  ],
  [
    /^(\w+) activates the validator key$/,
    async (run, [, name]) =>
      expectCreated(
        await post(
          run.app,
          '/api/v1/validator_keys/activate/',
          { code: run.keys.get(name!) },
          who(run, name!).token,
        ),
        200,
      ),
  ],
  [
    /^(\w+) buys an event ticket$/,
    async (run, [, name]) =>
      expectCreated(
        await post(run.app, '/api/v1/event_ticket/purchase/', { quantity: 1 }, who(run, name!).token),
      ),
  ],
  [
    /^(\w+) buys a virtual node S$/,
    async (run, [, name]) =>
      expectCreated(
        await post(
          run.app,
          '/api/v1/virtual_node/purchase/',
          { product_id: run.products.get('virtual-node-100') },
          who(run, name!).token,
        ),
      ),
  ],
  [
    /^(\w+) orders a device$/,
    async (run, [, name]) => {
      const order = await post(
        run.app,
        '/api/v1/products/create_order/',
        { product_id: run.products.get('device'), shipping: SHIPPING, pay_from_balance: true },
        who(run, name!).token,
      );
      expectCreated(order);
      expect(order.body.status).toBe('PAID');
      run.orders.set(name!, order.body.id);
    },
  ],
  [
    /^the admin cancels (\w+)'s device order$/,
    async (run, [, name]) => {
      const moved = await post(
        run.app,
        `/api/v1/admin/orders/${run.orders.get(name!)}/status/`,
        { status: 'Canceled' },
        run.admin,
      );
      expectCreated(moved, 200);
    },
  ],
  [
    /^the admin refunds (\w+)'s device order$/,
    async (run, [, name]) => {
      const refunded = await post(
        run.app,
        `/api/v1/admin/orders/${run.orders.get(name!)}/refund/`,
        { reason: 'golden scenario' },
        run.admin,
      );
      expectCreated(refunded, 200);
      expect(refunded.body.status).toBe('Canceled');
    },
  ],
  [/^(\d+) days pass$/, (run, [, days]) => daysPass(run.app, Number(days))],
];

async function perform(run: TRun, action: string) {
  for (const [pattern, run_] of ACTIONS) {
    const match = pattern.exec(action);
    if (match) return run_(run, match);
  }
  throw new Error(`The test cannot read the step "${action}"`);
}

/** One row of a table as the API answers it now, in the document's notation. */
async function actualRow(run: TRun, kind: string, columns: string[]): Promise<string[]> {
  const answer: string[] = [];
  for (const column of columns) {
    if (column.startsWith('company:')) {
      answer.push(formatMinor(await companyBalance(run.app, column), 'USDT'));
      continue;
    }
    const partner = who(run, column);
    if (kind === 'balance after step' || kind === 'debt after step') {
      const held = await balances(run.app, partner.token);
      answer.push((kind === 'balance after step' ? held.usdt : held.debt)!);
      continue;
    }
    const active = await post(run.app, ACTIVE, {}, partner.token);
    expect(active.status).toBe(200);
    const { package: held, status, earned, cap, lost_profit_pending: pending } = active.body;
    if (kind === 'pending after step') {
      answer.push(pending);
      continue;
    }
    expect(status, `${column}'s status`).toBe(held && earned !== cap ? 'Active' : 'Inactive');
    answer.push(held ? `${earned} / ${cap}` : '–');
  }
  return answer;
}

const expectedCell = (cell: string) =>
  cell === '–'
    ? cell
    : cell
        .split(' / ')
        .map((part) => usdt(part))
        .join(' / ');

async function checkStep(run: TRun, scenario: TScenario, step: string) {
  for (const kind of STATE_TABLES) {
    if (!hasTable(scenario, kind)) continue;
    const { header, rows } = table(scenario, kind);
    const row = rows.find((candidate) => candidate[0] === step);
    if (!row) continue;
    const columns = header.slice(1);
    expect(await actualRow(run, kind, columns), `${scenario.title}: ${kind} ${step}`).toEqual(
      row.slice(1).map(expectedCell),
    );
  }
}

async function setUp(app: TTestApp, scenario: TScenario): Promise<TRun> {
  const admin = await loginAdmin(app);
  const listed = await call(app, 'GET', '/api/v1/admin/products/', { token: admin });
  const products = new Map<string, number>(
    listed.body.map((product: { code: string; id: number }) => [product.code, product.id]),
  );
  // The ticket's price follows the calendar; these scenarios fix it.
  const ticket = await call(app, 'PATCH', `/api/v1/admin/products/${products.get('event-ticket')}/`, {
    token: admin,
    body: {
      price: TICKET_PRICE,
      attributes: { price_schedule: [{ before: '2000-01-02T00:00:00Z', price: '1' }] },
    },
  });
  expectCreated(ticket, 200);
  const run: TRun = { app, admin, partners: new Map(), products, orders: new Map(), keys: new Map() };
  const partners = table(scenario, 'partner');
  const column = (name: string) => partners.header.indexOf(name);
  for (const row of partners.rows) {
    const [name, mentor, funded, leg] = [
      row[0],
      row[column('mentor')],
      row[column('funded')],
      row[column('leg')],
    ];
    // The mentor chooses the side the partner is placed on (compensation-plan.md section 3).
    if (leg && mentor !== 'root') {
      const side = await post(
        app,
        '/api/v1/mlm/set-binary-structure-side/',
        { side: leg },
        who(run, mentor!).token,
      );
      expect(side.status).toBe(200);
    }
    const partner = await registerPartner(
      app,
      mentor === 'root' ? {} : { promocode: who(run, mentor!).referralId },
    );
    if (usdt(funded!) !== usdt('0')) await adjust(app, partner.id, 'USDT', funded!);
    run.partners.set(name!, partner);
  }
  return run;
}

const SCENARIOS = scenarios(readFileSync(DOC, 'utf8'));

describe('golden scenarios (docs/golden-scenarios.md)', () => {
  test('the document has its scenarios, each with every table', () => {
    expect(SCENARIOS.length).toBeGreaterThanOrEqual(8);
    for (const scenario of SCENARIOS) {
      const steps = table(scenario, 'step').rows.map((row) => row[0]);
      for (const kind of STATE_TABLES) {
        if (kind === 'debt after step' && !hasTable(scenario, kind)) continue;
        const listed = table(scenario, kind).rows.map((row) => row[0]);
        expect(listed, `${scenario.title}: ${kind}`).toEqual(['0', ...steps]);
      }
    }
  });

  test.each(SCENARIOS.map((scenario) => [scenario.title, scenario] as const))(
    '%s',
    async (_title, scenario) => {
      const app = await testApp();
      const run = await setUp(app, scenario);
      await checkStep(run, scenario, '0');
      for (const [step, action] of table(scenario, 'step').rows) {
        await perform(run, action!);
        await checkStep(run, scenario, step!);
      }
      expect((await ledgerHealth(app)).ok).toBe(true);
      // The replay audit finds every payout the fold wrote, to the minor unit.
      const audit = await auditBonuses(app.database.db);
      expect(audit.sample).toEqual([]);
      expect(audit.postings).toBeGreaterThan(0);
    },
  );
});
