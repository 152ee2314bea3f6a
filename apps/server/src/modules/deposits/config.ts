import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import type { TChainCurrency } from '@portal/contracts';
import { z } from 'zod';
import { bool, configSlice, keptInDataDir } from '../../lib/env';

const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

/** The BIP-44 account of Ethereum-style chains; deposit addresses are its children /0/i. */
export const DEPOSIT_ACCOUNT_PATH = "m/44'/60'/0'";

/** The chain deposits are read from (CHAIN_*, the token contracts, DEPOSIT_XPUB, DEV_CHAIN*, INVOICE_TTL_MINUTES). */
export const depositsConfig = configSlice({
  env: {
    /** An EVM JSON-RPC node (BNB Smart Chain); without it the development chain runs (not in production). */
    CHAIN_RPC_URL: z.url().optional(),
    CHAIN_ID: z.coerce.number().int().positive().default(56),
    /** BEP-20 USDT on BNB Smart Chain. */
    USDT_CONTRACT: evmAddress.default('0x55d398326f99059fF775485246999027B3197955'),
    /** The DexNet token contract; the default is the development chain's. */
    DXN_CONTRACT: evmAddress.default('0xD0e7D3C0f3E1a3a1Dc5C2B7F9E3F5a5B0c7d9e1f'),
    USDT_DECIMALS: z.coerce.number().int().min(0).max(36).default(18),
    DXN_DECIMALS: z.coerce.number().int().min(0).max(36).default(18),
    CHAIN_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(3),
    CHAIN_POLL_SECONDS: z.coerce.number().min(0.2).max(600).default(3),
    DEV_CHAIN_BLOCK_SECONDS: z.coerce.number().min(0.2).max(600).default(3),
    /**
     * The development chain (anyone may send its tokens): on by default only on the embedded
     * database; on a shared PostgreSQL only when set to true. Never in production.
     */
    DEV_CHAIN: bool.optional(),
    /** The extended public key (xpub) deposit addresses are derived from; the server holds no private key. */
    DEPOSIT_XPUB: z
      .string()
      .regex(/^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/)
      .optional(),
    INVOICE_TTL_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(60),
  },
  production: (env) =>
    !env.CHAIN_RPC_URL || !env.DEPOSIT_XPUB
      ? 'CHAIN_RPC_URL and DEPOSIT_XPUB are required in production: the development chain is not money.'
      : null,
  sandbox: 'DEV_CHAIN',
  build: (env, { embedded, dataDir }) => ({
    chain: {
      /** null: the development chain runs in process when `dev`, else deposits are unavailable. */
      rpcUrl: env.CHAIN_RPC_URL ?? null,
      /** The development chain runs (no rpcUrl, and on by default or by DEV_CHAIN). */
      dev: !env.CHAIN_RPC_URL && (env.DEV_CHAIN ?? embedded),
      chainId: env.CHAIN_ID,
      contracts: { USDT: env.USDT_CONTRACT, DXN: env.DXN_CONTRACT } satisfies Record<TChainCurrency, string>,
      decimals: { USDT: env.USDT_DECIMALS, DXN: env.DXN_DECIMALS } satisfies Record<TChainCurrency, number>,
      confirmations: env.CHAIN_CONFIRMATIONS,
      pollMs: Math.round(env.CHAIN_POLL_SECONDS * 1000),
      devBlockMs: Math.round(env.DEV_CHAIN_BLOCK_SECONDS * 1000),
      depositXpub: env.DEPOSIT_XPUB ?? developmentXpub(dataDir),
      invoiceTtlMinutes: env.INVOICE_TTL_MINUTES,
    },
  }),
});

/**
 * Outside production a missing DEPOSIT_XPUB is made from a random seed that is thrown away at
 * once: the development chain's deposit addresses need no private key either.
 */
function developmentXpub(dataDir: string): string {
  return keptInDataDir(
    dataDir,
    'deposit.xpub',
    () => HDKey.fromMasterSeed(randomBytes(32)).derive(DEPOSIT_ACCOUNT_PATH).publicExtendedKey,
  );
}
