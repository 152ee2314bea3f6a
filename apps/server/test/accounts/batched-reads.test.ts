import type { PGlite } from '@electric-sql/pglite';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { deriveKey } from '../../src/lib/crypto';
import { call, post, testApp, testConfig, type TTestApp } from '../helpers/app';
import { loginAdmin, registerPartner } from '../helpers/factories';
import { adjust } from '../helpers/money';

// The profile calls of one turn of the event loop are one statement (db/batch.ts), and so are the
// session checks of every other signed-in call: each caller still gets their own answer, and a
// session that is not live fails only its own call.
const INFO = '/api/v1/accounts/info/';

const FINANCES = '/api/v1/payments/finances/';
const USERS = '/api/v1/users/';

/** A token signed with the server's own key that pairs `userId` with the session of `token`. */
const forgedToken = (userId: number, token: string) =>
  new SignJWT({ sid: claimsOf(token).sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setExpirationTime('1h')
    .sign(deriveKey(testConfig().secretKey, 'session-token'));

/** Three partners, registered one after another. */
const threePartners = async (app: TTestApp) =>
  [await registerPartner(app), await registerPartner(app), await registerPartner(app)] as const;

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string; sub: string };

describe('profile calls asked at once', () => {
  it('each caller gets their own profile and balances, from one statement', async () => {
    const app = await testApp();
    await loginAdmin(app);
    const partners = [];
    for (const name of ['Ann', 'Bob', 'Cid', 'Dee', 'Eve'])
      partners.push(await registerPartner(app, { first_name: name }));
    for (const [index, partner] of partners.entries())
      await adjust(app, partner.id, 'USDT', String(index + 1));

    // On PGlite, the statements that read sessions (their ids as one array) are counted.
    let sessionReads = 0;
    const client =
      app.database.driver === 'pglite'
        ? ((app.database.db as { $client?: unknown }).$client as PGlite)
        : null;
    if (client) {
      const query = client.query.bind(client);
      client.query = ((...args: Parameters<PGlite['query']>) => {
        if (args[0].includes('::uuid[]')) sessionReads++;
        return query(...args);
      }) as PGlite['query'];
    }
    const answers = await Promise.all(partners.map((partner) => post(app, INFO, {}, partner.token)));
    expect(
      answers.map((answer) => [
        answer.status,
        answer.body.id,
        answer.body.first_name,
        answer.body.balances.usdt,
      ]),
    ).toEqual(
      partners.map((partner, index) => [
        200,
        partner.id,
        ['Ann', 'Bob', 'Cid', 'Dee', 'Eve'][index],
        `${index + 1}.000000`,
      ]),
    );
    // Five calls, one read.
    if (client) expect(sessionReads).toBe(1);
  });

  it('a logged-out session fails its own call only', async () => {
    const app = await testApp();
    const [ann, bob, cid] = await threePartners(app);
    expect((await post(app, '/api/v1/accounts/logout/', {}, bob.token)).status).toBe(204);
    const answers = await Promise.all(
      [ann, bob, cid, bob].map((partner) => post(app, INFO, {}, partner.token)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 200, 401]);
    expect([answers[0]!.body.id, answers[2]!.body.id]).toEqual([ann.id, cid.id]);
  });

  it("refuses a token that names another partner's session, asked beside that partner's own call", async () => {
    const app = await testApp();
    const [ann, bob] = [await registerPartner(app), await registerPartner(app)];
    const forged = await forgedToken(ann.id, bob.token);
    const answers = await Promise.all([post(app, INFO, {}, forged), post(app, INFO, {}, bob.token)]);
    expect(answers.map((answer) => answer.status)).toEqual([401, 200]);
    expect(answers[1].body.id).toBe(bob.id);
  });
});

describe('signed-in calls asked at once', () => {
  it('each call is answered as its own caller: their own lines, and admin rights only for the admin', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const [ann, bob] = [await registerPartner(app), await registerPartner(app)];
    await adjust(app, ann.id, 'USDT', '7');
    const [annLines, bobLines, adminList, annList] = await Promise.all([
      post(app, FINANCES, {}, ann.token),
      post(app, FINANCES, {}, bob.token),
      call(app, 'GET', USERS, { token: admin }),
      call(app, 'GET', USERS, { token: ann.token }),
    ]);
    expect([annLines.status, annLines.body.count, annLines.body.results[0]?.amount]).toEqual([
      200,
      1,
      '7.000000',
    ]);
    expect([bobLines.status, bobLines.body.count]).toEqual([200, 0]);
    expect([adminList.status, annList.status]).toEqual([200, 403]);
  });

  it("refuses a token that names another partner's session, and a logged-out one, beside live calls", async () => {
    const app = await testApp();
    const [ann, bob, cid] = await threePartners(app);
    const forged = await forgedToken(ann.id, bob.token);
    expect((await post(app, '/api/v1/accounts/logout/', {}, cid.token)).status).toBe(204);
    const answers = await Promise.all(
      [forged, bob.token, cid.token, ann.token].map((token) => post(app, FINANCES, {}, token)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([401, 200, 401, 200]);
  });
});
