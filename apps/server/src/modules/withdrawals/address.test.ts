import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addressNetwork, isBep20Address, isTronAddress } from './address';

const USDT = '0x55d398326f99059fF775485246999027B3197955';

describe('BEP-20 addresses (EIP-55)', () => {
  // The test vectors of EIP-55 itself.
  const checksummed = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
  ];

  it('accepts the EIP-55 vectors, and all-lower or all-upper hex', () => {
    for (const address of checksummed) expect(isBep20Address(address), address).toBe(true);
    expect(isBep20Address(checksummed[0]!.toLowerCase())).toBe(true);
    expect(isBep20Address(`0x${checksummed[0]!.slice(2).toUpperCase()}`)).toBe(true);
  });

  it('refuses a mixed-case address whose checksum is wrong', () => {
    const flipped = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';
    expect(isBep20Address(flipped)).toBe(false);
    expect(addressNetwork(flipped, [])).toBeNull();
  });

  it('refuses transaction hashes, short or non-hex strings, the zero address and the token contracts', () => {
    const txHash = '0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b';
    expect(addressNetwork(txHash, [])).toBeNull();
    expect(addressNetwork('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', [])).toBeNull();
    expect(addressNetwork('0xZZAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', [])).toBeNull();
    expect(addressNetwork(`0x${'0'.repeat(40)}`, [])).toBeNull();
    expect(addressNetwork(USDT, [USDT])).toBeNull();
    expect(addressNetwork(USDT.toLowerCase(), [USDT])).toBeNull();
    expect(addressNetwork(checksummed[1]!, [USDT])).toBe('BEP-20');
  });
});

describe('TRC-20 addresses (TRON base58check)', () => {
  const valid = [
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', // USDT-TRC20 contract, a real address
    'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9',
  ];

  it('accepts valid TRON addresses', () => {
    for (const address of valid) {
      expect(isTronAddress(address), address).toBe(true);
      expect(addressNetwork(address, [])).toBe('TRC-20');
    }
  });

  it('refuses a changed character, a wrong prefix byte and non-base58 text', () => {
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6')).toBe(false);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60')).toBe(false);
    // A correct base58check payload with another version byte (0x00, a Bitcoin address).
    expect(isTronAddress('1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).toBe(false);
  });

  it('agrees with an address built here from 0x41 and a 20-byte account', () => {
    const payload = Buffer.concat([Buffer.from([0x41]), Buffer.alloc(20, 7)]);
    const check = createHash('sha256')
      .update(createHash('sha256').update(payload).digest())
      .digest()
      .subarray(0, 4);
    const bytes = Buffer.concat([payload, check]);
    const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    let value = BigInt(`0x${bytes.toString('hex')}`);
    let text = '';
    while (value > 0n) {
      text = alphabet[Number(value % 58n)] + text;
      value /= 58n;
    }
    expect(isTronAddress(text)).toBe(true);
  });
});
