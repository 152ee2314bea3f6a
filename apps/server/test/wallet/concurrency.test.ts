import { describe, expect, it } from 'vitest';
import { call, testApp } from '../helpers/app';
import { registerPartner } from '../helpers/factories';
import { adjust, balances, ledgerHealth } from '../helpers/money';
import { startTwoServers } from '../helpers/process';
import { tariffId } from '../helpers/tariffs';

describe.runIf(process.env.TEST_DATABASE_URL)(
  'withdrawals and purchases under concurrency, on PostgreSQL with two server processes',
  () => {
    it('200 concurrent withdrawals of 10 against a balance of 1000 accept exactly 100, never below zero, no 500', async () => {
      const app = await testApp();
      const partner = await registerPartner(app);
      const set = await call(app, 'PATCH', '/api/v1/accounts/info/', {
        token: partner.token,
        body: { finance_password: 'finance-pass-1', password: partner.password },
      });
      expect(set.status).toBe(200);
      await adjust(app, partner.id, 'USDT', '1000');

      const servers = await startTwoServers({
        WITHDRAWAL_FEE_USDT: '0',
        WITHDRAWAL_MIN_USDT: '1',
      });
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, index) =>
          fetch(`${servers[index % 2]}/api/v1/withdraw/request/`, {
            method: 'POST',
            headers: { authorization: `Bearer ${partner.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              currency: 'USDT',
              network: 'BEP-20',
              address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
              amount: '10',
              finance_password: 'finance-pass-1',
            }),
          }).then(async (response) => ({ status: response.status, body: await response.json() })),
        ),
      );

      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(statuses.filter((status) => status === 201)).toHaveLength(100);
      const refused = answers.filter((answer) => answer.status !== 201);
      expect(refused).toHaveLength(100);
      for (const answer of refused) {
        expect(answer).toEqual({
          status: 400,
          body: { amount: ['Amount is bigger than your available balance.'] },
        });
      }
      expect((await balances(app, partner.token)).usdt).toBe('0.000000');
      const health = await ledgerHealth(app);
      expect(health).toMatchObject({
        ok: true,
        negative_user_accounts: 0,
        unbalanced_transfers: 0,
        mismatched_accounts: [],
      });
    }, 240_000);

    it('60 concurrent purchases of 100 against a balance of 2000 buy exactly 20, never below zero, no 500', async () => {
      const app = await testApp();
      const partner = await registerPartner(app);
      await adjust(app, partner.id, 'USDT', '2000');
      const node = await tariffId(app, 'virtual-node-100');

      const servers = await startTwoServers({});
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, index) =>
          fetch(`${servers[index % 2]}/api/v1/virtual_node/purchase/`, {
            method: 'POST',
            headers: { authorization: `Bearer ${partner.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ product_id: node }),
          }).then(async (response) => ({ status: response.status, body: await response.json() })),
        ),
      );

      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(statuses.filter((status) => status === 201)).toHaveLength(20);
      for (const answer of answers.filter((one) => one.status !== 201)) {
        expect(answer).toEqual({
          status: 400,
          body: { non_field_errors: ['Insufficient funds on the internal balance.'] },
        });
      }
      expect((await balances(app, partner.token)).usdt).toBe('0.000000');
      const mine = await call(app, 'GET', '/api/v1/virtual_node/my/', { token: partner.token });
      expect(mine.body).toHaveLength(20);
      expect(await ledgerHealth(app)).toMatchObject({
        ok: true,
        negative_user_accounts: 0,
        mismatched_accounts: [],
      });
    }, 240_000);

    it('30 purchases with one Idempotency-Key at once buy once; each answers the first answer; its key with another body answers 409', async () => {
      const app = await testApp();
      const partner = await registerPartner(app);
      // Money for one purchase only: a racing retry that ran its work after the first one's
      // commit would be short, and must still answer what the first one answered.
      await adjust(app, partner.id, 'USDT', '150');
      const node = await tariffId(app, 'virtual-node-100');
      const servers = await startTwoServers({});
      const buy = (index: number, body: object) =>
        fetch(`${servers[index % 2]}/api/v1/virtual_node/purchase/`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${partner.token}`,
            'content-type': 'application/json',
            'idempotency-key': 'one-node',
          },
          body: JSON.stringify(body),
        }).then(async (response) => ({
          status: response.status,
          replayed: response.headers.get('idempotent-replayed'),
          body: await response.json(),
        }));

      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, index) => buy(index, { product_id: node })),
      );

      expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(201));
      expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
      expect(answers.filter((answer) => answer.replayed !== 'true')).toHaveLength(1);
      const mine = await call(app, 'GET', '/api/v1/virtual_node/my/', { token: partner.token });
      expect(mine.body).toHaveLength(1);
      expect((await balances(app, partner.token)).usdt).toBe('50.000000');

      const other = await buy(0, { product_id: node, promocode: 'NOSUCHCODE' });
      expect(other).toMatchObject({
        status: 409,
        body: { detail: 'This Idempotency-Key was used for a different request.' },
      });
      expect((await balances(app, partner.token)).usdt).toBe('50.000000');
      expect(await ledgerHealth(app)).toMatchObject({
        ok: true,
        negative_user_accounts: 0,
        mismatched_accounts: [],
      });
    }, 240_000);
  },
);
