import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { generatedEmail, generateNetwork, NETWORK_PASSWORD } from '../../src/dev/network';
import { post, testApp, type TTestApp } from '../helpers/app';
import { registerPartner } from '../helpers/factories';

type TNode = {
  id: number;
  mentor: number | null;
  parent: number | null;
  position: string | null;
  side: string;
};

async function tree(app: TTestApp): Promise<Map<number, TNode>> {
  const rows = await queryRows<{
    id: string;
    mentor: string | null;
    parent: string | null;
    position: string | null;
    side: string;
  }>(
    app.database.db,
    sql`select id::text as id, mentor_id::text as mentor, binary_parent_id::text as parent,
               binary_position as position, binary_side as side from users`,
  );
  const num = (value: string | null) => (value === null ? null : Number(value));
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        mentor: num(row.mentor),
        parent: num(row.parent),
        position: row.position,
        side: row.side,
      },
    ]),
  );
}

/** The child of `id` on `side`, found by a scan (not by the leg-end pointers). */
function childOf(nodes: Map<number, TNode>, id: number, side: string): number | undefined {
  for (const node of nodes.values()) if (node.parent === id && node.position === side) return node.id;
  return undefined;
}

/** Where the plan places the next partner `mentorId` invites: down the outer edge from the top. */
function expectedSlot(nodes: Map<number, TNode>, mentorId: number) {
  const side = nodes.get(mentorId)!.side;
  let at = mentorId;
  for (let child = childOf(nodes, at, side); child !== undefined; child = childOf(nodes, at, side))
    at = child;
  return { parent: at, position: side };
}

function depthOf(nodes: Map<number, TNode>, id: number): number {
  let depth = 0;
  for (let node = nodes.get(id)!; node.parent !== null; node = nodes.get(node.parent)!) depth++;
  return depth;
}

describe('generated network', () => {
  it('places every partner by the plan, keeps leg ends at the bottom, and real sign-ups land where the rule says', async () => {
    const app = await testApp();
    const before = await registerPartner(app);
    const network = await generateNetwork(app.database.db, { partners: 600, deepLeg: 80, line: 12, seed: 7 });
    expect(network.lastId - network.firstId + 1).toBe(600);
    expect(network.deepLegIds).toHaveLength(80);
    expect(network.lineIds).toHaveLength(12);
    let nodes = await tree(app);
    const generated = [...nodes.values()].filter((node) => node.id >= network.firstId);
    expect(generated).toHaveLength(600);

    // Every slot taken once; everyone generated has a mentor and a slot.
    const slots = new Set<string>();
    for (const node of nodes.values()) {
      if (node.parent === null) continue;
      const slot = `${node.parent}:${node.position}`;
      expect(slots.has(slot), slot).toBe(false);
      slots.add(slot);
    }
    for (const node of generated) {
      expect(node.mentor).not.toBeNull();
      expect(node.parent).not.toBeNull();
    }

    // Each partner sits on the outer edge of their mentor's leg on the mentor's side: going up,
    // every step is on that side until the mentor (so inside the mentor's binary subtree).
    for (const node of generated) {
      const side = nodes.get(node.mentor!)!.side;
      let at = node;
      while (at.id !== node.mentor) {
        expect(at.position, `partner ${node.id} under mentor ${node.mentor}`).toBe(side);
        at = nodes.get(at.parent!)!;
      }
    }

    // The mentor's leg each partner was placed in, and everyone counted (team_stats written).
    const legs = await queryRows<{ id: string; leg: string | null; counted: boolean }>(
      app.database.db,
      sql`select id::text as id, placement_leg as leg, team_counted as counted from users`,
    );
    for (const row of legs) {
      const node = nodes.get(Number(row.id))!;
      expect(row.counted).toBe(true);
      if (node.id < network.firstId) continue;
      expect(row.leg, `placement leg of ${node.id}`).toBe(nodes.get(node.mentor!)!.side);
    }

    // The spillover leg: the leader's left outer leg, exactly deepLeg deep, at the depths said.
    const leader = nodes.get(network.leaderId)!;
    expect(leader.side).toBe('left');
    let legDepth = 0;
    for (let at = childOf(nodes, leader.id, 'left'); at !== undefined; at = childOf(nodes, at, 'left')) {
      expect(at).toBe(network.deepLegIds[legDepth]);
      legDepth++;
    }
    expect(legDepth).toBe(80);
    expect(depthOf(nodes, network.deepLegIds[79]!)).toBe(network.leaderDepth + 80);
    // The sponsor line: each one invited by the one before.
    network.lineIds.forEach((id, index) => {
      if (index > 0) expect(nodes.get(id)!.mentor).toBe(network.lineIds[index - 1]);
    });

    // Branching: most partners invite 0-3, a few invite many.
    const invites = new Map<number, number>();
    for (const node of generated) invites.set(node.mentor!, (invites.get(node.mentor!) ?? 0) + 1);
    const counts = generated.map((node) => invites.get(node.id) ?? 0);
    expect(counts.filter((count) => count <= 3).length / counts.length).toBeGreaterThan(0.85);
    expect(
      Math.max(...counts.filter((_, index) => generated[index]!.id !== network.leaderId)),
    ).toBeGreaterThan(10);

    // Every leg end points at the real bottom of its leg.
    const ends = await queryRows<{ user_id: string; side: string; bottom_id: string }>(
      app.database.db,
      sql`select user_id::text, side, bottom_id::text from binary_leg_ends`,
    );
    expect(ends.length).toBeGreaterThan(100);
    for (const end of ends) {
      let at = Number(end.user_id);
      for (
        let child = childOf(nodes, at, end.side);
        child !== undefined;
        child = childOf(nodes, at, end.side)
      )
        at = child;
      expect(Number(end.bottom_id), `leg end of ${end.user_id} ${end.side}`).toBe(at);
    }

    // Real sign-ups through the API after the generation: under the leader, under the partner
    // who invited most, under a line member, under someone who invited nobody, under the one
    // registered before, and with no code (the company root).
    const most = [...invites.entries()]
      .filter(([id]) => id !== network.leaderId)
      .sort((a, b) => b[1] - a[1])[0]![0];
    const nobody = generated.find((node) => !invites.has(node.id) && node.side === 'right')!.id;
    const mentors = [network.leaderId, most, network.lineIds[5]!, nobody, before.id, null];
    for (const mentorId of mentors) {
      nodes = await tree(app);
      const companyRoot = await queryRows<{ id: string }>(
        app.database.db,
        sql`select id::text from users where is_company_root`,
      );
      const placedUnder = mentorId ?? Number(companyRoot[0]!.id);
      const expected = expectedSlot(nodes, placedUnder);
      const code =
        mentorId === null ? undefined : mentorId >= network.firstId ? `N${mentorId}` : before.referralId;
      const partner = await registerPartner(app, code === undefined ? {} : { promocode: code });
      const [row] = await queryRows<{ parent: string; position: string; mentor: string }>(
        app.database.db,
        sql`select binary_parent_id::text as parent, binary_position as position, mentor_id::text as mentor
            from users where id = ${partner.id}`,
      );
      expect(Number(row!.mentor)).toBe(placedUnder);
      expect({ parent: Number(row!.parent), position: row!.position }).toEqual(expected);
    }
    // The leader's new partner went to the bottom of the spillover leg.
    nodes = await tree(app);
    expect(childOf(nodes, network.deepLegIds[79]!, 'left')).toBeDefined();

    // Generated partners can sign in.
    const login = await post(app, '/api/v1/accounts/login/', {
      email: generatedEmail(network.lineIds[11]!),
      password: NETWORK_PASSWORD,
    });
    expect(login.status).toBe(200);
    expect(login.body.token).toEqual(expect.any(String));

    // The identity continues after the generated ids.
    const after = await registerPartner(app);
    expect(after.id).toBeGreaterThan(network.lastId);
  });

  it('is reproducible: the same seed writes the same tree', async () => {
    const shapes = [];
    for (let run = 0; run < 2; run++) {
      const app = await testApp();
      const network = await generateNetwork(app.database.db, {
        partners: 200,
        deepLeg: 20,
        line: 5,
        seed: 3,
      });
      const rows = await queryRows<{ shape: string }>(
        app.database.db,
        sql`select string_agg(concat_ws(':', id, mentor_id, binary_parent_id, binary_position, binary_side), ',' order by id) as shape
            from users where id >= ${network.firstId}`,
      );
      shapes.push(rows[0]!.shape);
    }
    expect(shapes[0]).toBe(shapes[1]);
  });
});
