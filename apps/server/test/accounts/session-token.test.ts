import { createHmac, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifiedTokens, verifyHs256 } from '../../src/modules/sessions/service';

const key = randomBytes(32);
const other = randomBytes(32);
const now = Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const sign = (claims: Record<string, unknown>, header: Record<string, unknown> = {}, with_ = key) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...header }).sign(with_);

/** A token signed by hand, for headers jose will not sign. */
const signByHand = (header: unknown, claims: unknown) => {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
};

/** What jose's jwtVerify, which the session check used before, says of a token. */
async function joseAccepts(token: string): Promise<boolean> {
  return jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date(now * 1000) }).then(
    () => true,
    () => false,
  );
}

describe('the session token check', () => {
  it('accepts and refuses exactly the tokens jose did', async () => {
    const good = await sign({ sid: 's', sub: '7', iat: now, exp: now + 60 });
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const flipped = signature.slice(0, -2) + (signature.endsWith('A') ? 'BA' : 'AA');
    const tokens: Record<string, { token: string; accepted: boolean }> = {
      good: { token: good, accepted: true },
      'no expiry': { token: await sign({ sid: 's', sub: '7' }), accepted: true },
      expired: { token: await sign({ sid: 's', sub: '7', exp: now }), accepted: false },
      'not yet valid': { token: await sign({ sid: 's', nbf: now + 10, exp: now + 60 }), accepted: false },
      'exp not a number': { token: await sign({ sid: 's', exp: String(now + 60) }), accepted: false },
      'iat not a number': { token: await sign({ sid: 's', iat: 'now' }), accepted: false },
      'other key': { token: await sign({ sid: 's', exp: now + 60 }, {}, other), accepted: false },
      'crit header': {
        token: signByHand({ alg: 'HS256', crit: ['zip'], zip: 1 }, { sid: 's' }),
        accepted: false,
      },
      'hand-signed': { token: signByHand({ alg: 'HS256' }, { sid: 's', exp: now + 1 }), accepted: true },
      'tampered payload': {
        token: `${header}.${b64({ sid: 's', sub: '1', exp: now + 60 })}.${signature}`,
        accepted: false,
      },
      'tampered signature': { token: `${header}.${payload}.${flipped}`, accepted: false },
      'alg none': { token: `${b64({ alg: 'none' })}.${payload}.`, accepted: false },
      'alg HS512 header': { token: `${b64({ alg: 'HS512' })}.${payload}.${signature}`, accepted: false },
      'two parts': { token: `${header}.${payload}`, accepted: false },
      'four parts': { token: `${good}.x`, accepted: false },
      'not base64url': { token: `${header}.${payload}+.${signature}`, accepted: false },
      'payload not an object': {
        token: await new SignJWT({})
          .setProtectedHeader({ alg: 'HS256' })
          .sign(key)
          .then((t) => t.replace(/\.[^.]*\./, `.${b64([1])}.`)),
        accepted: false,
      },
      empty: { token: '', accepted: false },
    };
    for (const [name, { token, accepted }] of Object.entries(tokens)) {
      expect({ name, jose: await joseAccepts(token) }).toEqual({ name, jose: accepted });
      expect({ name, ours: verifyHs256(token, key, now) !== null }).toEqual({ name, ours: accepted });
    }
    expect(verifyHs256(good, key, now)).toMatchObject({ sid: 's', sub: '7' });
  });

  it('keeps a verified token, checks its expiry at every use and never keeps a refused one', async () => {
    const verified = verifiedTokens(key, 2);
    const sid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const good = await sign({ sid: sid(7), sub: '7', iat: now, exp: now + 60 });
    const [header, , signature] = good.split('.') as [string, string, string];
    const tampered = `${header}.${b64({ sid: sid(7), sub: '1', exp: now + 60 })}.${signature}`;

    expect(verified(good, now)).toEqual({ userId: 7, sessionId: sid(7) });
    expect(verified(good, now + 59)).toEqual({ userId: 7, sessionId: sid(7) });
    expect(verified(tampered, now)).toBeNull();
    expect(verified(good, now + 60)).toBeNull();
    expect(verified(await sign({ sid: sid(7), sub: 'seven', exp: now + 60 }), now)).toBeNull();
    expect(verified(await sign({ sub: '7', exp: now + 60 }), now)).toBeNull();
    // The profile read passes session ids as one array literal: nothing but a uuid gets there.
    expect(verified(await sign({ sid: `${sid(7)},${sid(8)}`, sub: '7', exp: now + 60 }), now)).toBeNull();

    // More tokens than it keeps: each is still checked and answered on its own.
    const tokens = await Promise.all(
      [1, 2, 3].map((sub) => sign({ sid: sid(sub), sub: String(sub), exp: now + 60 })),
    );
    for (const round of [1, 2])
      for (const [index, token] of tokens.entries())
        expect({ round, claims: verified(token, now) }).toEqual({
          round,
          claims: { userId: index + 1, sessionId: sid(index + 1) },
        });
    const [h, p, sig] = tokens[0]!.split('.') as [string, string, string];
    expect(verified(`${h}.${p}.${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`, now)).toBeNull();
  });
});
