import { createHash } from 'node:crypto';
import type { TNetwork } from '@portal/contracts';
import { checksumAddress } from 'viem';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58Decode(text: string): Buffer | null {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const hex = value.toString(16);
  const bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const leadingZeros = text.length - text.replace(/^1+/, '').length;
  return Buffer.concat([Buffer.alloc(leadingZeros), value === 0n ? Buffer.alloc(0) : bytes]);
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();

/** TRON: base58check of 0x41 and a 20-byte account, the check being 4 bytes of double SHA-256. */
export function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  const bytes = base58Decode(address);
  if (!bytes || bytes.length !== 25 || bytes[0] !== 0x41) return false;
  const payload = bytes.subarray(0, 21);
  return sha256(sha256(payload)).subarray(0, 4).equals(bytes.subarray(21));
}

/**
 * BEP-20 (EVM): 20 bytes in hex; a mixed-case address must carry a valid EIP-55 checksum, since
 * the checksum is what catches a mistyped character.
 */
export function isBep20Address(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return checksumAddress(address as `0x${string}`) === address;
}

/**
 * The network a withdrawal address belongs to, or null when it belongs to none. The token
 * contracts themselves are refused: tokens sent to a contract are lost.
 */
export function addressNetwork(address: string, tokenContracts: readonly string[]): TNetwork | null {
  const trimmed = address.trim();
  if (isBep20Address(trimmed)) {
    const lower = trimmed.toLowerCase();
    if (tokenContracts.some((contract) => contract.toLowerCase() === lower)) return null;
    if (/^0x0{40}$/.test(lower)) return null;
    return 'BEP-20';
  }
  return isTronAddress(trimmed) ? 'TRC-20' : null;
}
