import { formatMessage, MESSAGES, SETTING_KEYS } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_REFRESH_MS } from '../../src/modules/configs/settings';
import { auditLog, configChanges } from '../../src/schema';
import { call, post, testApp, type TTestApp } from '../helpers/app';
import { loginAdmin, registerPartner } from '../helpers/factories';
import { adjust, balances, requestWithdrawal } from '../helpers/money';
import { countRows } from '../helpers/rows';

const CONFIGS = '/api/v1/admin/configs/';
const change = (app: TTestApp, admin: string, key: string, value: unknown, reason: unknown = 'Planned') =>
  post(app, CONFIGS, { key, value, reason }, admin);
const allConfigs = async (app: TTestApp) => (await call(app, 'GET', '/api/v1/configs/get_all_configs/')).body;

/** A window of one day around now, written as two ISO instants. */
const aroundNow = () => {
  const now = Date.now();
  return `${new Date(now - 3_600_000).toISOString()}/${new Date(now + 86_400_000).toISOString()}`;
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the settings admins change at runtime (issue 22)', () => {
  it('lists every setting with its value at start; nothing changed yet', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const answer = await call(app, 'GET', CONFIGS, { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body.settings.map((setting: { key: string }) => setting.key)).toEqual([...SETTING_KEYS]);
    expect(
      answer.body.settings.find((setting: { key: string }) => setting.key === 'WITHDRAWAL_FEE_USDT'),
    ).toEqual({
      key: 'WITHDRAWAL_FEE_USDT',
      value: '1',
      default: '1',
      changed_at: null,
      changed_by: null,
    });
    // The test configuration switches the windows off.
    expect(
      answer.body.settings.find((setting: { key: string }) => setting.key === 'MAINTENANCE_WINDOW'),
    ).toMatchObject({ value: 'off', default: 'off' });
    expect(answer.body.fixed).toEqual({
      hot_winter_window: expect.stringContaining('/'),
      plan_version: 'v1',
    });
  });

  it('opens maintenance at once, and an admin ends it from inside: the gate follows each change', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const partner = await registerPartner(app);
    await adjust(app, partner.id, 'USDT', '500');
    const products = await call(app, 'GET', '/api/v1/products/', { token: partner.token });
    const node = products.body.find((product: { code: string }) => product.code === 'virtual-node-100');
    const buy = (key: string) =>
      call(app, 'POST', '/api/v1/virtual_node/purchase/', {
        token: partner.token,
        body: { product_id: node.id },
        headers: { 'idempotency-key': key },
      });

    const opened = await change(app, admin, 'MAINTENANCE_WINDOW', aroundNow(), 'Database upgrade tonight');
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect((await allConfigs(app)).maintenance).toMatchObject({ active: true, notice: true });
    expect(await buy('during')).toMatchObject({ status: 503, body: { detail: MESSAGES.maintenance } });

    const ended = await change(app, admin, 'MAINTENANCE_WINDOW', 'off', 'Upgrade done early');
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect((await allConfigs(app)).maintenance).toBeNull();
    expect((await buy('after')).status).not.toBe(503);

    const history = await call(app, 'GET', `${CONFIGS}history/?key=MAINTENANCE_WINDOW`, { token: admin });
    expect(history.body).toMatchObject({ count: 2 });
    expect(history.body.results).toEqual([
      {
        id: expect.any(Number),
        key: 'MAINTENANCE_WINDOW',
        value: 'off',
        previous: expect.stringMatching(/^\d{4}-.*Z\/\d{4}-.*Z$/),
        reason: 'Upgrade done early',
        actor: { id: expect.any(Number), email: 'admin@example.com' },
        created_at: expect.any(String),
      },
      expect.objectContaining({
        value: expect.stringContaining('/'),
        previous: 'off',
        reason: 'Database upgrade tonight',
      }),
    ]);
    const audited = await countRows(app, auditLog, eq(auditLog.action, 'config.change'));
    expect(audited).toBe(2);
  });

  it('charges the new withdrawal fee and quotes the new rate from the next request on', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const partner = await registerPartner(app);
    expect((await change(app, admin, 'WITHDRAWAL_FEE_USDT', '2.5')).status).toBe(200);
    expect((await change(app, admin, 'WITHDRAWAL_MAX_USDT', '500')).status).toBe(200);
    expect((await change(app, admin, 'DXN_USDT_RATE', '0.08')).status).toBe(200);
    expect((await change(app, admin, 'BLACK_FRIDAY_WINDOW', aroundNow())).status).toBe(200);
    expect((await change(app, admin, 'BLACK_FRIDAY_DISCOUNT_PERCENT', '25')).status).toBe(200);

    const limits = await call(app, 'GET', '/api/v1/withdraw/limits/', { token: partner.token });
    expect(limits.body.find((rule: { currency: string }) => rule.currency === 'USDT')).toMatchObject({
      fee: '2.500000',
      min: '10.000000',
      max: '500.000000',
    });
    // A withdrawal of 20 holds 20 and the new fee.
    await adjust(app, partner.id, 'USDT', '100');
    const withdrawal = await requestWithdrawal(app, partner, '20');
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(201);
    expect((await balances(app, partner.token)).usdt).toBe('77.500000');
    const quote = await post(app, '/api/v1/mlm/usdt_dexnet_rate/', {}, partner.token);
    expect(quote.body).toMatchObject({ rate: '0.08', dexnet_per_usdt: '12.50000000' });
    expect((await allConfigs(app)).black_friday).toMatchObject({ active: true, discount_percent: 25 });

    const listed = await call(app, 'GET', CONFIGS, { token: admin });
    expect(
      listed.body.settings.find((setting: { key: string }) => setting.key === 'WITHDRAWAL_FEE_USDT'),
    ).toEqual({
      key: 'WITHDRAWAL_FEE_USDT',
      value: '2.5',
      default: '1',
      changed_at: expect.any(String),
      changed_by: { id: expect.any(Number), email: 'admin@example.com' },
    });
  });

  it('refuses a value its setting does not take, naming why, and changes nothing', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const refused = async (key: string, value: unknown, reason: unknown = 'Planned') => {
      const answer = await change(app, admin, key, value, reason);
      expect(answer.status, `${key}=${String(value)}`).toBe(400);
      return answer.body;
    };
    expect(await refused('BLACK_FRIDAY_WINDOW', 'tomorrow')).toEqual({
      value: [MESSAGES.settingWindowInvalid],
    });
    expect(await refused('SUMMER_PROMO_WINDOW', '02-29T00:00/03-01T00:00')).toEqual({
      value: [MESSAGES.settingWindowInvalid],
    });
    expect(await refused('BLACK_FRIDAY_DISCOUNT_PERCENT', '101')).toEqual({
      value: [formatMessage(MESSAGES.settingWholeInvalid, { lowest: 0, highest: 100 })],
    });
    expect(await refused('MAINTENANCE_NOTICE_DAYS', '-1')).toEqual({
      value: [formatMessage(MESSAGES.settingWholeInvalid, { lowest: 0, highest: 365 })],
    });
    expect(await refused('DXN_USDT_RATE', '0')).toEqual({ value: [MESSAGES.settingRateInvalid] });
    expect(await refused('USDT_EUR_RATE', '0.123456789')).toEqual({ value: [MESSAGES.settingRateInvalid] });
    expect(await refused('WITHDRAWAL_FEE_USDT', '0.0000001')).toEqual({
      value: [formatMessage(MESSAGES.settingAmountInvalid, { places: 6 })],
    });
    expect(await refused('WITHDRAWAL_MIN_USDT', '20000')).toEqual({ value: [MESSAGES.settingLimitsInvalid] });
    expect(await refused('WITHDRAWAL_FEE_USDT', '1')).toEqual({ value: [MESSAGES.settingUnchanged] });
    expect(Object.keys(await refused('HOT_WINTER_FROM', '2026-12-01T00:00:00Z'))).toEqual(['key']);
    expect(Object.keys(await refused('BLACK_FRIDAY_WINDOW', 'off', ''))).toEqual(['reason']);
    expect(Object.keys(await refused('BLACK_FRIDAY_WINDOW', ''))).toEqual(['value']);
    expect(Object.keys(await refused('BLACK_FRIDAY_WINDOW', 42))).toEqual(['value']);
    expect(await countRows(app, configChanges)).toBe(0);
    expect(await countRows(app, auditLog, eq(auditLog.action, 'config.change'))).toBe(0);

    const partner = await registerPartner(app);
    expect((await change(app, partner.token, 'WITHDRAWAL_FEE_USDT', '3')).status).toBe(403);
    expect((await call(app, 'GET', CONFIGS, { token: partner.token })).status).toBe(403);
    expect((await call(app, 'GET', CONFIGS)).status).toBe(401);
  });

  it('reaches another server process within its refresh, from the shared database', async () => {
    const first = await testApp();
    const second = await testApp({ database: first.database });
    const admin = await loginAdmin(first);
    // The second process has looked at the settings before the change.
    expect((await allConfigs(second)).black_friday).toBeNull();
    expect((await change(first, admin, 'BLACK_FRIDAY_WINDOW', aroundNow())).status).toBe(200);
    expect((await allConfigs(first)).black_friday).toMatchObject({ active: true });
    // Until its refresh is due it keeps what it read; then it reads the change.
    expect((await allConfigs(second)).black_friday).toBeNull();
    const later = Date.now() + SETTINGS_REFRESH_MS + 1;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    expect((await allConfigs(second)).black_friday).toMatchObject({ active: true });
  });
});
