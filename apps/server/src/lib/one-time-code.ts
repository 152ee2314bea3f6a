import { randomBytes } from 'node:crypto';
import { sha256 } from './crypto';

/** Crockford's base32 without I, L, O, U: nothing to misread when typed from a screen. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A code shown once to its owner and kept only as its hash (validator keys' activation codes):
 * `prefix` and 4 groups of 4 characters, 80 random bits, e.g. `VK-7Q2M-9XKD-A4TB-0PZR`.
 */
export function newOneTimeCode(prefix: string): { code: string; hash: string } {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let text = '';
  for (let i = 0; i < 16; i += 1) {
    text = ALPHABET[Number(bits & 31n)]! + text;
    bits >>= 5n;
  }
  const code = `${prefix}-${text.match(/.{4}/g)!.join('-')}`;
  return { code, hash: hashOneTimeCode(code) };
}

/** The hash a code is kept and looked up by: case, spaces and dashes as typed do not matter. */
export function hashOneTimeCode(code: string): string {
  return sha256(code.toUpperCase().replace(/[\s-]/g, ''));
}
