import { minor } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { recordOperation } from '../../src/modules/statement/service';
import { post, testApp } from '../helpers/app';
import { registerPartner } from '../helpers/factories';

const FINANCES = '/api/v1/payments/finances/';

describe('POST /api/v1/payments/finances/ ordering by amount', () => {
  it('orders amounts within each currency and never interleaves currencies', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    // Minor units differ per currency (USDT 6 places, DXN 8): 5 DXN is 500000000, 7 USDT 7000000.
    const lines = [
      { currency: 'USDT', amount: 7_000000n },
      { currency: 'DXN', amount: 5_00000000n },
      { currency: 'USDT', amount: 20_000000n },
      { currency: 'DXN', amount: 1_00000000n },
      { currency: 'DFT', amount: 3_00000000n },
    ] as const;
    for (const [index, line] of lines.entries()) {
      await recordOperation(app.database.db, {
        userId: partner.id,
        operationType: 'adjustment',
        currency: line.currency,
        amount: minor(line.amount),
        status: 'completed',
        reference: `test:${index}`,
      });
    }
    const order = async (ordering: string) => {
      const response = await post(app, FINANCES, { ordering, operation_type: 'adjustment' }, partner.token);
      expect(response.status).toBe(200);
      return response.body.results.map(
        (row: { currency: string; amount: string }) => `${row.amount} ${row.currency}`,
      );
    };
    expect(await order('amount')).toEqual([
      '3.00000000 DFT',
      '1.00000000 DXN',
      '5.00000000 DXN',
      '7.000000 USDT',
      '20.000000 USDT',
    ]);
    expect(await order('-amount')).toEqual([
      '20.000000 USDT',
      '7.000000 USDT',
      '5.00000000 DXN',
      '1.00000000 DXN',
      '3.00000000 DFT',
    ]);
  });
});
