import { expect } from 'vitest';
import { findProductByCode } from '../../src/modules/catalog/service';
import { post, type TTestApp } from './app';
import { registerPartner, type TPartner } from './factories';
import { adjust } from './money';

export const TARIFF_REQUEST = '/api/v1/mlm/package/purchase/request/';
export const TARIFF_CONFIRM = '/api/v1/mlm/package/purchase/confirm/';

/** The product id of `code` (a tariff, or any product). */
export async function tariffId(app: TTestApp, code: string): Promise<number> {
  return (await findProductByCode(app.database.db, code))!.id;
}

/** Asks for tariff `code` (mentor confirmed, terms accepted); expects success; the quote. */
async function requestTariff(app: TTestApp, buyer: TPartner, code: string) {
  const quote = await post(
    app,
    TARIFF_REQUEST,
    { package_id: await tariffId(app, code), mentor_confirmed: true, terms_accepted: true },
    buyer.token,
  );
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  return quote.body;
}

/** Asks for tariff `code`; expects success; the request id to confirm. */
export async function quoteTariff(app: TTestApp, buyer: TPartner, code: string): Promise<string> {
  return (await requestTariff(app, buyer, code)).request_id as string;
}

/** Buys tariff `code` through the API (request, then confirm); expects success; both answers. */
export async function buyTariff(app: TTestApp, buyer: TPartner, code: string) {
  const quote = await requestTariff(app, buyer, code);
  const paid = await post(app, TARIFF_CONFIRM, { request_id: quote.request_id }, buyer.token);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return { quote, paid: paid.body };
}

/**
 * A mentor with tariff 500 and a partner they invited who then buys tariff 500 too: the buyer's
 * purchase owes the mentor an invite bonus, paid when the fold runs.
 */
export async function inviteWithPurchase(app: TTestApp): Promise<{ mentor: TPartner; buyer: TPartner }> {
  const mentor = await registerPartner(app);
  await adjust(app, mentor.id, 'USDT', '500');
  await buyTariff(app, mentor, 'tariff-500');
  const buyer = await registerPartner(app, { promocode: mentor.referralId });
  await adjust(app, buyer.id, 'USDT', '500');
  await buyTariff(app, buyer, 'tariff-500');
  return { mentor, buyer };
}
