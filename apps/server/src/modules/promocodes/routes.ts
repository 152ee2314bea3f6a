import {
  ZPackagePurchaseQuote,
  ZPromocodeActivate,
  ZPromocodeActivated,
  ZPromocodeCreate,
  ZPromocodeCreated,
  ZPromocodePurchaseRequest,
  ZPromocodes,
  type TPackagePurchaseQuote,
  type TPackagePurchaseRequest,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { TPromocodes } from './service';

const tags = ['promotions'];

/** Promo codes (api.md "Promo codes"; docs/decisions.md "Promo codes"). */
export function promocodeRoutes(
  app: FastifyInstance,
  deps: {
    promocodes: TPromocodes;
    /** The tariff quote (modules/tariffs, wired in app.ts), which a promo code prices. */
    tariffs: { request(userId: number, body: TPackagePurchaseRequest): Promise<TPackagePurchaseQuote> };
  },
): void {
  const { promocodes, tariffs } = deps;

  route(app, {
    method: 'POST',
    url: '/api/v1/promotions/promocode/create/',
    summary: 'Create a promo code (personal DexID, public or private); needs an Active tariff',
    tags,
    auth: 'user',
    body: ZPromocodeCreate,
    status: 201,
    response: ZPromocodeCreated,
    handler: ({ user, body }) => promocodes.create(user.id, body),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/promotions/promocodes/',
    summary: "The caller's promo codes, newest first, with their uses and whether they can still be used",
    tags,
    auth: 'user',
    response: ZPromocodes,
    handler: ({ user }) => promocodes.list(user.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/promotions/promocode/activate/',
    summary: 'Check that the caller can use a promo code now and what it gives (no use is taken)',
    tags,
    auth: 'user',
    body: ZPromocodeActivate,
    response: ZPromocodeActivated,
    handler: ({ user, body }) => promocodes.activate(user.id, body.promocode),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/promotions/promocode/purchase/request/',
    movesMoney: true,
    summary:
      'A tariff purchase request with a promo code: the tariff quote (confirm it as any tariff request)',
    tags,
    auth: 'user',
    body: ZPromocodePurchaseRequest,
    response: ZPackagePurchaseQuote,
    handler: ({ user, body }) => tariffs.request(user.id, body),
  });
}
