import type { TChainCurrency } from '@portal/contracts';

/** One ERC-20/BEP-20 `Transfer(from, to, value)` log; addresses lower-case hex. */
export type TChainLog = {
  txHash: string;
  logIndex: number;
  blockNumber: number;
  contract: string;
  from: string;
  to: string;
  /** The token's own units. */
  value: bigint;
  /**
   * Set when the log of a token contract could not be decoded as a Transfer (wrong topics or
   * data): the reason; `from`, `to` and `value` then hold what could be read ('' and 0n if nothing).
   */
  malformed?: string;
};

/** A chain the deposits watcher reads: a real EVM node, or the development chain. */
export type TChainAdapter = {
  /** Stored in chain_transfers.chain and in the ledger references of its deposits. */
  readonly name: string;
  /**
   * Where the watcher starts reading when it has no cursor yet: a real chain at its current head
   * (no deposit address existed before), the development chain at its first block.
   */
  readonly firstBlock: 'head' | 'genesis';
  /** No chain is configured: nothing to read (adapters/chain/disabled.ts). */
  readonly disabled?: boolean;
  headNumber(): Promise<number>;
  /** The Transfer logs of the configured token contracts in [fromBlock, toBlock]. */
  transfers(fromBlock: number, toBlock: number): Promise<TChainLog[]>;
};

/** keccak256("Transfer(address,address,uint256)"): the first topic of every Transfer log. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** The token contracts of the configured currencies, by lower-case address. */
export function contractCurrencies(contracts: Record<TChainCurrency, string>): Map<string, TChainCurrency> {
  return new Map(
    (Object.entries(contracts) as [TChainCurrency, string][]).map(([currency, address]) => [
      address.toLowerCase(),
      currency,
    ]),
  );
}
