import { describe, expect, it } from 'vitest';
import { decrypt, deriveKey, encrypt, randomToken, safeEqual, sha256 } from './crypto';

describe('encryption at rest', () => {
  const key = deriveKey('a-secret-key-of-the-server-0123456789', 'totp-secret');

  it('round-trips and never writes the plaintext', () => {
    const stored = encrypt(key, 'JBSWY3DPEHPK3PXP');
    expect(stored).not.toContain('JBSWY3DPEHPK3PXP');
    expect(decrypt(key, stored)).toBe('JBSWY3DPEHPK3PXP');
    expect(encrypt(key, 'JBSWY3DPEHPK3PXP')).not.toBe(stored);
  });

  it('refuses another key and a tampered ciphertext', () => {
    const stored = encrypt(key, 'secret');
    expect(() => decrypt(deriveKey('another-key-0123456789-0123456789', 'totp-secret'), stored)).toThrow();
    const parts = stored.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => decrypt(key, parts.join('.'))).toThrow();
  });

  it('derives different keys for different purposes', () => {
    expect(deriveKey('k'.repeat(32), 'a').equals(deriveKey('k'.repeat(32), 'b'))).toBe(false);
  });
});

describe('tokens and hashes', () => {
  it('makes URL-safe random tokens of 256 bits', () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(token);
  });

  it('hashes with SHA-256 and compares in constant time', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(safeEqual('123456', '123456')).toBe(true);
    expect(safeEqual('123456', '123457')).toBe(false);
    expect(safeEqual('123456', '1234567')).toBe(false);
  });
});
