import { randomBytes } from 'node:crypto';
import type { TChainCurrency } from '@portal/contracts';
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import { isAddress } from 'viem';
import type { TConfig } from '../../config';
import { type Db, queryRows } from '../../db/client';
import { devChainBlocks, devChainLogs } from '../schema';
import type { TChainAdapter, TChainLog } from './types';
import { decimalToRaw } from './units';
import { LOCKS } from '../../db/locks';

/** Where every development-chain transfer comes from. */
export const DEV_FAUCET = '0x00000000000000000000000000000000000fa0ce';

/** A log as eth_getLogs answers it: with its block's hash. */
export type TDevLog = TChainLog & { blockHash: string };

export class DevChainInputError extends Error {
  constructor(readonly field: 'to' | 'amount') {
    super(`Invalid ${field}`);
  }
}

export type TDevChain = TChainAdapter & {
  readonly chainId: number;
  /** Sends `amount` (a decimal string of the currency) from the faucet; mined with the next block. */
  transfer(input: { to: string; currency: TChainCurrency; amount: string }): Promise<{ hash: string }>;
  /** A Transfer log of any token contract, in raw units (tests send an unknown token with it). */
  emit(log: { contract: string; to: string; value: bigint; from?: string }): Promise<{ hash: string }>;
  /** Adds blocks, the first with every waiting log; answers the new height. */
  mine(blocks?: number): Promise<number>;
  /** One block, unless another process made one less than `intervalMs` ago. */
  mineIfDue(intervalMs: number): Promise<void>;
  /** Logs of mined blocks, of any contract (null: all), for the JSON-RPC endpoint. */
  logs(filter: { fromBlock: number; toBlock: number; contracts: string[] | null }): Promise<TDevLog[]>;
};

const randomHash = () => `0x${randomBytes(32).toString('hex')}`;

/**
 * The development chain of the embedded default: blocks and Transfer logs kept in the database,
 * so that it survives restarts and every server process sees the same chain.
 */
export function createDevChain(deps: { db: Db; chain: TConfig['chain'] }): TDevChain {
  const { db, chain } = deps;
  const tokenContracts = [chain.contracts.USDT, chain.contracts.DXN].map((address) => address.toLowerCase());

  async function headNumber(tx: Db = db): Promise<number> {
    const [row] = await tx
      .select({ head: sql<string>`coalesce(max(${devChainBlocks.number}), 0)::text` })
      .from(devChainBlocks);
    return Number(row!.head);
  }

  async function logs(filter: { fromBlock: number; toBlock: number; contracts: string[] | null }) {
    if (filter.fromBlock > filter.toBlock || filter.contracts?.length === 0) return [];
    const rows = await db
      .select({ log: devChainLogs, blockHash: devChainBlocks.hash })
      .from(devChainLogs)
      .innerJoin(devChainBlocks, eq(devChainBlocks.number, devChainLogs.blockNumber))
      .where(
        and(
          between(devChainLogs.blockNumber, filter.fromBlock, filter.toBlock),
          filter.contracts ? inArray(devChainLogs.contract, filter.contracts) : undefined,
        ),
      )
      .orderBy(asc(devChainLogs.blockNumber), asc(devChainLogs.logIndex));
    return rows.map(({ log, blockHash }): TDevLog => ({
      txHash: log.txHash,
      logIndex: log.logIndex,
      blockNumber: log.blockNumber!,
      contract: log.contract,
      from: log.fromAddress,
      to: log.toAddress,
      value: BigInt(log.rawAmount),
      blockHash,
    }));
  }

  async function emit(log: { contract: string; to: string; value: bigint; from?: string }) {
    const hash = randomHash();
    await db.insert(devChainLogs).values({
      txHash: hash,
      // Numbered within its block when mined.
      logIndex: 0,
      contract: log.contract.toLowerCase(),
      fromAddress: (log.from ?? DEV_FAUCET).toLowerCase(),
      toAddress: log.to.toLowerCase(),
      rawAmount: log.value.toString(),
    });
    return { hash };
  }

  async function mineLocked(tx: Db, blocks: number): Promise<number> {
    const head = await headNumber(tx);
    await tx
      .insert(devChainBlocks)
      .values(Array.from({ length: blocks }, (_, i) => ({ number: head + 1 + i, hash: randomHash() })));
    await tx.execute(sql`
      update ${devChainLogs} l set block_number = ${head + 1}, log_index = waiting.position
      from (select id, (row_number() over (order by id) - 1)::int as position
            from ${devChainLogs} where block_number is null) waiting
      where l.id = waiting.id`);
    return head + blocks;
  }

  return {
    name: 'dev',
    firstBlock: 'genesis',
    chainId: chain.chainId,
    headNumber: () => headNumber(),
    async transfers(fromBlock, toBlock) {
      const found = await logs({ fromBlock, toBlock, contracts: tokenContracts });
      return found.map(({ blockHash: _, ...log }) => log);
    },
    async transfer({ to, currency, amount }) {
      if (!isAddress(to, { strict: false })) throw new DevChainInputError('to');
      const value = decimalToRaw(amount, chain.decimals[currency]);
      if (value === null || value === 0n) throw new DevChainInputError('amount');
      return emit({ contract: chain.contracts[currency], to, value });
    },
    emit,
    async mine(blocks = 1) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.devChainMining})`);
        return mineLocked(tx, blocks);
      });
    },
    async mineIfDue(intervalMs) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.devChainMining})`);
        const [recent] = await queryRows<{ n: number }>(
          tx,
          sql`select 1 as n from ${devChainBlocks}
              where created_at > now() - make_interval(secs => ${intervalMs * 0.9} / 1000.0) limit 1`,
        );
        if (!recent) await mineLocked(tx, 1);
      });
    },
    logs,
  };
}
