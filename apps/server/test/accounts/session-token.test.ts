import { createHmac, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifiedTokens } from '../../src/modules/sessions/service';

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

const sid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('the session token check', () => {
  it('refuses a malformed, badly signed, wrong-alg, expired or not-yet-valid token', async () => {
    const good = await sign({ sid: sid(7), sub: '7', iat: now, exp: now + 60 });
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const flipped = signature.slice(0, -2) + (signature.endsWith('A') ? 'BA' : 'AA');
    const claims = { sid: sid(7), sub: '7' };
    const tokens: Record<string, { token: string; accepted: boolean }> = {
      good: { token: good, accepted: true },
      'no expiry': { token: await sign(claims), accepted: true },
      expired: { token: await sign({ ...claims, exp: now }), accepted: false },
      'not yet valid': { token: await sign({ ...claims, nbf: now + 10, exp: now + 60 }), accepted: false },
      'exp not a number': { token: await sign({ ...claims, exp: String(now + 60) }), accepted: false },
      'iat not a number': { token: await sign({ ...claims, iat: 'now' }), accepted: false },
      'other key': { token: await sign({ ...claims, exp: now + 60 }, {}, other), accepted: false },
      'crit header': {
        token: signByHand({ alg: 'HS256', crit: ['zip'], zip: 1 }, claims),
        accepted: false,
      },
      'hand-signed': { token: signByHand({ alg: 'HS256' }, { ...claims, exp: now + 1 }), accepted: true },
      'tampered payload': {
        token: `${header}.${b64({ ...claims, sub: '1', exp: now + 60 })}.${signature}`,
        accepted: false,
      },
      'tampered signature': { token: `${header}.${payload}.${flipped}`, accepted: false },
      'alg none': { token: `${b64({ alg: 'none' })}.${payload}.`, accepted: false },
      'alg none, signed': {
        token: `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`,
        accepted: false,
      },
      'alg RS256 header, HMAC-signed': {
        token: signByHand({ alg: 'RS256', typ: 'JWT' }, { ...claims, exp: now + 60 }),
        accepted: false,
      },
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
      // A fresh check each time: what it answers comes from the token, not from what it kept.
      const claimsOf = await verifiedTokens(key, 10)(token, now);
      expect({ name, accepted: claimsOf !== null }).toEqual({ name, accepted });
      if (accepted) expect(claimsOf).toEqual({ userId: 7, sessionId: sid(7) });
    }
  });

  it('keeps a verified token, checks its expiry at every use and never keeps a refused one', async () => {
    const verified = verifiedTokens(key, 2);
    const good = await sign({ sid: sid(7), sub: '7', iat: now, exp: now + 60 });
    const [header, , signature] = good.split('.') as [string, string, string];
    const tampered = `${header}.${b64({ sid: sid(7), sub: '1', exp: now + 60 })}.${signature}`;

    expect(await verified(good, now)).toEqual({ userId: 7, sessionId: sid(7) });
    expect(await verified(good, now + 59)).toEqual({ userId: 7, sessionId: sid(7) });
    expect(await verified(tampered, now)).toBeNull();
    expect(await verified(good, now + 60)).toBeNull();
    expect(await verified(await sign({ sid: sid(7), sub: 'seven', exp: now + 60 }), now)).toBeNull();
    expect(await verified(await sign({ sub: '7', exp: now + 60 }), now)).toBeNull();
    // The profile read passes session ids as one array literal: nothing but a uuid gets there.
    expect(
      await verified(await sign({ sid: `${sid(7)},${sid(8)}`, sub: '7', exp: now + 60 }), now),
    ).toBeNull();

    // More tokens than it keeps: each is still checked and answered on its own.
    const tokens = await Promise.all(
      [1, 2, 3].map((sub) => sign({ sid: sid(sub), sub: String(sub), exp: now + 60 })),
    );
    for (const round of [1, 2])
      for (const [index, token] of tokens.entries())
        expect({ round, claims: await verified(token, now) }).toEqual({
          round,
          claims: { userId: index + 1, sessionId: sid(index + 1) },
        });
    const [h, p, sig] = tokens[0]!.split('.') as [string, string, string];
    expect(await verified(`${h}.${p}.${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`, now)).toBeNull();
  });

  it('checks a signature once, forgets the oldest first and keeps no refused token', async () => {
    // The check reads this key at each verification: a token it answers after the key changed
    // was answered from what it kept, not checked again.
    const changing = Uint8Array.from(key);
    const verified = verifiedTokens(changing, 2);
    const [one, two, three] = await Promise.all(
      [1, 2, 3].map((sub) => sign({ sid: sid(sub), sub: String(sub), exp: now + 60 })),
    );
    const claims = (n: number) => ({ userId: n, sessionId: sid(n) });
    expect(await verified(one!, now)).toEqual(claims(1));
    expect(await verified(two!, now)).toEqual(claims(2));

    changing.fill(0);
    expect(await verified(one!, now)).toEqual(claims(1));
    expect(await verified(two!, now)).toEqual(claims(2));
    expect(await verified(three!, now)).toBeNull();

    // The refused token was not kept, nor made another forgotten: checked again with the right
    // key it passes, and the oldest (one) makes room for it.
    changing.set(key);
    expect(await verified(three!, now)).toEqual(claims(3));
    changing.fill(0);
    expect(await verified(two!, now)).toEqual(claims(2));
    expect(await verified(three!, now)).toEqual(claims(3));
    expect(await verified(one!, now)).toBeNull();

    // Calls that bring a new token at once share one check and each get the answer.
    changing.set(key);
    const four = await sign({ sid: sid(4), sub: '4', exp: now + 60 });
    expect(await Promise.all([verified(four, now), verified(four, now)])).toEqual([claims(4), claims(4)]);
  });

  it('answers the new tokens asked in one turn of the event loop in one turn', async () => {
    // Their calls then ask for their sessions together, as one statement (db/batch.ts), although
    // jose's WebCrypto answers each verification in a turn of its own, and refuses a malformed
    // token before any.
    const verified = verifiedTokens(key, 100);
    const tokens = await Promise.all(
      Array.from({ length: 20 }, (_, n) => sign({ sid: sid(n), sub: String(n), exp: now + 60 })),
    );
    tokens.push('not-a-jwt');
    let turn = 0;
    let counting = true;
    const count = () => {
      turn += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const answeredIn = await Promise.all(tokens.map((token) => verified(token, now).then(() => turn)));
    counting = false;
    expect(new Set(answeredIn).size).toBe(1);
  });
});
