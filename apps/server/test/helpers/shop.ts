import { expect } from 'vitest';
import { call, post, type TTestApp } from './app';
import type { TPartner } from './factories';

/** A shipping address every device order of the tests can use. */
export const SHIPPING = {
  full_name: 'Pat Partner',
  phone: '+351 912 345 678',
  country: 'pt',
  city: 'Lisbon',
  address: 'Rua Augusta 1',
  postcode: '1100-048',
};

/** `buyer` orders the catalogue's device, paid from the balance, shipped to SHIPPING; the order's id. */
export async function orderDevice(app: TTestApp, buyer: TPartner): Promise<number> {
  const products = await call(app, 'GET', '/api/v1/products/', { token: buyer.token });
  const device = products.body.find((product: { kind: string }) => product.kind === 'device');
  const order = await post(
    app,
    '/api/v1/products/create_order/',
    { product_id: device.id, shipping: SHIPPING, pay_from_balance: true },
    buyer.token,
  );
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  return order.body.id as number;
}
