import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  hotp,
  matchTotp,
  otpauthUrl,
  timeStep,
} from './totp';

const ascii = (text: string) => Buffer.from(text, 'ascii');

describe('RFC 6238 test vectors (appendix B, 8 digits)', () => {
  const seeds = {
    sha1: ascii('12345678901234567890'),
    sha256: ascii('12345678901234567890123456789012'),
    sha512: ascii('1234567890123456789012345678901234567890123456789012345678901234'),
  };
  const vectors: [number, Record<keyof typeof seeds, string>][] = [
    [59, { sha1: '94287082', sha256: '46119246', sha512: '90693936' }],
    [1111111109, { sha1: '07081804', sha256: '68084774', sha512: '25091201' }],
    [1111111111, { sha1: '14050471', sha256: '67062674', sha512: '99943326' }],
    [1234567890, { sha1: '89005924', sha256: '91819424', sha512: '93441116' }],
    [2000000000, { sha1: '69279037', sha256: '90698825', sha512: '38618901' }],
    [20000000000, { sha1: '65353130', sha256: '77737706', sha512: '47863826' }],
  ];
  for (const [time, expected] of vectors) {
    for (const algorithm of ['sha1', 'sha256', 'sha512'] as const) {
      it(`T=${time} ${algorithm}`, () => {
        expect(hotp(seeds[algorithm], timeStep(time), 8, algorithm)).toBe(expected[algorithm]);
      });
    }
  }
});

describe('RFC 4226 HOTP test vectors (appendix D, 6 digits)', () => {
  const expected = [
    '755224',
    '287082',
    '359152',
    '969429',
    '338314',
    '254676',
    '287922',
    '162583',
    '399871',
    '520489',
  ];
  expected.forEach((code, counter) => {
    it(`counter ${counter}`, () => expect(hotp(ascii('12345678901234567890'), counter)).toBe(code));
  });
});

describe('matching a code', () => {
  const secret = base32Encode(ascii('12345678901234567890'));
  const now = 1_800_000_000;
  const codeAt = (step: number) => hotp(base32Decode(secret), step);

  it('accepts the current step and one step either side, and says which', () => {
    const step = timeStep(now);
    expect(matchTotp(secret, codeAt(step), now)).toBe(step);
    expect(matchTotp(secret, codeAt(step - 1), now)).toBe(step - 1);
    expect(matchTotp(secret, codeAt(step + 1), now)).toBe(step + 1);
  });

  it('refuses codes two steps away and wrong codes', () => {
    const step = timeStep(now);
    expect(matchTotp(secret, codeAt(step - 2), now)).toBeNull();
    expect(matchTotp(secret, codeAt(step + 2), now)).toBeNull();
    const wrong = codeAt(step) === '000000' ? '000001' : '000000';
    expect(matchTotp(secret, wrong, now)).toBeNull();
  });
});

describe('secrets and URLs', () => {
  it('base32 round-trips and matches RFC 4648 vectors', () => {
    expect(base32Encode(ascii('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString('ascii')).toBe('foobar');
    expect(base32Decode('MZXW6YQ=').toString('ascii')).toBe('foob');
  });

  it('generates 160-bit secrets, different each time', () => {
    const a = generateTotpSecret();
    expect(base32Decode(a)).toHaveLength(20);
    expect(generateTotpSecret()).not.toBe(a);
  });

  it('writes the otpauth URL authenticator apps read', () => {
    const url = new URL(otpauthUrl('JBSWY3DPEHPK3PXP', 'ann@example.com', 'Partner Portal'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Partner Portal:ann@example.com');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'Partner Portal',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
