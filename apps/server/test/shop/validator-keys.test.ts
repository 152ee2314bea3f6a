import { MESSAGES, minor } from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { queryRows } from '../../src/db/client';
import {
  idempotencyKeys,
  invoices,
  ledgerTransfers,
  products,
  purchases,
  rateQuotes,
  validatorFeeDays,
  validatorKeys,
  walletOperations,
} from '../../src/schema';
import { hashCode } from '../../src/lib/one-time-code';
import type { TPricing, TProductRow } from '../../src/modules/catalog/service';
import { recordPurchase } from '../../src/modules/purchases/service';
import { startJobs } from '../../src/jobs/scheduler';
import { validatorKeyJobs } from '../../src/modules/validator-keys/jobs';
import {
  closeDueKeys,
  distributeValidatorFees,
  type TValidatorKeys,
} from '../../src/modules/validator-keys/service';
import { call, post, testApp, testConfig, type TTestApp } from '../helpers/app';
import { secondConnection } from '../helpers/database';
import { depositsApp, devTransfer, getInvoice, mineAndWatch, paymentStatus } from '../helpers/chain';
import { registerPartner, type TPartner } from '../helpers/factories';
import { adjust, balances, ledgerHealth } from '../helpers/money';
import { countRows } from '../helpers/rows';

const BASE = '/api/v1/validator_keys';
const SUMMARY = `${BASE}/summary/`;
const MY = `${BASE}/my/`;
const PURCHASE = `${BASE}/purchase/`;
const PAY = `${BASE}/pay/`;
const CODE = `${BASE}/code/`;
const ACTIVATE = `${BASE}/activate/`;
const DAY = 86_400_000;
const QUOTE = '/api/v1/mlm/usdt_dexnet_rate/';

async function productByCode(app: TTestApp, code: string): Promise<TProductRow & { priceId: number }> {
  const [row] = await queryRows<{ id: string | number; price_id: string | number }>(
    app.database.db,
    sql`select p.id, (select max(pp.id) from product_prices pp where pp.product_id = p.id) as price_id
        from products p where p.code = ${code}`,
  );
  const [product] = await app.database.db
    .select()
    .from(products)
    .where(eq(products.id, Number(row!.id)));
  return { ...product!, priceId: Number(row!.price_id) };
}

/**
 * Tariff purchases recorded directly (tariffs are another module): `count` of `code`, paid 0 so
 * that the partner's balance is untouched.
 */
async function buyTariffs(app: TTestApp, userId: number, count: number, code = 'tariff-500') {
  const product = await productByCode(app, code);
  const pricing: TPricing = {
    listPrice: product.price,
    discount: 0n,
    netPrice: product.price,
    priceId: product.priceId,
    discounts: [],
  };
  for (let i = 0; i < count; i += 1) {
    await app.database.db.transaction((tx) =>
      recordPurchase(tx, {
        userId,
        product,
        pricing,
        currency: 'USDT',
        paid: 0n,
        reference: `test-tariff:${userId}:${code}:${i}:${Math.random()}`,
      }),
    );
  }
}

async function partnerWithKeys(app: TTestApp, allowance = 1, usdt = '0'): Promise<TPartner> {
  const partner = await registerPartner(app);
  await buyTariffs(app, partner.id, allowance);
  if (usdt !== '0') await adjust(app, partner.id, 'USDT', usdt);
  return partner;
}

const purchase = (
  app: TTestApp,
  token: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) => call(app, 'POST', PURCHASE, { token, body, headers });

async function buyPaid(app: TTestApp, token: string) {
  const bought = await purchase(app, token, { currency: 'USDT', pay_from_balance: true });
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  return bought.body as { key: { id: number; status: string }; activation_code: string };
}

async function keyRow(app: TTestApp, id: number) {
  const [row] = await app.database.db.select().from(validatorKeys).where(eq(validatorKeys.id, id));
  return row!;
}

describe('summary: allowance, bought, available', () => {
  test('allowance counts the tariff purchases whose tariff includes a node; GET and POST', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const empty = await call(app, 'GET', SUMMARY, { token: partner.token });
    expect(empty).toMatchObject({
      status: 200,
      body: {
        allowance: 0,
        bought: 0,
        available: 0,
        price_usdt: '1500.000000',
        price_dxn_usdt: '1200.000000',
      },
    });
    await buyTariffs(app, partner.id, 1, 'tariff-50'); // no node: no key
    await buyTariffs(app, partner.id, 2, 'tariff-500');
    await buyTariffs(app, partner.id, 1, 'tariff-7500');
    expect((await post(app, SUMMARY, {}, partner.token)).body).toMatchObject({
      allowance: 3,
      bought: 0,
      available: 3,
    });
    // Another partner's tariffs are not mine.
    const other = await registerPartner(app);
    expect((await post(app, SUMMARY, {}, other.token)).body.allowance).toBe(0);
    expect((await call(app, 'GET', SUMMARY)).status).toBe(401);
  });

  test('allowance 0 is refused with a clear 400 and writes nothing', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    await buyTariffs(app, partner.id, 1, 'tariff-50');
    await adjust(app, partner.id, 'USDT', '5000');
    const refused = await purchase(app, partner.token, { currency: 'USDT', pay_from_balance: true });
    expect(refused).toMatchObject({
      status: 400,
      body: { non_field_errors: [MESSAGES.validatorKeyNoneAvailable] },
    });
    expect(await countRows(app, validatorKeys)).toBe(0);
    expect((await balances(app, partner.token)).usdt).toBe('5000.000000');
  });

  test('bought counts reserved, paid and activated keys; the allowance is a ceiling', async () => {
    const app = await testApp();
    const partner = await partnerWithKeys(app, 2, '3000');
    const first = await buyPaid(app, partner.token);
    expect((await post(app, SUMMARY, {}, partner.token)).body).toMatchObject({
      allowance: 2,
      bought: 1,
      available: 1,
    });
    await post(app, ACTIVATE, { code: first.activation_code }, partner.token);
    const reserved = await purchase(app, partner.token, { currency: 'USDT' });
    expect(reserved.status).toBe(201);
    expect((await post(app, SUMMARY, {}, partner.token)).body).toMatchObject({ bought: 2, available: 0 });
    expect(await purchase(app, partner.token, { currency: 'USDT' })).toMatchObject({
      status: 400,
      body: { non_field_errors: [MESSAGES.validatorKeyNoneAvailable] },
    });
  });
});

describe('purchase and payment', () => {
  test('paid from the USDT balance: 1500 USDT, one purchase with BV, the code shown once and kept as its hash', async () => {
    const app = await testApp();
    const partner = await partnerWithKeys(app, 1, '2000');
    const bought = await purchase(
      app,
      partner.token,
      { currency: 'USDT', pay_from_balance: true },
      { 'idempotency-key': 'vk-1' },
    );
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const code = bought.body.activation_code as string;
    expect(code).toMatch(/^VK(-[A-Z2-7]{4}){6}$/);
    expect(bought.body.key).toMatchObject({
      status: 'paid',
      currency: 'USDT',
      amount: '1500.000000',
      price_usdt: '1500.000000',
      rate: null,
      code_issued: true,
      payment_confirming: false,
    });
    const activateUntil = Date.parse(bought.body.key.activate_until);
    expect(activateUntil).toBeGreaterThan(Date.now() + 23.9 * 3600_000);
    expect(activateUntil).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    expect(bought.body.key.expires_at).toBe(bought.body.key.activate_until);
    expect((await balances(app, partner.token)).usdt).toBe('500.000000');
    const [row] = await app.database.db
      .select()
      .from(purchases)
      .where(and(eq(purchases.userId, partner.id), eq(purchases.kind, 'validator_key')));
    expect(row).toMatchObject({
      currency: 'USDT',
      paid: 1_500_000_000n,
      netPrice: 1_500_000_000n,
      bv: 1_500_000_000n,
    });
    // Only the hash is kept: not on the key, not in the stored answer of the Idempotency-Key.
    const key = await keyRow(app, bought.body.key.id);
    expect(key.codeHash).toBe(hashCode(code));
    const stored = await app.database.db.select().from(idempotencyKeys);
    expect(JSON.stringify(stored.map((item) => item.response))).not.toContain(code.slice(3));
    // Never shown again: the list has no code.
    const list = await post(app, MY, {}, partner.token);
    expect(JSON.stringify(list.body)).not.toContain(code.slice(3));
    expect(list.body).toHaveLength(1);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('one Idempotency-Key: a double submit reserves and charges once; the code is in one answer only', async () => {
    const app = await testApp();
    const partner = await partnerWithKeys(app, 3, '5000');
    const headers = { 'idempotency-key': 'vk-once' };
    const body = { currency: 'USDT', pay_from_balance: true };
    const [first, second] = await Promise.all([
      purchase(app, partner.token, body, headers),
      purchase(app, partner.token, body, headers),
    ]);
    const third = await purchase(app, partner.token, body, headers);
    expect([first.status, second.status, third.status]).toEqual([201, 201, 201]);
    expect(second.body.key).toEqual(first.body.key);
    expect(third.body.key).toEqual(first.body.key);
    const codes = [first, second, third].map((answer) => answer.body.activation_code).filter(Boolean);
    expect(codes).toHaveLength(1);
    expect(await countRows(app, validatorKeys)).toBe(1);
    expect(await countRows(app, purchases, eq(purchases.kind, 'validator_key'))).toBe(1);
    expect((await balances(app, partner.token)).usdt).toBe('3500.000000');
    // The same key with another request: 409.
    expect(await purchase(app, partner.token, { currency: 'USDT' }, headers)).toMatchObject({
      status: 409,
      body: { detail: MESSAGES.idempotencyKeyReused },
    });
  });

  test('reserved for 15 minutes, then paid from the balance; pay twice or another partner: clear answers', async () => {
    const app = await testApp();
    const partner = await partnerWithKeys(app, 1, '1500');
    const reserved = await purchase(app, partner.token, { currency: 'USDT' });
    expect(reserved.status).toBe(201);
    expect(reserved.body.activation_code).toBeNull();
    expect(reserved.body.key).toMatchObject({ status: 'reserved', paid_at: null, code_issued: false });
    const until = Date.parse(reserved.body.key.reserved_until);
    expect(until).toBeGreaterThan(Date.now() + 14.9 * 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    expect(reserved.body.key.expires_at).toBe(reserved.body.key.reserved_until);
    expect((await balances(app, partner.token)).usdt).toBe('1500.000000');

    const other = await partnerWithKeys(app, 1, '1500');
    expect(await post(app, PAY, { key_id: reserved.body.key.id }, other.token)).toMatchObject({
      status: 404,
      body: { detail: MESSAGES.validatorKeyNotFound },
    });
    const paid = await post(app, PAY, { key_id: reserved.body.key.id }, partner.token);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.activation_code).toMatch(/^VK-/);
    expect(paid.body.key.status).toBe('paid');
    expect((await balances(app, partner.token)).usdt).toBe('0.000000');
    expect(await post(app, PAY, { key_id: reserved.body.key.id }, partner.token)).toMatchObject({
      status: 400,
      body: { non_field_errors: [MESSAGES.validatorKeyNotAwaitingPayment] },
    });
    expect((await post(app, PAY, { key_id: 'x' }, partner.token)).status).toBe(400);
  });

  test('short balance: "Insufficient funds on the internal balance." and nothing is written', async () => {
    const app = await testApp();
    const partner = await partnerWithKeys(app, 1, '1499.999999');
    expect(await purchase(app, partner.token, { currency: 'USDT', pay_from_balance: true })).toMatchObject({
      status: 400,
      body: { non_field_errors: [MESSAGES.insufficientFunds] },
    });
    expect(await countRows(app, validatorKeys)).toBe(0);
    // A reservation stays reserved when its payment is short.
    const reserved = await purchase(app, partner.token, { currency: 'USDT' });
    expect(await post(app, PAY, { key_id: reserved.body.key.id }, partner.token)).toMatchObject({
      status: 400,
      body: { non_field_errors: [MESSAGES.insufficientFunds] },
    });
    expect((await keyRow(app, reserved.body.key.id)).status).toBe('reserved');
  });

  test('in DXN: 1200 USDT worth at the 30-minute quote; quote required and live', async () => {
    const app = await testApp();
    const partner = await partnerWithKeys(app, 1);
    await adjust(app, partner.id, 'DXN', '30000');
    expect(await purchase(app, partner.token, { currency: 'DXN' })).toMatchObject({
      status: 400,
      body: { quote_id: [MESSAGES.fieldRequired] },
    });
    expect(await purchase(app, partner.token, { currency: 'DXN', quote_id: 'nope' })).toMatchObject({
      status: 400,
      body: { quote_id: [MESSAGES.quoteExpired] },
    });
    const quote = (await post(app, QUOTE, {}, partner.token)).body;
    expect(quote.rate).toBe('0.05');
    const old = (await post(app, QUOTE, {}, partner.token)).body;
    await app.database.db
      .update(rateQuotes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(rateQuotes.id, old.quote_id));
    expect(await purchase(app, partner.token, { currency: 'DXN', quote_id: old.quote_id })).toMatchObject({
      status: 400,
      body: { quote_id: [MESSAGES.quoteExpired] },
    });
    expect(await countRows(app, validatorKeys)).toBe(0);

    const bought = await purchase(app, partner.token, {
      currency: 'DXN',
      quote_id: quote.quote_id,
      pay_from_balance: true,
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    // 1200 USDT / 0.05 USDT per DXN = 24000 DXN.
    expect(bought.body.key).toMatchObject({
      status: 'paid',
      currency: 'DXN',
      amount: '24000.00000000',
      price_usdt: '1200.000000',
      rate: '0.05',
    });
    expect((await balances(app, partner.token)).dexnet).toBe('6000.00000000');
    const [row] = await app.database.db.select().from(purchases).where(eq(purchases.kind, 'validator_key'));
    expect(row).toMatchObject({
      currency: 'DXN',
      paid: 2_400_000_000_000n,
      netPrice: 1_200_000_000n,
      bv: 1_200_000_000n,
      quoteId: quote.quote_id,
    });
    expect((await ledgerHealth(app)).ok).toBe(true);
  });
});

describe('expiry', () => {
  test('an unpaid reservation past 15 minutes is released on read, with no job', async () => {
    const app = await testApp();
    const partner = await partnerWithKeys(app, 1, '1500');
    const reserved = await purchase(app, partner.token, { currency: 'USDT' });
    await app.database.db
      .update(validatorKeys)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(validatorKeys.id, reserved.body.key.id));
    const list = await post(app, MY, {}, partner.token);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body[0]).toMatchObject({ status: 'released', expires_at: null });
    expect((await post(app, SUMMARY, {}, partner.token)).body).toMatchObject({ bought: 0, available: 1 });
    expect(await post(app, PAY, { key_id: reserved.body.key.id }, partner.token)).toMatchObject({
      status: 400,
      body: { non_field_errors: [MESSAGES.validatorKeyNotAwaitingPayment] },
    });
    expect((await keyRow(app, reserved.body.key.id)).status).toBe('released');
    expect((await balances(app, partner.token)).usdt).toBe('1500.000000');
  });

  test('a paid key not activated in 24 hours: released on read and refunded once; its code then refused', async () => {
    const app = await testApp();
    const partner = await partnerWithKeys(app, 1, '1500');
    const { key, activation_code } = await buyPaid(app, partner.token);
    expect((await balances(app, partner.token)).usdt).toBe('0.000000');
    await app.database.db
      .update(validatorKeys)
      .set({ activateUntil: new Date(Date.now() - 1000) })
      .where(eq(validatorKeys.id, key.id));
    expect((await post(app, MY, {}, partner.token)).body[0].status).toBe('expired');
    expect((await balances(app, partner.token)).usdt).toBe('1500.000000');
    // Read again: refunded once.
    await post(app, SUMMARY, {}, partner.token);
    expect((await balances(app, partner.token)).usdt).toBe('1500.000000');
    expect((await post(app, SUMMARY, {}, partner.token)).body).toMatchObject({ bought: 0, available: 1 });
    const [row] = await app.database.db.select().from(purchases).where(eq(purchases.kind, 'validator_key'));
    expect(row!.status).toBe('refunded');
    expect(await post(app, ACTIVATE, { code: activation_code }, partner.token)).toMatchObject({
      status: 400,
      body: { code: [MESSAGES.validatorKeyActivationExpired] },
    });
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('the job closes every partner’s keys past their time, once', async () => {
    const app = await testApp();
    const a = await partnerWithKeys(app, 1, '1500');
    const b = await partnerWithKeys(app, 1, '1500');
    const paid = await buyPaid(app, a.token);
    const reserved = await purchase(app, b.token, { currency: 'USDT' });
    await app.database.db.update(validatorKeys).set({
      activateUntil: new Date(Date.now() - 1000),
      reservedUntil: new Date(Date.now() - 1000),
    });
    expect(await closeDueKeys(app.database.db)).toBe(2);
    expect(await closeDueKeys(app.database.db)).toBe(0);
    expect((await keyRow(app, paid.key.id)).status).toBe('expired');
    expect((await keyRow(app, reserved.body.key.id)).status).toBe('released');
    expect((await balances(app, a.token)).usdt).toBe('1500.000000');
    expect(await countRows(app, ledgerTransfers, eq(ledgerTransfers.operationType, 'refund'))).toBe(1);
  });
});

describe('activation', () => {
  test('with the code within 24 hours; a wrong code or another partner’s code is a clear 400', async () => {
    const app = await testApp();
    const partner = await partnerWithKeys(app, 1, '1500');
    const other = await partnerWithKeys(app, 1, '1500');
    const { key, activation_code } = await buyPaid(app, partner.token);
    expect(await post(app, ACTIVATE, { code: 'VK-0000-0000-0000-0000' }, partner.token)).toMatchObject({
      status: 400,
      body: { code: [MESSAGES.validatorKeyInvalidCode] },
    });
    expect(await post(app, ACTIVATE, { code: activation_code }, other.token)).toMatchObject({
      status: 400,
      body: { code: [MESSAGES.validatorKeyInvalidCode] },
    });
    expect((await post(app, ACTIVATE, {}, partner.token)).status).toBe(400);
    // Typed in lower case without dashes: the same code.
    const typed = activation_code.toLowerCase().replace(/-/g, ' ');
    const activated = await post(app, ACTIVATE, { code: typed }, partner.token);
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    expect(activated.body).toMatchObject({ id: key.id, status: 'activated', expires_at: null });
    expect(activated.body.activated_at).not.toBeNull();
    expect(await post(app, ACTIVATE, { code: activation_code }, partner.token)).toMatchObject({
      status: 400,
      body: { code: [MESSAGES.validatorKeyAlreadyActivated] },
    });
    // Activated keys never expire.
    await app.database.db
      .update(validatorKeys)
      .set({ activateUntil: new Date(Date.now() - 1000) })
      .where(eq(validatorKeys.id, key.id));
    expect((await post(app, MY, {}, partner.token)).body[0].status).toBe('activated');
    expect((await balances(app, partner.token)).usdt).toBe('0.000000');
  });

  test('the code call: only for a paid key, and only once (a key paid from the balance showed it already)', async () => {
    const app = await testApp();
    const partner = await partnerWithKeys(app, 2, '1500');
    const reserved = await purchase(app, partner.token, { currency: 'USDT' });
    expect(await post(app, CODE, { key_id: reserved.body.key.id }, partner.token)).toMatchObject({
      status: 400,
      body: { non_field_errors: [MESSAGES.validatorKeyNotPaid] },
    });
    await post(app, PAY, { key_id: reserved.body.key.id }, partner.token);
    expect(await post(app, CODE, { key_id: reserved.body.key.id }, partner.token)).toMatchObject({
      status: 400,
      body: { non_field_errors: [MESSAGES.validatorKeyCodeShown] },
    });
    const other = await registerPartner(app);
    expect(await post(app, CODE, { key_id: reserved.body.key.id }, other.token)).toMatchObject({
      status: 404,
      body: { detail: MESSAGES.validatorKeyNotFound },
    });
    expect((await post(app, ACTIVATE, { code: 'x'.repeat(65) }, partner.token)).status).toBe(400);
  });

  test('20 parallel activations of one code: exactly one succeeds', async () => {
    const app = await testApp();
    const partner = await partnerWithKeys(app, 1, '1500');
    const { key, activation_code } = await buyPaid(app, partner.token);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(app, ACTIVATE, { code: activation_code }, partner.token)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(19);
    for (const answer of refused) {
      expect(answer).toMatchObject({ status: 400, body: { code: [MESSAGES.validatorKeyAlreadyActivated] } });
    }
    expect((await keyRow(app, key.id)).status).toBe('activated');
  });
});

describe('paying by chain invoice', () => {
  test('the invoice is the key’s amount; paid at the third confirmation, then its code is issued once', async () => {
    const { app } = await depositsApp();
    const partner = await partnerWithKeys(app, 2);
    const reserved = await purchase(app, partner.token, { currency: 'USDT' });
    const keyId = reserved.body.key.id as number;
    const invoice = await getInvoice(app, partner.token, {
      purpose: 'validator_key',
      validator_key_id: keyId,
    });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(200);
    expect(invoice.body).toMatchObject({
      network: 'BEP-20',
      currency: 'USDT',
      amount: '1500.000000',
      status: 'pending',
      confirmations_required: 3,
    });
    // Never past the reservation's 15 minutes.
    expect(Date.parse(invoice.body.expires_at)).toBeLessThanOrEqual(
      Date.parse(reserved.body.key.reserved_until),
    );
    expect(
      (await getInvoice(app, partner.token, { purpose: 'validator_key', validator_key_id: keyId })).body,
    ).toEqual(invoice.body);
    // Another partner's key: 404.
    const other = await partnerWithKeys(app, 1);
    expect(
      await getInvoice(app, other.token, { purpose: 'validator_key', validator_key_id: keyId }),
    ).toMatchObject({ status: 404, body: { detail: MESSAGES.validatorKeyNotFound } });

    await devTransfer(app, invoice.body.address, 'USDT', '1500');
    await mineAndWatch(app, 2);
    expect((await paymentStatus(app, partner.token, invoice.body.id)).body.status).toBe('confirming');
    // Past its 15 minutes while the transfer confirms: the reservation waits.
    await app.database.db
      .update(validatorKeys)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(validatorKeys.id, keyId));
    expect((await post(app, MY, {}, partner.token)).body[0]).toMatchObject({
      status: 'reserved',
      payment_confirming: true,
    });
    expect(await closeDueKeys(app.database.db)).toBe(0);
    await mineAndWatch(app, 1);
    expect((await paymentStatus(app, partner.token, invoice.body.id)).body).toMatchObject({
      status: 'paid',
      confirmations: 3,
    });
    const mine3 = (await post(app, MY, {}, partner.token)).body[0];
    expect(mine3).toMatchObject({ status: 'paid', code_issued: false, payment_confirming: false });
    expect((await balances(app, partner.token)).usdt).toBe('0.000000');
    expect(await countRows(app, purchases, eq(purchases.kind, 'validator_key'))).toBe(1);

    const issued = await post(app, CODE, { key_id: keyId }, partner.token);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.activation_code).toMatch(/^VK-/);
    expect(await post(app, CODE, { key_id: keyId }, partner.token)).toMatchObject({
      status: 400,
      body: { non_field_errors: [MESSAGES.validatorKeyCodeShown] },
    });
    expect((await post(app, ACTIVATE, { code: issued.body.activation_code }, partner.token)).status).toBe(
      200,
    );
    // More blocks change nothing; a paid key makes no invoice.
    await mineAndWatch(app, 3);
    await paymentStatus(app, partner.token, invoice.body.id);
    expect(await countRows(app, purchases, eq(purchases.kind, 'validator_key'))).toBe(1);
    expect(
      await getInvoice(app, partner.token, { purpose: 'validator_key', validator_key_id: keyId }),
    ).toMatchObject({ status: 400, body: { non_field_errors: [MESSAGES.validatorKeyNotAwaitingPayment] } });
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('a DXN key’s invoice is in DXN at its quote; a key paid from the balance meanwhile leaves the credit there', async () => {
    const { app } = await depositsApp();
    const partner = await partnerWithKeys(app, 1);
    const quote = (await post(app, QUOTE, {}, partner.token)).body;
    const reserved = await purchase(app, partner.token, { currency: 'DXN', quote_id: quote.quote_id });
    const keyId = reserved.body.key.id as number;
    const invoice = (
      await getInvoice(app, partner.token, { purpose: 'validator_key', validator_key_id: keyId })
    ).body;
    expect(invoice).toMatchObject({ currency: 'DXN', amount: '24000.00000000' });
    await devTransfer(app, invoice.address, 'DXN', '24000');
    await mineAndWatch(app, 1);
    await paymentStatus(app, partner.token, invoice.id);
    await adjust(app, partner.id, 'DXN', '24000');
    expect((await post(app, PAY, { key_id: keyId }, partner.token)).status).toBe(200);
    await mineAndWatch(app, 2);
    expect((await paymentStatus(app, partner.token, invoice.id)).body.status).toBe('paid');
    expect((await balances(app, partner.token)).dexnet).toBe('24000.00000000');
    expect(await countRows(app, purchases, eq(purchases.kind, 'validator_key'))).toBe(1);
    expect(await countRows(app, invoices, eq(invoices.validatorKeyId, keyId))).toBe(1);
  });
});

describe('daily fee share', () => {
  test('90% of the day’s fee shared equally among activated keys, once per day; the rest stays with the company', async () => {
    const app = await testApp();
    const db = app.database.db;
    const a = await partnerWithKeys(app, 2, '3000');
    const b = await partnerWithKeys(app, 1, '1500');
    for (const partner of [a, a, b]) {
      const { activation_code } = await buyPaid(app, partner.token);
      expect((await post(app, ACTIVATE, { code: activation_code }, partner.token)).status).toBe(200);
    }
    // A paid key not activated shares nothing.
    const c = await partnerWithKeys(app, 1, '1500');
    await buyPaid(app, c.token);
    const today = new Date().toISOString().slice(0, 10);
    // 10.00000001 DXN: 90% = 9.00000000 (rounded down), / 3 = 3.00000000 each.
    expect(await distributeValidatorFees(db, 1_000_000_001n, today)).toBe(3);
    expect(await distributeValidatorFees(db, 1_000_000_001n, today)).toBe(0);
    expect((await balances(app, a.token)).dexnet).toBe('6.00000000');
    expect((await balances(app, b.token)).dexnet).toBe('3.00000000');
    expect((await balances(app, c.token)).dexnet).toBe('0.00000000');
    const [day] = await db.select().from(validatorFeeDays);
    expect(day).toMatchObject({ day: today, fee: 1_000_000_001n, share: 300_000_000n, keys: 3 });
    const lines = await db
      .select()
      .from(walletOperations)
      .where(and(eq(walletOperations.userId, b.id), eq(walletOperations.bonusType, 'validator_right')));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ operationType: 'bonus', currency: 'DXN', amount: 300_000_000n });
    // Keys activated after the day ended take no share of it; a fee of 0 is off.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(await distributeValidatorFees(db, 1_000_000_000n, yesterday)).toBe(0);
    expect(await distributeValidatorFees(db, 0n, '2020-01-01')).toBe(0);
    expect(await countRows(app, validatorFeeDays)).toBe(2);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('days the servers were down are shared after the restart, each once, whichever process runs them', async () => {
    const app = await testApp();
    const partner = await partnerWithKeys(app, 1, '1500');
    const { activation_code } = await buyPaid(app, partner.token);
    expect((await post(app, ACTIVATE, { code: activation_code }, partner.token)).status).toBe(200);
    const base = testConfig();
    const config = {
      ...base,
      validatorKeys: { ...base.validatorKeys, dailyFeeDxn: minor(1_000_000_000n, 'DXN') },
    };
    // Only the daily fee job: the key expiry worker is not what this test is about.
    const feeJobs = (db: typeof app.database.db) =>
      validatorKeyJobs({ db, config, validatorKeys: {} as TValidatorKeys }).filter(
        (job) => job.name === 'validator-fees',
      );
    // Days counted from today's midnight (UTC), so the test means the same at any hour of the day.
    const midnight = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const day = (offset: number) => new Date(midnight + offset * DAY).toISOString().slice(0, 10);
    let now = new Date();
    const clock = () => now;
    const log = { error: () => undefined, warn: () => undefined };
    const options = { tickMs: 5 };

    // Running today: yesterday is shared (the key was not active yet: no share).
    const first = await startJobs({
      db: app.database.db,
      jobs: feeJobs(app.database.db),
      log,
      clock,
      options,
    });
    await first.runDue();
    await first.stop();
    // Down over two midnights, then two processes start.
    now = new Date(midnight + 2 * DAY + 3_600_000);
    const second = secondConnection(app.database);
    const runners = await Promise.all(
      [app.database.db, second.db].map((db) => startJobs({ db, jobs: feeJobs(db), log, clock, options })),
    );
    for (const deadline = Date.now() + 10_000; (await countRows(app, validatorFeeDays)) < 3;) {
      if (Date.now() > deadline) throw new Error('the missed days were not shared');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    await Promise.all(runners.map((runner) => runner.stop()));
    const days = await app.database.db.select().from(validatorFeeDays).orderBy(validatorFeeDays.day);
    expect(days.map((row) => [row.day, row.keys])).toEqual([
      [day(-1), 0],
      [day(0), 1],
      [day(1), 1],
    ]);
    // 90% of 10 DXN for each of the two days the key was active by the end of.
    expect((await balances(app, partner.token)).dexnet).toBe('18.00000000');
    expect((await ledgerHealth(app)).ok).toBe(true);
  });
});
