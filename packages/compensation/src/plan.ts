import type { TProductKind } from '@portal/contracts';
import { units } from './money';

/**
 * The compensation plan as data (compensation-plan.md sections 2, 4, 5, 6 and 9). Every number the
 * engine uses lives here and nowhere else; the engine takes a plan as a parameter, so a v2 can be
 * added beside v1 and each posting records the version it was computed with.
 *
 * Amounts are bigint minor units (USDT 6 places, DXN and DFT 8); rates are basis points (1% = 100).
 */

export const TARIFF_CODES = [
  'tariff-50',
  'tariff-500',
  'tariff-1500',
  'tariff-3000',
  'tariff-7500',
  'tariff-45000',
] as const;
export type TTariffCode = (typeof TARIFF_CODES)[number];

/** Products that carry volume (BV). Event tickets and gift certificates carry none. */
export type TBvKind = Exclude<TProductKind, 'event_ticket' | 'gift_certificate'>;

export const RANK_NAMES = ['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond'] as const;
export type TRankName = (typeof RANK_NAMES)[number];

export type TNodeKind = 'device' | 'virtual_node';

export type TPlan = {
  readonly version: string;
  /** The earning cap: a tariff opens a window of capMultiplier x its price. */
  readonly capMultiplier: bigint;
  /** Tariff USDT prices, by product code. */
  readonly tariffPrices: Readonly<Record<TTariffCode, bigint>>;
  readonly bvKinds: readonly TBvKind[];
  /** 7% of the BV of a direct invitee's purchase, to the mentor. */
  readonly invite: { readonly rateBp: number };
  /**
   * 10% of newly paired volume; the binary is active once `activationBuyers` personal invitees
   * have each bought a tariff or device.
   */
  readonly binary: { readonly rateBp: number; readonly activationBuyers: number };
  /** 1% of an invite or binary bonus to each sponsor upline level 1..levels the upline's depth reaches. */
  readonly matching: {
    readonly rateBp: number;
    readonly levels: number;
    readonly depthByTariff: Readonly<Record<TTariffCode, number>>;
  };
  /** 10% of an event ticket's price, to the buyer's direct mentor. */
  readonly ticket: { readonly rateBp: number };
  /** 5% of a validator key's USDT price to each of the buyer's sponsor levels 1..levels. */
  readonly vp: { readonly rateBp: number; readonly levels: number };
  /** Promotion budget of the list price: the buyer's discount plus the code owner's bonus. */
  readonly promo: { readonly budgetBp: number; readonly discountsBp: readonly number[] };
  readonly quickStart: {
    readonly amount: bigint;
    readonly withinDays: number;
    readonly minTariffPrice: bigint;
    readonly invitees: number;
    readonly minInviteeTariffPrice: bigint;
  };
  /** Ranks by lifetime weaker-leg binary volume (USDT), in ascending order, each with a one-time bonus. */
  readonly ranks: readonly {
    readonly name: TRankName;
    readonly weakerLegVolume: bigint;
    readonly bonus: bigint;
  }[];
  /** 1% of a calendar month's company BV, split equally among Diamond partners. */
  readonly leaderPool: { readonly rateBp: number; readonly rank: TRankName };
  readonly nodeIncome: {
    readonly dailyReward: Readonly<Record<TNodeKind, bigint>>;
    readonly ownerBp: number;
    readonly hostBp: number;
  };
  /** Each tariff purchase grants DFT equal to its USDT price; 1/unlockParts unlocks every unlockEveryDays. */
  readonly dft: { readonly unlockParts: number; readonly unlockEveryDays: number };
  /** Lost profit stays recoverable this many days. */
  readonly lostProfitDays: number;
  /** DXN gift to the inviter for each direct invitee buying a tariff inside the promo window [from, to). */
  readonly hotWinter: { readonly gift: bigint; readonly from: string; readonly to: string };
};

const usdt = (amount: bigint) => units(amount, 'USDT');
const dxn = (amount: bigint) => units(amount, 'DXN');

export const PLAN_V1: TPlan = {
  version: 'v1',
  capMultiplier: 5n,
  tariffPrices: {
    'tariff-50': usdt(50n),
    'tariff-500': usdt(500n),
    'tariff-1500': usdt(1500n),
    'tariff-3000': usdt(3000n),
    'tariff-7500': usdt(7500n),
    'tariff-45000': usdt(45000n),
  },
  bvKinds: ['tariff', 'device', 'virtual_node', 'token_pack', 'validator_key', 'starlink'],
  invite: { rateBp: 700 },
  binary: { rateBp: 1000, activationBuyers: 2 },
  matching: {
    rateBp: 100,
    levels: 10,
    depthByTariff: {
      'tariff-50': 1,
      'tariff-500': 3,
      'tariff-1500': 5,
      'tariff-3000': 7,
      'tariff-7500': 9,
      'tariff-45000': 10,
    },
  },
  ticket: { rateBp: 1000 },
  vp: { rateBp: 500, levels: 3 },
  promo: { budgetBp: 2000, discountsBp: [1000, 2000] },
  quickStart: {
    amount: usdt(300n),
    withinDays: 30,
    minTariffPrice: usdt(500n),
    invitees: 3,
    minInviteeTariffPrice: usdt(500n),
  },
  ranks: [
    { name: 'Bronze', weakerLegVolume: usdt(5_000n), bonus: usdt(100n) },
    { name: 'Silver', weakerLegVolume: usdt(25_000n), bonus: usdt(500n) },
    { name: 'Gold', weakerLegVolume: usdt(100_000n), bonus: usdt(2_000n) },
    { name: 'Platinum', weakerLegVolume: usdt(500_000n), bonus: usdt(10_000n) },
    { name: 'Diamond', weakerLegVolume: usdt(2_000_000n), bonus: usdt(50_000n) },
  ],
  leaderPool: { rateBp: 100, rank: 'Diamond' },
  nodeIncome: {
    dailyReward: { device: dxn(10n), virtual_node: dxn(2n) },
    ownerBp: 8000,
    hostBp: 2000,
  },
  dft: { unlockParts: 12, unlockEveryDays: 30 },
  lostProfitDays: 7,
  // Winter promo (section 9): sales counted 2 July to 2 November UTC; the end date is exclusive.
  hotWinter: { gift: dxn(1000n), from: '2026-07-02T00:00:00Z', to: '2026-11-02T00:00:00Z' },
};

/** Matching depth of a tariff; 0 for no tariff. */
export const matchingDepth = (plan: TPlan, tariff: TTariffCode | null): number =>
  tariff ? plan.matching.depthByTariff[tariff] : 0;
