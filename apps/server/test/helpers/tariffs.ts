import { expect } from 'vitest';
import { findProductByCode } from '../../src/modules/catalog/service';
import { post, type TTestApp } from './app';
import type { TPartner } from './factories';

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
