import type { TChainCurrency, TNetwork } from '@portal/contracts';
import { configSlice, decimal, minorOf } from '../../lib/env';

type TWithdrawalVariable = `WITHDRAWAL_${'FEE' | 'MIN' | 'MAX'}_${TChainCurrency}`;

/** Each chain currency's withdrawal fee and limits (WITHDRAWAL_FEE_*, _MIN_*, _MAX_*). */
export const withdrawalsConfig = configSlice({
  env: {
    WITHDRAWAL_FEE_USDT: decimal.default('1'),
    WITHDRAWAL_MIN_USDT: decimal.default('10'),
    WITHDRAWAL_MAX_USDT: decimal.default('10000'),
    WITHDRAWAL_FEE_DXN: decimal.default('10'),
    WITHDRAWAL_MIN_DXN: decimal.default('100'),
    WITHDRAWAL_MAX_DXN: decimal.default('1000000'),
  },
  build: (env) => ({
    withdrawals: {
      USDT: withdrawalRule(env, 'USDT', ['BEP-20', 'TRC-20']),
      DXN: withdrawalRule(env, 'DXN', ['BEP-20']),
    } satisfies Record<TChainCurrency, unknown>,
  }),
});

/** A chain currency's withdrawal fee and limits and its networks. */
function withdrawalRule(
  env: Record<TWithdrawalVariable, string>,
  currency: TChainCurrency,
  networks: TNetwork[],
) {
  const amount = (name: TWithdrawalVariable) => minorOf(env[name], currency, name);
  return {
    fee: amount(`WITHDRAWAL_FEE_${currency}`),
    min: amount(`WITHDRAWAL_MIN_${currency}`),
    max: amount(`WITHDRAWAL_MAX_${currency}`),
    networks,
  };
}
