import { createHash, randomBytes } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** `bytes` random bytes as RFC 4648 base32 letters (no padding). */
function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += BASE32[(value << (5 - bits)) & 31];
  return text;
}

/** The form a code is compared in: without spaces or dashes, upper case. */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** SHA-256 (hex) of the normalized code: the only thing kept of it. */
export function hashCode(code: string): string {
  return createHash('sha256').update(normalizeCode(code)).digest('hex');
}

/**
 * A new one-time code: `prefix` and 120 random bits (15 bytes, 24 base32 letters) in groups of four,
 * e.g. GIFT-ABCD-EFGH-IJKL-MNOP-QRST-UVWX. Too many to guess, so an unsalted hash keeps it safe.
 */
export function newCode(prefix: string): { code: string; hash: string } {
  const letters = base32(randomBytes(15));
  const code = [prefix, ...(letters.match(/.{4}/g) ?? [])].join('-');
  return { code, hash: hashCode(code) };
}
