import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../src/db/client';
import { call, post, type TTestApp } from './app';
import { loginAdmin, type TPartner } from './factories';

/** The balances of a new partner, as the profile shows them. */
export const ZERO_BALANCES = {
  usdt: '0.000000',
  dexnet: '0.00000000',
  dft_locked: '0.00000000',
  dft_available: '0.00000000',
  matching_bonus: '0.000000',
  vp_bonus: '0.000000',
  other_bonuses: '0.000000',
  debt: '0.000000',
};

/** Credits (or debits) a partner through the admin adjustment call, as an operator would. */
export async function adjust(
  app: TTestApp,
  userId: number,
  currency: 'USDT' | 'DXN' | 'DFT',
  amount: string,
) {
  const token = await loginAdmin(app);
  const response = await post(
    app,
    '/api/v1/admin/ledger/adjustments/',
    { user_id: userId, currency, amount, reason: 'test' },
    token,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
}

export async function balances(app: TTestApp, token: string) {
  const response = await post(app, '/api/v1/accounts/info/', {}, token);
  expect(response.status).toBe(200);
  return response.body.balances as Record<string, string>;
}

export async function ledgerHealth(app: TTestApp) {
  const response = await call(app, 'GET', '/api/v1/admin/ledger/health/', { token: await loginAdmin(app) });
  expect(response.status).toBe(200);
  return response.body;
}

/** What the postings of a company account add up to (company balances are not kept on the row). */
export async function companyBalance(
  app: TTestApp,
  purpose: string,
  currency: 'USDT' | 'DXN' | 'DFT' = 'USDT',
): Promise<bigint> {
  const [row] = await queryRows<{ total: string | null }>(
    app.database.db,
    sql`select sum(p.amount)::text as total from ledger_postings p
        join ledger_accounts a on a.id = p.account_id
        where a.user_id is null and a.purpose = ${purpose} and a.currency = ${currency}`,
  );
  return BigInt(row?.total ?? '0');
}

/** The BEP-20 address the tests withdraw to. */
export const BEP20_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** `partner` sets a finance password and asks to withdraw `amount` USDT on BEP-20; the answer. */
export async function requestWithdrawal(app: TTestApp, partner: TPartner, amount: string) {
  const finance = await call(app, 'PATCH', '/api/v1/accounts/info/', {
    token: partner.token,
    body: { finance_password: 'finance-pass-1', password: partner.password },
  });
  expect(finance.status, JSON.stringify(finance.body)).toBe(200);
  return post(
    app,
    '/api/v1/withdraw/request/',
    {
      currency: 'USDT',
      network: 'BEP-20',
      address: BEP20_ADDRESS,
      amount,
      finance_password: 'finance-pass-1',
    },
    partner.token,
  );
}
