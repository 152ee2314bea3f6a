import type { TProductKind } from '@portal/contracts';
import type { TFoldEvent, TFoldPosting, TTariffChange } from '../fold';
import { foldEvent, type TFoldOptions } from '../fold';
import { FoldState } from '../fold-state';
import { units } from '../money';
import { PLAN_V1, type TTariffCode } from '../plan';
import type { TLeg } from '../types';

/** Whole (and fractional, as a decimal string) USDT in minor units: usdt('1.05') = 1_050_000n. */
export function usdt(amount: number | string): bigint {
  const [whole = '0', fraction = ''] = String(amount).split('.');
  return units(BigInt(whole), 'USDT') + BigInt(fraction.padEnd(6, '0').slice(0, 6));
}

/** The tariff change of buying `code` (a new window, unless told). */
export function tariffChange(
  code: TTariffCode,
  kind: TTariffChange['kind'] = 'new',
  paid?: bigint,
): TTariffChange {
  const price = PLAN_V1.tariffPrices[code];
  return {
    kind,
    productId: code,
    code,
    depth: PLAN_V1.matching.depthByTariff[code],
    price,
    capGrowth: (paid ?? price) * PLAN_V1.capMultiplier,
  };
}

/**
 * A network for engine tests: partners placed by hand (mentor, binary parent and leg), events
 * folded in order on a complete in-memory FoldState, every posting kept.
 */
export class TestNetwork {
  readonly state = new FoldState({ complete: true });
  readonly postings: TFoldPosting[] = [];
  #event = 0;
  #purchase = 0;
  at = new Date('2026-09-01T00:00:00Z');

  constructor() {
    this.state.setTree('root', { mentorId: null, parent: null, root: true });
  }

  /** A partner invited by `mentor`, placed under `parent` on `leg` (by default: the mentor's left). */
  join(id: string, mentor = 'root', place?: { parent: string; leg: TLeg }): this {
    this.state.setTree(id, {
      mentorId: mentor,
      parent: place ? { id: place.parent, leg: place.leg } : { id: mentor, leg: 'left' },
    });
    return this;
  }

  fold(event: TFoldEvent, options?: TFoldOptions): TFoldPosting[] {
    const postings = foldEvent(PLAN_V1, this.state, event, options);
    this.postings.push(...postings);
    return postings;
  }

  /** A purchase of `kind` for `price` USDT (its BV, unless it carries none). */
  buy(
    buyerId: string,
    kind: TProductKind,
    price: bigint,
    extra: Partial<
      Pick<Extract<TFoldEvent, { kind: 'purchase' }>, 'promo' | 'tariff' | 'winter' | 'listPrice' | 'bv'>
    > = {},
    options?: TFoldOptions,
  ): { purchaseId: string; postings: TFoldPosting[] } {
    const purchaseId = `p${++this.#purchase}`;
    const carriesBv = (PLAN_V1.bvKinds as readonly string[]).includes(kind);
    const postings = this.fold(
      {
        kind: 'purchase',
        id: `e${++this.#event}`,
        at: this.at,
        purchaseId,
        buyerId,
        productKind: kind,
        bv: extra.bv ?? (carriesBv ? price : 0n),
        listPrice: extra.listPrice ?? price,
        netPrice: price,
        promo: extra.promo ?? null,
        tariff: extra.tariff ?? null,
        winter: extra.winter ?? false,
      },
      options,
    );
    return { purchaseId, postings };
  }

  /** Buys a tariff by its code (a new window, unless told). */
  tariff(buyerId: string, code: TTariffCode, kind: TTariffChange['kind'] = 'new', paid?: bigint) {
    const price = paid ?? PLAN_V1.tariffPrices[code];
    return this.buy(buyerId, 'tariff', price, { tariff: tariffChange(code, kind, paid) });
  }

  refund(purchaseId: string, options?: TFoldOptions): TFoldPosting[] {
    return this.fold({ kind: 'refund', id: `e${++this.#event}`, at: this.at, purchaseId }, options);
  }

  /** Moves the clock by `days`. */
  pass(days: number): this {
    this.at = new Date(this.at.getTime() + days * 86_400_000);
    return this;
  }

  /** What `id` was credited in all (reversals counted negative), optionally of one bonus type. */
  credited(id: string, bonusType?: TFoldPosting['bonusType']): bigint {
    return this.postings
      .filter((posting) => posting.payeeId === id && (!bonusType || posting.bonusType === bonusType))
      .reduce((sum, posting) => sum + posting.credited, 0n);
  }

  window(id: string) {
    return this.state.partner(id).window;
  }
}
