import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { binaryLegEnds, users } from '../../src/schema';
import { testApp, type TTestApp } from '../helpers/app';
import { partnerInput, registerPartner } from '../helpers/factories';
import { startTwoServers } from '../helpers/process';

const parentOf = async (app: TTestApp, id: number) => {
  const [row] = await app.database.db
    .select({ parent: users.binaryParentId, position: users.binaryPosition })
    .from(users)
    .where(eq(users.id, id));
  return row!;
};
const legEnd = async (app: TTestApp, userId: number, side: 'left' | 'right') => {
  const [row] = await app.database.db
    .select({ bottom: binaryLegEnds.bottomId })
    .from(binaryLegEnds)
    .where(and(eq(binaryLegEnds.userId, userId), eq(binaryLegEnds.side, side)));
  return row?.bottom;
};
const companyRoot = async (app: TTestApp) =>
  (await app.database.db.select({ id: users.id }).from(users).where(eq(users.isCompanyRoot, true)))[0]!.id;

describe('binary placement: the kept end of each outer leg', () => {
  it('moves the end of the leg to each partner placed at its bottom', async () => {
    const app = await testApp();
    const mentor = await registerPartner(app);
    expect(await legEnd(app, mentor.id, 'left')).toBeUndefined();
    const a = await registerPartner(app, { promocode: mentor.referralId });
    expect(await legEnd(app, mentor.id, 'left')).toBe(a.id);
    const b = await registerPartner(app, { promocode: mentor.referralId });
    expect(await legEnd(app, mentor.id, 'left')).toBe(b.id);
    expect(await parentOf(app, b.id)).toEqual({ parent: a.id, position: 'left' });
  });

  it('walks forward over partners who joined the leg through another path', async () => {
    const app = await testApp();
    const root = await companyRoot(app);
    // The company root's left leg: a, then b and c arrive through a's and b's own codes.
    const a = await registerPartner(app);
    expect(await legEnd(app, root, 'left')).toBe(a.id);
    const b = await registerPartner(app, { promocode: a.referralId });
    const c = await registerPartner(app, { promocode: b.referralId });
    expect(await parentOf(app, c.id)).toEqual({ parent: b.id, position: 'left' });
    // The root's pointer still names a, but the next partner without a code goes below c.
    expect(await legEnd(app, root, 'left')).toBe(a.id);
    const d = await registerPartner(app);
    expect(await parentOf(app, d.id)).toEqual({ parent: c.id, position: 'left' });
    expect(await legEnd(app, root, 'left')).toBe(d.id);
    // And a's pointer, last at b, walks over c and d.
    const e = await registerPartner(app, { promocode: a.referralId });
    expect(await parentOf(app, e.id)).toEqual({ parent: d.id, position: 'left' });
    expect(await legEnd(app, a.id, 'left')).toBe(e.id);
  });

  it('keeps one end per side: a partner who changes side starts the other leg', async () => {
    const app = await testApp();
    const mentor = await registerPartner(app);
    const a = await registerPartner(app, { promocode: mentor.referralId });
    await app.database.db.update(users).set({ binarySide: 'right' }).where(eq(users.id, mentor.id));
    const b = await registerPartner(app, { promocode: mentor.referralId });
    const c = await registerPartner(app, { promocode: mentor.referralId });
    expect(await parentOf(app, b.id)).toEqual({ parent: mentor.id, position: 'right' });
    expect(await parentOf(app, c.id)).toEqual({ parent: b.id, position: 'right' });
    expect(await legEnd(app, mentor.id, 'left')).toBe(a.id);
    expect(await legEnd(app, mentor.id, 'right')).toBe(c.id);
    await app.database.db.update(users).set({ binarySide: 'left' }).where(eq(users.id, mentor.id));
    const d = await registerPartner(app, { promocode: mentor.referralId });
    expect(await parentOf(app, d.id)).toEqual({ parent: a.id, position: 'left' });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'binary placement under concurrency, on PostgreSQL with two server processes',
  () => {
    it('sign-ups into the same leg through two processes and two pointers land in distinct slots of one chain', async () => {
      const app = await testApp();
      const root = await companyRoot(app);
      const a = await registerPartner(app);
      const servers = await startTwoServers({
        REGISTRATIONS_PER_IP_PER_HOUR: '100000',
      });
      // Half come without a code (the root's pointer), half with a's code (a's pointer): both
      // pointers lead down the same leg.
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          fetch(`${servers[index % 2]}/api/v1/accounts/register/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(partnerInput(index % 4 < 2 ? {} : { promocode: a.referralId })),
          }).then(async (response) => ({ status: response.status, body: await response.json() })),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(201));

      // The leg is one chain from the root: every slot taken once, no branch.
      const placed = await app.database.db
        .select({ id: users.id, parent: users.binaryParentId, position: users.binaryPosition })
        .from(users);
      const byParent = new Map(placed.filter((row) => row.parent !== null).map((row) => [row.parent, row]));
      let length = 0;
      for (let at = root; byParent.has(at); at = byParent.get(at)!.id) {
        expect(byParent.get(at)!.position).toBe('left');
        length += 1;
      }
      expect(length).toBe(41);
      const bottom = [...byParent.values()].find((row) => !byParent.has(row.id))!.id;
      expect([await legEnd(app, root, 'left'), await legEnd(app, a.id, 'left')]).toContain(bottom);
    }, 240_000);
  },
);
