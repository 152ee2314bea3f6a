import { MESSAGES, SEARCH_MIN_LENGTH, formatMessage } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { drainFold } from '../../src/modules/compensation/service';
import { drainTeamCounters } from '../../src/modules/team-stats/service';
import { createTeam } from '../../src/read-models/team/service';
import { call, post, testApp, type TTestApp } from '../helpers/app';
import { loginAdmin, registerPartner, type TPartner } from '../helpers/factories';
import { adjust } from '../helpers/money';
import { buyTariff } from '../helpers/tariffs';

const API = '/api/v1/mlm';

async function setSide(app: TTestApp, who: TPartner, side: 'left' | 'right') {
  const answer = await post(app, `${API}/set-binary-structure-side/`, { side }, who.token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

const invite = (app: TTestApp, mentor: TPartner, names: Record<string, string> = {}) =>
  registerPartner(app, { promocode: mentor.referralId, ...names });

/**
 * The test network (registration order = id order B < C < D < E < F < G < X):
 *
 *   A                 A invited B, C (left leg), D, E (right leg); B invited F (B's right leg);
 *   ├L B              F invited G; X was invited by the company and spilled to the bottom of the
 *   │ ├L C            company's left leg, under C. B bought tariff 500, D tariff 1500.
 *   │ │ └L X
 *   │ └R F
 *   │   └L G
 *   └R D
 *     └R E
 */
async function network(app: TTestApp) {
  // Ids from 98 up: newest first crosses 100 -> 99 (a numeric order, not a text one).
  await app.database.db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), 97)`);
  const a = await registerPartner(app, { first_name: 'Alma' });
  const b = await invite(app, a, { first_name: 'Bruno' });
  const c = await invite(app, a, { first_name: 'Celia' });
  await setSide(app, a, 'right');
  const d = await invite(app, a, { first_name: 'Dario' });
  const e = await invite(app, a, { first_name: 'Elena' });
  await setSide(app, b, 'right');
  const f = await invite(app, b, { first_name: 'Fabio' });
  const g = await invite(app, f, { first_name: 'Gwendolyn', last_name: 'Moss_50%' });
  const x = await registerPartner(app, { first_name: 'Xavier', username: 'xav_the_spill' });
  await adjust(app, b.id, 'USDT', '500');
  await adjust(app, d.id, 'USDT', '1500');
  await buyTariff(app, b, 'tariff-500');
  await buyTariff(app, d, 'tariff-1500');
  await drainFold(app.database.db);
  await drainTeamCounters(app.database.db);
  return { a, b, c, d, e, f, g, x };
}

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

describe('team calls on a hand-built network', () => {
  it('get-binary-object: volumes, unpaid, counts, tariff and status; the caller by default', async () => {
    const app = await testApp();
    const { a, b, d } = await network(app);
    const own = await post(app, `${API}/get-binary-object/`, {}, a.token);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body).toEqual({
      id: a.id,
      username: null,
      first_name: 'Alma',
      last_name: expect.any(String),
      tariff: null,
      status: null,
      side: 'right',
      // B's 500 reached the left, D's 1500 the right; with two invited buyers 500 paired.
      left: { volume: '500.000000', unpaid: '0.000000', count: 5 },
      right: { volume: '1500.000000', unpaid: '1000.000000', count: 2 },
    });
    const ofB = await post(app, `${API}/get-binary-object/`, { user_id: b.id }, a.token);
    expect(ofB.body).toMatchObject({ id: b.id, tariff: '500', status: 'Active', side: 'right' });
    expect(ofB.body.left.count).toBe(2);
    expect(ofB.body.right.count).toBe(2);

    // A spent cap window: the tariff stays, the status is Inactive (the tariffs module's rule).
    await app.database.db.execute(sql`update cap_windows set earned = cap where user_id = ${d.id}`);
    const ofD = await post(app, `${API}/get-binary-object/`, { user_id: d.id }, a.token);
    expect(ofD.body).toMatchObject({ tariff: '1500', status: 'Inactive' });
  });

  it('get-binary-tree: a window of levels, toggled children, child ids on every node', async () => {
    const app = await testApp();
    const { a, b, c, d, e, f, g, x } = await network(app);
    const full = await post(app, `${API}/get-binary-tree/`, {}, a.token);
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(full.body.root).toMatchObject({
      id: a.id,
      parent_id: null,
      position: null,
      left_child_id: b.id,
      right_child_id: d.id,
    });
    expect(ids(full.body.nodes).sort((p, q) => p - q)).toEqual([b, c, d, e, f, g, x].map((p) => p.id));
    const byId = new Map<number, Record<string, unknown>>(
      full.body.nodes.map((n: { id: number }) => [n.id, n]),
    );
    expect(byId.get(b.id)).toMatchObject({
      parent_id: a.id,
      position: 'left',
      left_child_id: c.id,
      right_child_id: f.id,
      tariff: '500',
      status: 'Active',
    });
    expect(byId.get(c.id)).toMatchObject({ parent_id: b.id, left_child_id: x.id, right_child_id: null });
    expect(byId.get(e.id)).toMatchObject({ parent_id: d.id, position: 'right', left_child_id: null });

    const one = await post(app, `${API}/get-binary-tree/`, { depth: 1, toggled_ids: [b.id] }, a.token);
    expect(one.status).toBe(200);
    expect(ids(one.body.nodes).sort((p, q) => p - q)).toEqual([b.id, c.id, d.id, f.id]);
    const dNode = one.body.nodes.find((n: { id: number }) => n.id === d.id);
    expect(dNode).toMatchObject({ left_child_id: null, right_child_id: e.id });

    const below = await post(app, `${API}/get-binary-tree/`, { user_id: b.id, depth: 1 }, a.token);
    expect(below.body.root).toMatchObject({ id: b.id, parent_id: null, position: null });
    expect(ids(below.body.nodes).sort((p, q) => p - q)).toEqual([c.id, f.id]);

    // A toggled id outside the caller's downline (here the upline) is not found.
    expect((await post(app, `${API}/get-binary-tree/`, { toggled_ids: [a.id] }, b.token)).status).toBe(404);
    expect((await post(app, `${API}/get-binary-tree/`, { toggled_ids: [d.id] }, b.token)).status).toBe(404);
  });

  it('binary-leg-bottom: the end of the outer edge, from the kept pointer and beyond it', async () => {
    const app = await testApp();
    const { a, b, e, f, x } = await network(app);
    // A's left pointer was left at C (A's last placement there); X spilled below C since.
    const leg = (body: object, who: TPartner) => post(app, `${API}/binary-leg-bottom/`, body, who.token);
    expect((await leg({ side: 'left' }, a)).body).toEqual({ id: x.id, depth: 3 });
    expect((await leg({ side: 'right' }, a)).body).toEqual({ id: e.id, depth: 2 });
    expect((await leg({ side: 'right', user_id: b.id }, a)).body).toEqual({ id: f.id, depth: 1 });
    expect((await leg({ side: 'right' }, x)).body).toEqual({ id: x.id, depth: 0 });
  });

  it('first-line/{kind} and first-line-for-user: newest first, by placement leg, counts and pages', async () => {
    const app = await testApp();
    const { a, b, c, d, e, f } = await network(app);
    const list = (url: string, body: object, who: TPartner) => post(app, url, body, who.token);
    const all = await list(`${API}/first-line/all/`, {}, a);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body).toMatchObject({ count: 4, next: null, previous: null, current: 1 });
    expect(ids(all.body.results)).toEqual([e.id, d.id, c.id, b.id]);
    expect(all.body.results.map((row: { leg: string }) => row.leg)).toEqual([
      'right',
      'right',
      'left',
      'left',
    ]);
    expect(all.body.results[3]).toMatchObject({
      id: b.id,
      first_name: 'Bruno',
      email: b.email,
      mentor_id: a.id,
      tariff: '500',
      status: 'Active',
      first_line_count: 1,
      downline_count: 2,
    });
    // The spec's paths end in a slash; without it the same route answers, not a 404.
    const bare = await list(`${API}/first-line/all`, {}, a);
    expect(bare.status).toBe(200);
    expect(bare.body).toEqual(all.body);
    const registrationsBare = await list(`${API}/get-registrations-tables/all?page=1`, {}, a);
    expect(registrationsBare.status).toBe(200);
    expect(registrationsBare.body.count).toBe(7);
    const left = await list(`${API}/first-line/left/`, {}, a);
    expect(left.body.count).toBe(2);
    expect(ids(left.body.results)).toEqual([c.id, b.id]);
    const right = await list(`${API}/first-line/right/`, {}, a);
    expect(ids(right.body.results)).toEqual([e.id, d.id]);
    const ofB = await list(`${API}/first-line-for-user/`, { user_id: b.id }, a);
    expect(ofB.body).toMatchObject({ count: 1 });
    expect(ids(ofB.body.results)).toEqual([f.id]);
    expect(ofB.body.results[0].leg).toBe('right');
    const second = await list(`${API}/first-line/all/?page=2`, {}, a);
    expect(second.body).toMatchObject({ count: 4, results: [], current: 2 });
    expect(second.body.previous).toBe('/api/v1/mlm/first-line/all/?page=1');
    expect((await list(`${API}/first-line/middle/`, {}, a)).status).toBe(400);

    // Pages of two, through the service.
    const team = createTeam({ db: app.database.db, pageSize: 2 });
    const pages = [
      await team.firstLine(a.id, undefined, 'all', 1),
      await team.firstLine(a.id, undefined, 'all', 2),
    ];
    expect(pages.flatMap((page) => ids(page.results))).toEqual([e.id, d.id, c.id, b.id]);
  });

  it('get-registrations-tables/{kind}: the binary downline newest first, by leg and dates, both strategies', async () => {
    const app = await testApp();
    const { a, b, c, d, e, f, g, x } = await network(app);
    const registrations = (kind: string, body: object = {}, page = 1) =>
      post(app, `${API}/get-registrations-tables/${kind}/?page=${page}`, body, a.token);
    const all = await registrations('all');
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.count).toBe(7);
    expect(ids(all.body.results)).toEqual([x, g, f, e, d, c, b].map((p) => p.id));
    const legs = Object.fromEntries(
      all.body.results.map((row: { id: number; leg: string }) => [row.id, row.leg]),
    );
    expect(legs).toEqual({
      [x.id]: 'left',
      [g.id]: 'left',
      [f.id]: 'left',
      [c.id]: 'left',
      [b.id]: 'left',
      [e.id]: 'right',
      [d.id]: 'right',
    });
    // Emails of A's sponsor downline only: X joined through the company and spilled below C.
    const emails = Object.fromEntries(
      all.body.results.map((row: { id: number; email: string | null }) => [row.id, row.email]),
    );
    expect(emails).toEqual({
      [x.id]: null,
      [g.id]: g.email,
      [f.id]: f.email,
      [e.id]: e.email,
      [d.id]: d.email,
      [c.id]: c.email,
      [b.id]: b.email,
    });
    // B's view of its own leg: C is A's invitee, so B sees C's name and not C's email.
    const ofBLeft = await post(app, `${API}/get-registrations-tables/left/`, {}, b.token);
    expect(
      ofBLeft.body.results.map((row: { id: number; email: string | null }) => [row.id, row.email]),
    ).toEqual([
      [x.id, null],
      [c.id, null],
    ]);
    expect(ids((await registrations('left')).body.results)).toEqual([x, g, f, c, b].map((p) => p.id));
    expect(ids((await registrations('right')).body.results)).toEqual([e.id, d.id]);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await registrations('all', { date_from: today })).body.count).toBe(7);
    expect((await registrations('all', { date_to: yesterday })).body).toMatchObject({
      count: 0,
      results: [],
    });
    const ofB = await post(app, `${API}/get-registrations-tables/right/`, { user_id: b.id }, a.token);
    expect(ids(ofB.body.results)).toEqual([g.id, f.id]);

    // The scan path (threshold 0) answers the same pages as the walk.
    const db = app.database.db;
    const walk = createTeam({ db, pageSize: 3 });
    const scan = createTeam({ db, pageSize: 3, smallTeam: 0 });
    for (const kind of ['all', 'left', 'right'] as const)
      for (const body of [{}, { date_from: today }, { date_to: yesterday }, { user_id: b.id }])
        for (const page of [1, 2, 3]) {
          const walked = await walk.registrations(a.id, body, kind, page);
          expect(
            await scan.registrations(a.id, body, kind, page),
            `${kind} ${JSON.stringify(body)} ${page}`,
          ).toEqual(walked);
        }
    const pages = [1, 2, 3].map((page) => scan.registrations(a.id, {}, 'all', page));
    expect((await Promise.all(pages)).flatMap((page) => ids(page.results))).toEqual(
      [x, g, f, e, d, c, b].map((p) => p.id),
    );
  });

  it('get-registrations-tables: a day PostgreSQL has no room for is a 400 by name, not a 500', async () => {
    const app = await testApp();
    const a = await registerPartner(app);
    for (const [field, day] of [
      ['date_from', '0000-01-01'],
      ['date_to', '0000-12-31'],
      ['date_from', '1999-12-31'],
      ['date_to', '3000-01-01'],
    ] as const) {
      const answer = await post(app, `${API}/get-registrations-tables/all/`, { [field]: day }, a.token);
      expect(answer.status, `${field} ${day}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body).toEqual({
        [field]: [formatMessage(MESSAGES.dateOutOfRange, { min: '2000-01-01', max: '2999-12-31' })],
      });
    }
    const inRange = { date_from: '2000-01-01', date_to: '2999-12-31' };
    expect((await post(app, `${API}/get-registrations-tables/all/`, inRange, a.token)).status).toBe(200);
  });

  it('team-level: the partners at a sponsor level, both strategies', async () => {
    const app = await testApp();
    const { a, b, c, d, e, f, g } = await network(app);
    const level = (body: object) => post(app, `${API}/team-level/`, body, a.token);
    const first = await level({ level: 1 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.count).toBe(4);
    expect(ids(first.body.results)).toEqual([e.id, d.id, c.id, b.id]);
    expect(ids((await level({ level: 2 })).body.results)).toEqual([f.id]);
    expect((await level({ level: 3 })).body.results).toMatchObject([
      { id: g.id, leg: 'left', mentor_id: f.id },
    ]);
    expect((await level({ level: 4 })).body).toMatchObject({ count: 0, results: [] });
    expect(ids((await level({ level: 1, user_id: b.id })).body.results)).toEqual([f.id]);
    expect((await level({ level: 11 })).status).toBe(400);

    const db = app.database.db;
    const walk = createTeam({ db, pageSize: 2 });
    const scan = createTeam({ db, pageSize: 2, smallTeam: 0 });
    for (const at of [1, 2, 3, 4])
      for (const page of [1, 2])
        expect(await scan.teamLevel(a.id, undefined, at, page)).toEqual(
          await walk.teamLevel(a.id, undefined, at, page),
        );
  });

  it("an admin's mentor change does not show an upline in a downline member's first line or team level", async () => {
    // U, then C and T register without a code: each spills under the one before (U > C > T in
    // the company's left leg). An admin then makes T the mentor of U, C's binary upline.
    const app = await testApp();
    const u = await registerPartner(app, { first_name: 'Upline' });
    const c = await registerPartner(app);
    const t = await registerPartner(app);
    const moved = await post(
      app,
      `/api/v1/admin/users/${u.id}/mentor/`,
      { mentor_id: t.id },
      await loginAdmin(app),
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await drainTeamCounters(app.database.db);

    for (const [url, body] of [
      ['first-line/all/', { user_id: t.id }],
      ['first-line/left/', { user_id: t.id }],
      ['first-line-for-user/', { user_id: t.id }],
      ['team-level/', { user_id: t.id, level: 1 }],
    ] as const) {
      const answer = await post(app, `${API}/${url}`, body, c.token);
      expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect(ids(answer.body.results), url).toEqual([]);
    }
    const scan = createTeam({ db: app.database.db, smallTeam: 0 });
    expect((await scan.teamLevel(c.id, t.id, 1, 1)).results).toEqual([]);
    // T itself still sees its first line.
    expect(ids((await post(app, `${API}/first-line-for-user/`, {}, t.token)).body.results)).toEqual([u.id]);
  });

  it('downline-search: by id, name, email and username, in the downline only, both strategies', async () => {
    const app = await testApp();
    const { a, b, c, d, f, g, x } = await network(app);
    const search = (q: string, who: TPartner) => post(app, `${API}/downline-search/`, { q }, who.token);
    expect(ids((await search(String(g.id), a)).body.results)).toEqual([g.id]);
    expect((await search(String(g.id), a)).body.results[0]).toMatchObject({
      leg: 'left',
      first_name: 'Gwendolyn',
    });
    expect((await search(String(d.id), b)).body.results).toEqual([]); // a sibling's member
    expect((await search(String(a.id), b)).body.results).toEqual([]); // the upline
    expect((await search(String(b.id), b)).body.results).toEqual([]); // the caller
    expect(ids((await search('GWEN', a)).body.results)).toEqual([g.id]);
    // An email finds a partner of the caller's sponsor downline only: X (the company's invitee,
    // spilled below C) is in A's binary downline alone, so A finds X by name, without the email.
    expect(ids((await search(g.email, a)).body.results)).toEqual([g.id]);
    expect((await search(g.email, a)).body.results[0].email).toBe(g.email);
    expect(ids((await search(x.email, a)).body.results)).toEqual([]);
    expect(ids((await search('xav_the', a)).body.results)).toEqual([x.id]);
    expect((await search('xav_the', a)).body.results[0]).toMatchObject({
      username: 'xav_the_spill',
      email: null,
    });
    expect((await search(String(x.id), a)).body.results[0]).toMatchObject({ id: x.id, email: null });
    expect(ids((await search('Dario', b)).body.results)).toEqual([]);
    // % and _ are taken literally.
    expect(ids((await search('_50%', a)).body.results)).toEqual([g.id]);
    expect(ids((await search('s%s', a)).body.results)).toEqual([]);
    // B invited F, F invited G: their emails match; C (A's invitee) and X sit in B's binary leg only.
    expect(ids((await search('example.com', b)).body.results)).toEqual([g, f].map((p) => p.id));
    expect(ids((await search('Celia', b)).body.results)).toEqual([c.id]);
    expect((await search('Celia', b)).body.results[0].email).toBeNull();

    const short = await search('ab', a);
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ q: [formatMessage(MESSAGES.searchTooShort, { min: SEARCH_MIN_LENGTH })] });

    const db = app.database.db;
    const walk = createTeam({ db });
    const scan = createTeam({ db, smallTeam: 0 });
    for (const [q, who] of [
      ['example.com', b],
      ['example.com', a],
      ['gwen', a],
      ['_50%', a],
      ['Dario', b],
      ['Celia', b],
      [x.email, a],
    ] as const)
      expect(await scan.search(who.id, q), q).toEqual(await walk.search(who.id, q));
  });
});

/** The body of an OpenAPI operation, filled with a good value for each required field. */
type TSchema = { type?: string; properties?: Record<string, TSchema>; required?: string[]; enum?: unknown[] };
type TOperation = {
  parameters?: { in: string; name: string; schema?: TSchema }[];
  requestBody?: { content?: Record<string, { schema: TSchema }> };
};

function goodValue(schema: TSchema): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'integer' || schema.type === 'number') return 1;
  if (schema.type === 'array') return [];
  return 'x';
}

describe('every route that takes a user id answers 404 outside the caller’s downline', () => {
  it('walks the route table: user_id and toggled_ids of an upline or a sibling’s member', async () => {
    const app = await testApp();
    const { a, b, d, e, c } = await network(app);
    const document = (await call(app, 'GET', '/api/docs/json')).body as {
      paths: Record<string, Record<string, TOperation>>;
    };
    const taking: { method: InjectOptions['method']; path: string; body: TSchema | undefined }[] = [];
    for (const [path, operations] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(operations)) {
        if (path.startsWith('/api/v1/admin/')) continue; // operators may name anyone
        const body = operation.requestBody?.content?.['application/json']?.schema;
        const params = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        const fields = [...Object.keys(body?.properties ?? {}), ...params];
        if (fields.includes('user_id') || fields.includes('toggled_ids'))
          taking.push({ method: method.toUpperCase() as InjectOptions['method'], path, body });
      }
    const paths = taking.map((route) => `${route.method} ${route.path}`);
    expect(paths.length).toBeGreaterThan(0);
    for (const mine of [
      'get-binary-object/',
      'get-binary-tree/',
      'binary-leg-bottom/',
      'first-line/{kind}/',
      'first-line-for-user/',
      'get-registrations-tables/{kind}/',
      'team-level/',
    ])
      expect(paths).toContain(`POST /api/v1/mlm/${mine}`);

    for (const route of taking) {
      const properties = route.body?.properties ?? {};
      const base: Record<string, unknown> = {};
      for (const field of route.body?.required ?? []) base[field] = goodValue(properties[field]!);
      const url = (userId?: number) =>
        route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
          name === 'user_id' ? String(userId) : name === 'kind' ? 'all' : '1',
        );
      // The caller's own id answers (the route works), an upline's and a sibling's member's do not.
      const cases: [string, number, number][] = [
        ['own', b.id, 200],
        ['member', c.id, 200],
        ['upline', a.id, 404],
        ["sibling's member", e.id, 404],
        ['sibling', d.id, 404],
      ];
      for (const [who, id, status] of cases) {
        const body = { ...base };
        if ('user_id' in properties) body.user_id = id;
        if ('toggled_ids' in properties) body.toggled_ids = [id];
        const answer = await call(app, route.method, url(id), { body, token: b.token });
        expect(answer.status, `${route.method} ${route.path} ${who}: ${JSON.stringify(answer.body)}`).toBe(
          status,
        );
        if (status === 404) expect(answer.body).toEqual({ detail: MESSAGES.notFound });
      }
    }
  });
});
