import { formatMinor, type TSeasonPromoStatus, type TWinterPromoStatus } from '@portal/contracts';
import type { Db } from '../../db/client';
import type { TOccurrence } from '../../lib/windows';
import { findProduct, type TDiscountRule } from '../../modules/catalog/service';
import { type TConfigs, type TSeasonPromo, windowAnswer } from '../../modules/configs/service';
import { isActive, tariffNow } from '../../modules/compensation/service';
import { SMALL_TEAM } from '../team/service';
import * as repo from './repo';
import { MIN_TARIFF, winterStanding } from './winter';

/**
 * The Black Friday discount (compensation-plan.md section 9): inside the window, the configured
 * percent off every tariff, rounded down to the minor unit (the buyer never gets more than the
 * percent). It plugs into the catalogue's pricing step; an upgrade's price is the difference, so the
 * discount is taken off the difference.
 */
export function blackFridayDiscount(configs: Pick<TConfigs, 'blackFridayPercent'>): TDiscountRule {
  return (_tx, request, listPrice) => {
    if (request.product.kind !== 'tariff') return Promise.resolve(null);
    const percent = configs.blackFridayPercent(request.now);
    if (percent === 0) return Promise.resolve(null);
    return Promise.resolve({ source: 'black_friday', amount: (listPrice * BigInt(percent)) / 100n });
  };
}

/** A partner's sales inside a window: personal, team, and the largest first-line branch's. */
async function salesIn(db: Db, userId: number, window: TOccurrence, smallTeam: number) {
  const partner = await repo.partnerOf(db, userId);
  if (!partner) return { personal: 0, team: 0, largestBranch: 0 };
  // The kept counter may lag a few seconds behind new partners: it only picks the cheaper path,
  // both count exactly.
  const branches =
    partner.downline <= smallTeam || partner.sponsorDepth === null
      ? await repo.branchSalesWalked(db, userId, window)
      : await repo.branchSalesScanned(db, { id: userId, sponsorDepth: partner.sponsorDepth }, window);
  return {
    personal: branches.reduce((sum, branch) => sum + branch.personal, 0),
    team: branches.reduce((sum, branch) => sum + branch.team, 0),
    largestBranch: branches.reduce((most, branch) => Math.max(most, branch.team), 0),
  };
}

/** The tariff the partner holds now: its list price in the catalogue and whether it is Active (bonuses below the cap). */
async function heldTariff(db: Db, userId: number): Promise<{ price: bigint; active: boolean } | null> {
  const window = await tariffNow(db, userId);
  const product = window && (await findProduct(db, Number(window.productId)));
  return product ? { price: product.price, active: isActive(window) } : null;
}

/**
 * The seasonal promotions' status calls (compensation-plan.md section 9; docs/decisions.md
 * "Seasonal promotions"): reads only, at the injected clock.
 */
export function createPromotions(deps: { db: Db; configs: TConfigs; smallTeam?: number }) {
  const { db, configs } = deps;
  const smallTeam = deps.smallTeam ?? SMALL_TEAM;

  return {
    async winterStatus(userId: number, now: Date = configs.clock()): Promise<TWinterPromoStatus> {
      const window = configs.winterPromo();
      const [sales, tariff, bonuses] = await Promise.all([
        salesIn(db, userId, window, smallTeam),
        heldTariff(db, userId),
        repo.bonusTotals(db, userId, ['winter_gift', 'ticket']),
      ]);
      const standing = winterStanding({ tariff, ...sales });
      const gift = bonuses.get('winter_gift') ?? { count: 0, amount: 0n };
      const ticket = bonuses.get('ticket') ?? { count: 0, amount: 0n };
      return {
        window: windowAnswer(window, now),
        finished: now >= window.end,
        eligible: standing.eligible,
        reason: standing.reason,
        min_tariff: formatMinor(MIN_TARIFF, 'USDT'),
        personal_sales: sales.personal,
        team_sales: sales.team,
        largest_branch_sales: sales.largestBranch,
        team_sales_counted: standing.teamCounted,
        status: standing.status,
        reward: standing.reward,
        next_status: standing.next,
        levels: standing.levels,
        winter_gift: { count: gift.count, amount: formatMinor(gift.amount, 'DXN') },
        ticket_bonus: { count: ticket.count, amount: formatMinor(ticket.amount, 'USDT') },
      };
    },

    async seasonStatus(
      userId: number,
      promo: TSeasonPromo,
      now: Date = configs.clock(),
    ): Promise<TSeasonPromoStatus> {
      const window = configs.seasonPromo(promo, now);
      if (!window)
        return { window: null, finished: false, own_purchases: 0, personal_sales: 0, team_sales: 0 };
      const [sales, own] = await Promise.all([
        salesIn(db, userId, window, smallTeam),
        repo.ownSales(db, userId, window),
      ]);
      return {
        window: windowAnswer(window, now),
        finished: now >= window.end,
        own_purchases: own,
        personal_sales: sales.personal,
        team_sales: sales.team,
      };
    },
  };
}

export type TPromotions = ReturnType<typeof createPromotions>;
