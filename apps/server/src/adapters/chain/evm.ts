import { createPublicClient, http, parseAbiItem } from 'viem';
import type { TConfig } from '../../config';
import type { TChainAdapter, TChainLog } from './types';

const TRANSFER_EVENT = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

/** Public RPC nodes refuse eth_getLogs over wide ranges; 1,000 blocks is accepted by common ones. */
export const MAX_LOG_RANGE = 1000;

/** The chain's name in chain_transfers (and in ledger references): stable for a chain id. */
export function evmChainName(chainId: number): string {
  if (chainId === 56) return 'bsc';
  if (chainId === 97) return 'bsc-testnet';
  return `evm-${chainId}`;
}

/** A real EVM chain read through a JSON-RPC node (BNB Smart Chain in production). */
export function createEvmChain(chain: TConfig['chain'], rpcUrl: string): TChainAdapter {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 2, timeout: 20_000 }) });
  const address = [chain.contracts.USDT, chain.contracts.DXN] as `0x${string}`[];

  // A node of another chain (a testnet by mistake) must never credit its tokens as real ones.
  let checked: Promise<void> | undefined;
  async function checkChainId(): Promise<void> {
    const id = await client.getChainId().catch((error: unknown) => {
      checked = undefined;
      throw error;
    });
    if (id !== chain.chainId) {
      checked = undefined;
      throw new Error(`CHAIN_RPC_URL serves chain ${id}, not CHAIN_ID ${chain.chainId}`);
    }
  }

  /** A range whose answer is more than the node gives at once is asked for in halves. */
  async function logsIn(start: number, end: number): Promise<TChainLog[]> {
    let logs;
    try {
      logs = await client.getLogs({
        address,
        event: TRANSFER_EVENT,
        fromBlock: BigInt(start),
        toBlock: BigInt(end),
        // Not strict: a log of our contracts that does not decode is kept as malformed, not dropped.
        strict: false,
      });
    } catch (error) {
      if (end === start || !tooManyResults(error)) throw error;
      const middle = Math.floor((start + end) / 2);
      return [...(await logsIn(start, middle)), ...(await logsIn(middle + 1, end))];
    }
    const found: TChainLog[] = [];
    for (const log of logs) {
      // A log of a block that a reorganisation dropped, or of a pending block.
      if (log.removed || log.blockNumber === null || log.transactionHash === null || log.logIndex === null)
        continue;
      const { from, to, value } = log.args as { from?: string; to?: string; value?: bigint };
      const decoded = typeof from === 'string' && typeof to === 'string' && typeof value === 'bigint';
      found.push({
        txHash: log.transactionHash.toLowerCase(),
        logIndex: log.logIndex,
        blockNumber: Number(log.blockNumber),
        contract: log.address.toLowerCase(),
        from: typeof from === 'string' ? from.toLowerCase() : '',
        to: typeof to === 'string' ? to.toLowerCase() : '',
        value: typeof value === 'bigint' ? value : 0n,
        ...(decoded ? {} : { malformed: `not a Transfer(address,address,uint256) log: ${describeLog(log)}` }),
      });
    }
    return found;
  }

  return {
    name: evmChainName(chain.chainId),
    firstBlock: 'head',
    async headNumber() {
      checked ??= checkChainId();
      await checked;
      return Number(await client.getBlockNumber({ cacheTime: 0 }));
    },
    async transfers(fromBlock, toBlock) {
      const found: TChainLog[] = [];
      for (let start = fromBlock; start <= toBlock; start += MAX_LOG_RANGE) {
        found.push(...(await logsIn(start, Math.min(start + MAX_LOG_RANGE - 1, toBlock))));
      }
      return found;
    },
  };
}

/** What a malformed log holds, for the admins who look into it (topics and data, shortened). */
function describeLog(log: { topics: readonly string[]; data: string }): string {
  const data = log.data.length > 200 ? `${log.data.slice(0, 200)}…` : log.data;
  return `${log.topics.length} topics, data ${data}`;
}

/** Nodes say "too many results" in their own words; -32005 is the common code for it. */
function tooManyResults(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === -32005) return true;
    if (/more than \d+ results|too many|limit exceeded|range (is )?too (large|wide)/i.test(current.message))
      return true;
  }
  return false;
}
