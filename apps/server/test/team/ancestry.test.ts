import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { generateNetwork } from '../../src/dev/network';
import { post, testApp, type TTestApp } from '../helpers/app';
import { loginAdmin, registerPartner } from '../helpers/factories';

type TRow = { id: number; parent: number | null; depth: number | null; anchors: (number | null)[] };

/** The anchor steps: each user keeps its ancestors at the nearest lower multiples of these depths. */
const STEPS = [8, 64, 512];

/** Each user's parent, depth and anchor in one tree, as the database keeps them. */
async function treeRows(app: TTestApp, tree: 'binary' | 'sponsor'): Promise<Map<number, TRow>> {
  const columns =
    tree === 'binary'
      ? sql`binary_parent_id as parent, binary_depth as depth,
            array[binary_anchor8_id, binary_anchor_id, binary_anchor512_id]::text[] as anchors`
      : sql`mentor_id as parent, sponsor_depth as depth,
            array[sponsor_anchor8_id, sponsor_anchor_id, sponsor_anchor512_id]::text[] as anchors`;
  const rows = await queryRows<{
    id: string;
    parent: string | null;
    depth: number | null;
    anchors: (string | null)[];
  }>(
    app.database.db,
    sql`select id::text as id, parent::text as parent, depth, anchors
        from (select id, ${columns} from users) t where depth is not null`,
  );
  const num = (value: string | null) => (value === null ? null : Number(value));
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { id: Number(row.id), parent: num(row.parent), depth: row.depth, anchors: row.anchors.map(num) },
    ]),
  );
}

const ancestorsIn = (rows: Map<number, TRow>, id: number) => {
  const path: number[] = [];
  for (let at = rows.get(id)!.parent; at !== null; at = rows.get(at)!.parent) path.push(at);
  return path;
};

describe('tree positions: depth, anchors and tree_under()', () => {
  it('keeps depth and anchor at every placement, in both trees, and answers membership like a walk up', async () => {
    const app = await testApp();
    const network = await generateNetwork(app.database.db, {
      partners: 1400,
      deepLeg: 1100,
      line: 90,
      seed: 3,
    });
    // Registrations through the API after the generator: the trigger places them too.
    const late = await registerPartner(app, { promocode: `N${network.deepLegIds[1099]}` });
    const tail = await registerPartner(app, { promocode: `N${network.lineIds[89]}` });
    for (const tree of ['binary', 'sponsor'] as const) {
      const rows = await treeRows(app, tree);
      for (const row of rows.values()) {
        const path = ancestorsIn(rows, row.id);
        expect(row.depth).toBe(path.length);
        const expected = STEPS.map((step) =>
          row.depth === 0 ? null : path[row.depth! - Math.floor((row.depth! - 1) / step) * step - 1]!,
        );
        expect(row.anchors).toEqual(expected);
      }
      const deep = tree === 'binary' ? late.id : tail.id;
      expect(rows.get(deep)!.depth).toBeGreaterThan(tree === 'binary' ? 1100 : 90);
      const chain = tree === 'binary' ? network.deepLegIds : network.lineIds;
      const tops = [network.leaderId, ...chain.filter((_, index) => index % 37 === 0), late.id, tail.id];
      for (const node of [late.id, tail.id, chain[60]!, chain[chain.length - 1]!]) {
        const path = new Set([node, ...ancestorsIn(rows, node)]);
        const answers = await queryRows<{ top: string; under: boolean }>(
          app.database.db,
          sql`select t.top::text as top, tree_under(t.top, ${node}::bigint, ${tree}) as under
              from unnest(${`{${tops.join(',')}}`}::bigint[]) as t(top)`,
        );
        expect(answers).toHaveLength(tops.length);
        for (const answer of answers)
          expect([answer.top, answer.under]).toEqual([answer.top, path.has(Number(answer.top))]);
      }
    }
  });

  it("moves a partner's whole sponsor downline when an admin changes the mentor", async () => {
    const app = await testApp();
    const far = await registerPartner(app);
    const chain = [await registerPartner(app, { promocode: far.referralId })];
    for (let step = 0; step < 3; step++)
      chain.push(await registerPartner(app, { promocode: chain[chain.length - 1]!.referralId }));
    const partner = await registerPartner(app);
    const child = await registerPartner(app, { promocode: partner.referralId });
    const grandchild = await registerPartner(app, { promocode: child.referralId });
    const admin = await loginAdmin(app);
    const deepest = chain[chain.length - 1]!;
    const changed = await post(
      app,
      `/api/v1/admin/users/${partner.id}/mentor/`,
      { mentor_id: deepest.id },
      admin,
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const rows = await treeRows(app, 'sponsor');
    for (const row of rows.values()) expect(row.depth).toBe(ancestorsIn(rows, row.id).length);
    expect(rows.get(grandchild.id)!.depth).toBe(rows.get(deepest.id)!.depth! + 3);
    const under = await queryRows<{ far: boolean; old: boolean }>(
      app.database.db,
      sql`select sponsor_under(${far.id}::bigint, ${grandchild.id}::bigint) as far,
                 sponsor_under(${grandchild.id}::bigint, ${far.id}::bigint) as old`,
    );
    expect(under).toEqual([{ far: true, old: false }]);
  });
});
