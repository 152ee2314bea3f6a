import type { TDiscountRule } from '../catalog/service';
import type { TConfigs } from '../configs/service';

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
