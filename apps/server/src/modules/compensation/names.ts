import type { TBonusType as TEngineBonusType } from '@portal/compensation';
import type { TBonusType, TCurrency } from '@portal/contracts';

/** The engine's bonus types under the names of the contracts (api.md bonus types). */
export const CONTRACT_TYPE: Readonly<Record<TEngineBonusType, TBonusType>> = {
  invite: 'invite',
  binary: 'binary',
  matching: 'matching',
  ticket: 'ticket',
  vp: 'vp',
  promo_owner: 'dexid_promo',
  quick_start: 'quick_start',
  qualification: 'qualification',
  leader_pool: 'leader_pool',
  node_income: 'node_income',
  token_pack_yield: 'token_package',
  hot_winter_gift: 'winter_gift',
  lost_profit: 'lost_profit',
};

const ENGINE_TYPE = new Map<string, TEngineBonusType>(
  Object.entries(CONTRACT_TYPE).map(([engine, contract]) => [contract, engine as TEngineBonusType]),
);

/** A payout's bonus type as the engine names it (matching_dexnet and annual_matching are DXN matching). */
export function engineType(contract: string): TEngineBonusType {
  if (contract === 'matching_dexnet' || contract === 'annual_matching') return 'matching';
  const type = ENGINE_TYPE.get(contract);
  if (!type) throw new Error(`Unknown bonus type ${contract}`);
  return type;
}

/** A posting's bonus type as the contracts name it: DXN matching is matching_dexnet or annual_matching. */
export function contractType(
  bonusType: TEngineBonusType,
  currency: TCurrency,
  sourceBonusType?: TEngineBonusType | null,
): TBonusType {
  if (bonusType === 'matching' && currency === 'DXN')
    return sourceBonusType === 'token_pack_yield' ? 'annual_matching' : 'matching_dexnet';
  return CONTRACT_TYPE[bonusType];
}

/** The name a payout goes by in the fold: `<event id>:<ordinal>`, or `payout:<id>` for one made before it. */
export const payoutRef = (row: { id: number; eventId: number | null; ordinal: number | null }): string =>
  row.eventId !== null && row.ordinal !== null ? `${row.eventId}:${row.ordinal}` : `payout:${row.id}`;
