import { secp256k1 } from '@noble/curves/secp256k1.js';
import { HDKey } from '@scure/bip32';
import { bytesToHex } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import type { Db } from '../../db/client';
import * as repo from './repo';

/** BIP-32 version bytes of testnet keys (tpub); mainnet xpub keys use the library's default. */
const TESTNET_VERSIONS = { private: 0x04358394, public: 0x043587cf };

/**
 * The addresses of an account-level extended public key (m/44'/60'/0'): address i is its child
 * 0/i, the i-th address of the standard Ethereum path m/44'/60'/0'/0/i. Public derivation only:
 * the private keys stay with whoever holds the seed, never on this server.
 */
export function depositAddressDeriver(xpub: string): (index: number) => string {
  const account = HDKey.fromExtendedKey(xpub, xpub.startsWith('tpub') ? TESTNET_VERSIONS : undefined);
  if (account.privateKey) throw new Error('DEPOSIT_XPUB must be a public key');
  if (account.depth !== 3) throw new Error("DEPOSIT_XPUB must be an account-level key (m/44'/60'/0')");
  const external = account.deriveChild(0);
  return (index) => {
    const compressed = external.deriveChild(index).publicKey!;
    const uncompressed = secp256k1.Point.fromBytes(compressed).toBytes(false);
    return publicKeyToAddress(bytesToHex(uncompressed)).toLowerCase();
  };
}

/**
 * The partner's own deposit address, made on first use: the row takes the next derivation index,
 * and the address derived from it is written in the same transaction, so no one ever sees the row
 * without its address. Two first requests at once: the second waits on the first's row and reads it.
 */
export async function depositAddressOf(
  db: Db,
  derive: (index: number) => string,
  userId: number,
): Promise<string> {
  const existing = await repo.findDepositAddress(db, userId);
  if (existing) return existing.address;
  return db.transaction(async (tx) => {
    const inserted = await repo.insertDepositAddress(tx, userId);
    if (!inserted) return (await repo.findDepositAddress(tx, userId))!.address;
    const address = derive(inserted.derivationIndex);
    await repo.setDepositAddress(tx, userId, address);
    return address;
  });
}
