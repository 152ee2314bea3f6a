import type { TChainAdapter } from './types';

export class ChainUnavailableError extends Error {}

/**
 * No chain: neither CHAIN_RPC_URL nor the development chain (off by default on a shared
 * PostgreSQL). Deposits answer 503 and the watcher does not run.
 */
export function createDisabledChain(): TChainAdapter {
  const refuse = async (): Promise<never> => {
    throw new ChainUnavailableError('No chain is configured (CHAIN_RPC_URL, or DEV_CHAIN=true)');
  };
  return { name: 'none', firstBlock: 'head', disabled: true, headNumber: refuse, transfers: refuse };
}
