import { randomUUID } from 'node:crypto';
import {
  formatMinor,
  parseMinor,
  TICKET_MAX_QUANTITY,
  type TEventScheduleItem,
  type TTicketEvent,
  type TTicketBought,
  type TTicketBuy,
  type TTicketInfo,
  type TTicketPriceStep,
  type TTicketPurchase,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { unitPrice, type TCatalog, type TProductRow } from '../catalog/service';
import { redeemForPurchase, settleExpiredCode } from '../gift-certificates/service';
import { once, type TIdempotency } from '../idempotency/service';
import { paidPrice, recordPurchase, type TPurchaseRow } from '../purchases/service';
import * as repo from './repo';

export const EVENT_TICKET_CODE = 'event-ticket';

/**
 * The ticket's price by date from its product: each `price_schedule` step is in force until its
 * `before` (excluded), the product's price after the last one (compensation-plan.md section 7).
 */
export function priceSchedule(
  product: Pick<TProductRow, 'price' | 'attributes'>,
  now: Date,
): TTicketPriceStep[] {
  const entries = [...(product.attributes.price_schedule ?? [])].sort(
    (a, b) => Date.parse(a.before) - Date.parse(b.before),
  );
  const steps: TTicketPriceStep[] = [];
  let start: string | null = null;
  for (const entry of entries) {
    const end = new Date(entry.before).toISOString();
    steps.push({
      starts_at: start,
      ends_at: end,
      price: formatMinor(parseMinor(entry.price, 'USDT')!, 'USDT'),
      current: (start === null || Date.parse(start) <= now.getTime()) && now.getTime() < Date.parse(end),
    });
    start = end;
  }
  steps.push({
    starts_at: start,
    ends_at: null,
    price: formatMinor(product.price, 'USDT'),
    current: start === null || Date.parse(start) <= now.getTime(),
  });
  return steps;
}

/**
 * The event's programme (the product's `event_schedule` attribute), in time order. The contract
 * checks every time written; an item kept from before it whose time does not parse is left out.
 */
function eventSchedule(product: TProductRow): TEventScheduleItem[] {
  return (product.attributes.event_schedule ?? [])
    .filter((item) => !Number.isNaN(Date.parse(item.starts_at)))
    .map((item) => ({ starts_at: new Date(item.starts_at).toISOString(), title: item.title }))
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
}

/** The event the ticket is for: its name and venue (attributes), its days (the programme's). */
function ticketEvent(product: TProductRow, schedule: TEventScheduleItem[]): TTicketEvent | null {
  const { event_name: name, event_venue: venue } = product.attributes;
  if (!name?.trim()) return null;
  return {
    name: name.trim(),
    venue: venue?.trim() || null,
    starts_at: schedule[0]?.starts_at ?? null,
    ends_at: schedule.at(-1)?.starts_at ?? null,
  };
}

function toTicketPurchase(row: TPurchaseRow): TTicketPurchase {
  return {
    id: row.id,
    quantity: row.units,
    unit_price: formatMinor(row.listPrice / BigInt(Math.max(1, row.units)), 'USDT'),
    total: formatMinor(row.netPrice, 'USDT'),
    currency: 'USDT',
    status: row.status === 'refunded' ? 'refunded' : 'active',
    created_at: row.createdAt.toISOString(),
  };
}

const seatsLeft = (product: TProductRow) => Math.max(0, (product.seats ?? 0) - product.sold);

/** Event tickets (compensation-plan.md section 7; docs/shop.md "Event tickets"). */
export function createTickets(deps: { db: Db; catalog: TCatalog }) {
  const { db, catalog } = deps;

  async function product(tx: Db): Promise<TProductRow> {
    const row = await catalog.findByCode(tx, EVENT_TICKET_CODE);
    if (!row?.available) throw fail.notFound('productNotFound');
    return row;
  }

  return {
    /** The ticket now: its price by the date schedule, the seats left, the schedules. */
    async info(now = new Date()): Promise<TTicketInfo> {
      const row = await product(db);
      const left = seatsLeft(row);
      const schedule = eventSchedule(row);
      return {
        product_id: row.id,
        code: row.code,
        name: row.name,
        price: formatMinor(unitPrice(row, now), 'USDT'),
        currency: 'USDT',
        seats: row.seats ?? 0,
        seats_left: left,
        sold_out: left === 0,
        max_quantity: TICKET_MAX_QUANTITY,
        price_schedule: priceSchedule(row, now),
        event_schedule: schedule,
        event: ticketEvent(row, schedule),
      };
    },

    /**
     * Buys `quantity` tickets from the USDT balance in one transaction with the Idempotency-Key: a
     * seats are taken by one conditional update (two buyers of the last seat never both get it);
     * a gift certificate named is activated to the buyer's balance (`redeemForPurchase`); then
     * `recordPurchase` (one purchase of N units at the price in force, BV 0).
     */
    async buy(
      userId: number,
      input: TTicketBuy,
      idempotency: TIdempotency | null,
      now = new Date(),
    ): Promise<TTicketBought> {
      const code = input.gift_certificate_code;
      if (code) await settleExpiredCode(db, code, now);
      return once(db, idempotency, 201, async (tx) => {
        const ticket = await product(tx);
        // Seats first: every ticket purchase locks the product row before any balance, so two of
        // them never wait on each other crosswise.
        if (!(await catalog.takeSeats(tx, ticket.id, input.quantity))) {
          const left = seatsLeft((await catalog.findByCode(tx, EVENT_TICKET_CODE))!);
          if (left === 0) throw fail.request('soldOut');
          throw fail.field('quantity', 'ticketsLeft', { left });
        }
        const redeemed = code ? await redeemForPurchase(tx, userId, code, now) : null;
        const pricing = await catalog.price(tx, { userId, product: ticket, units: input.quantity, now });
        const purchase = await recordPurchase(tx, {
          userId,
          product: ticket,
          units: input.quantity,
          pricing,
          currency: 'USDT',
          paid: pricing.netPrice,
          reference: `event_ticket:${randomUUID()}`,
          details: {
            unit_price: formatMinor(unitPrice(ticket, now), 'USDT'),
            ...(redeemed ? { gift_certificate_id: redeemed.certificate_id } : {}),
          },
        });
        const after = (await catalog.findByCode(tx, EVENT_TICKET_CODE))!;
        return {
          tickets: toTicketPurchase(purchase),
          purchase: paidPrice(purchase),
          seats_left: seatsLeft(after),
          gift_certificate: redeemed,
        };
      });
    },

    async mine(userId: number): Promise<TTicketPurchase[]> {
      return (await repo.userTicketPurchases(db, userId)).map(toTicketPurchase);
    },
  };
}

export type TTickets = ReturnType<typeof createTickets>;
