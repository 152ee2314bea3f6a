import { describe, expect, test } from 'vitest';
import { auditBonuses, foldBacklog } from '../../src/modules/compensation/service';
import { testApp, testConfig, type TTestApp } from '../helpers/app';
import { databaseUrl } from '../helpers/database';
import { registerPartner, type TPartner } from '../helpers/factories';
import { adjust, ledgerHealth } from '../helpers/money';
import { startServerProcess } from '../helpers/process';
import { SHIPPING } from '../helpers/shop';
import { TARIFF_CONFIRM, TARIFF_REQUEST, tariffId } from '../helpers/tariffs';

type TAnswer = { call: string; status: number; body: any };

/** A client of a server process over real HTTP: JSON in and out, the partner's bearer token. */
function client(base: string, partner: TPartner) {
  return async (call: string, path: string, body: unknown = {}): Promise<TAnswer> => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${partner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { call, status: response.status, body: await response.json() };
  };
}

const until = async (check: () => Promise<boolean>, ms: number) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** A sponsor chain: each partner invited by the one before, each placed under the one before. */
async function sponsorChain(app: TTestApp, length: number): Promise<TPartner[]> {
  const chain: TPartner[] = [];
  for (let index = 0; index < length; index++) {
    const above = chain.at(-1);
    const partner = await registerPartner(app, above ? { promocode: above.referralId } : {});
    await adjust(app, partner.id, 'USDT', '100000');
    chain.push(partner);
  }
  return chain;
}

describe.runIf(process.env.TEST_DATABASE_URL)('purchases on one sponsor line with WORKERS=2', () => {
  test('a sponsor chain of 20 buying every product kind at once: no 5xx, every answer a success, the replay audit finds nothing', async () => {
    const app = await testApp({ settle: false });
    const chain = await sponsorChain(app, 20);
    const server = await startServerProcess({
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl()!,
      SECRET_KEY: testConfig().secretKey,
      LOG_LEVEL: 'warn',
      JOBS: 'true',
      WORKERS: '2',
      FOLD_WORKER_SECONDS: '0.1',
    });
    const clients = chain.map((partner) => client(server.base, partner));
    const answers: TAnswer[] = [];
    const all = async (calls: Promise<TAnswer>[]) => {
      const round = await Promise.all(calls);
      answers.push(...round);
      return round;
    };

    // Everyone asks for a tariff, then confirms it, at the same moment.
    const tariff = await tariffId(app, 'tariff-3000');
    const quotes = await all(
      clients.map((buy) =>
        buy('tariff request', TARIFF_REQUEST, {
          package_id: tariff,
          mentor_confirmed: true,
          terms_accepted: true,
        }),
      ),
    );
    await all(
      clients.map((buy, index) =>
        buy('tariff confirm', TARIFF_CONFIRM, { request_id: quotes[index]!.body.request_id }),
      ),
    );

    // Then every other product kind, all partners at once (a DexNet quote first for the packs).
    const catalogue = await fetch(`${server.base}/api/v1/products/`, {
      headers: { authorization: `Bearer ${chain[0]!.token}` },
    });
    const products = (await catalogue.json()) as { code: string; id: number }[];
    const id = (code: string) => products.find((product) => product.code === code)!.id;
    const rates = await all(clients.map((buy) => buy('dexnet quote', '/api/v1/mlm/usdt_dexnet_rate/')));
    const bought = await all(
      clients.flatMap((buy, index) => [
        buy('virtual node', '/api/v1/virtual_node/purchase/', { product_id: id('virtual-node-100') }),
        buy('by unit', '/api/v1/payments/process_purchase_by_unit/', {
          product_id: id('virtual-node-100'),
          units: 2,
        }),
        buy('token pack', '/api/v1/token_pack/purchase/', {
          product_id: id('token-pack-1y'),
          amount: '100',
          quote_id: rates[index]!.body.quote_id,
        }),
        buy('device order', '/api/v1/products/create_order/', {
          product_id: id('device'),
          quantity: 1,
          shipping: SHIPPING,
          pay_from_balance: true,
        }),
        buy('validator key', '/api/v1/validator_keys/purchase/', {
          currency: 'USDT',
          pay_from_balance: true,
        }),
        buy('ticket', '/api/v1/event_ticket/purchase/', { quantity: 1 }),
      ]),
    );
    // The keys activated at once: their bonuses are paid at activation.
    await all(
      bought
        .filter((answer) => answer.call === 'validator key')
        .map((answer, index) =>
          clients[index]!('key activation', '/api/v1/validator_keys/activate/', {
            code: answer.body.activation_code,
          }),
        ),
    );

    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(answers.filter((answer) => answer.status >= 300)).toEqual([]);
    expect(answers).toHaveLength(20 * 10);

    await until(async () => (await foldBacklog(app.database.db)) === 0, 120_000);
    expect(server.output()).not.toMatch(/job failed|deadlock/i);
    const audit = await auditBonuses(app.database.db);
    expect(audit.sample).toEqual([]);
    expect(audit.differences).toBe(0);
    // Invite, matching, binary, quick start, VP and ticket bonuses all came out of these purchases.
    expect(audit.postings).toBeGreaterThan(20 * 7);
    expect(await ledgerHealth(app)).toMatchObject({ ok: true, negative_user_accounts: 0 });
  }, 300_000);
});
