import { ZEmptyRequest, ZSeasonPromoStatus, ZWinterPromoStatus } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { TPromotions } from './service';

const tags = ['promotions'];

/** The seasonal promotions' status calls (docs/decisions.md "Seasonal promotions"): reads, no money moves. */
export function promotionRoutes(app: FastifyInstance, deps: { promotions: TPromotions }): void {
  const { promotions } = deps;

  route(app, {
    method: 'POST',
    url: '/api/v1/mlm/winter_promo_status/',
    summary:
      "The caller's winter promo standing: sales in the window, the 0.4 largest-branch rule, Silver/Gold/Platinum, Hot Winter bonuses",
    tags,
    auth: 'user',
    body: ZEmptyRequest,
    response: ZWinterPromoStatus,
    handler: ({ user }) => promotions.winterStatus(user.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/mlm/dex_new_year_promo/',
    summary: "The new year promo's window (NEW_YEAR_PROMO_WINDOW) and the caller's tariff sales in it",
    tags,
    auth: 'user',
    body: ZEmptyRequest,
    response: ZSeasonPromoStatus,
    handler: ({ user }) => promotions.seasonStatus(user.id, 'newYear'),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/mlm/get_dex_summer_promo_status/',
    summary: "The summer promo's window (SUMMER_PROMO_WINDOW) and the caller's tariff sales in it",
    tags,
    auth: 'user',
    body: ZEmptyRequest,
    response: ZSeasonPromoStatus,
    handler: ({ user }) => promotions.seasonStatus(user.id, 'summer'),
  });
}
