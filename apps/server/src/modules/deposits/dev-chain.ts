import type { z } from 'zod';
import { parseMinor, type TCurrency, type ZDevTransferRequest } from '@portal/contracts';
import { DevChainInputError, type TDevChain } from '../../adapters/chain/dev-chain';
import { fail } from '../../http/errors';
import { checkAmountBound } from '../ledger/bounds';

/** The development chain's calls (api.md): only registered while it runs. */
export function createDevChainCalls(devChain: TDevChain, amountMax: Record<TCurrency, bigint>) {
  return {
    async transfer(input: z.output<typeof ZDevTransferRequest>): Promise<{ hash: string }> {
      const amount = parseMinor(input.amount, input.currency);
      if (amount !== null) checkAmountBound(amount, input.currency, amountMax);
      try {
        return await devChain.transfer(input);
      } catch (error) {
        if (error instanceof DevChainInputError) {
          throw fail.field(error.field, error.field === 'to' ? 'addressInvalid' : 'invalidValue');
        }
        throw error;
      }
    },
    async mine(blocks: number): Promise<{ height: number }> {
      return { height: await devChain.mine(blocks) };
    },
  };
}

export type TDevChainCalls = ReturnType<typeof createDevChainCalls>;
