import { ZTicketBought, ZTicketBuy, ZTicketInfo, ZTicketPurchases } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { TTickets } from './service';

const tags = ['shop'];
// A gift certificate's code is settled first (an expired one refunded to its buyer): that
// changes nothing for a repeat, which `once()` answers itself.
const idempotent = { ignore: [], inOnce: true } as const;

export function ticketRoutes(app: FastifyInstance, deps: { tickets: TTickets }): void {
  const { tickets } = deps;

  route(app, {
    method: 'GET',
    url: '/api/v1/event_ticket/info/',
    summary: 'The event ticket now: price by date, seats left, sold out, the price and event schedules',
    tags,
    auth: 'user',
    response: ZTicketInfo,
    handler: () => tickets.info(),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/event_ticket/purchase/',
    movesMoney: true,
    summary: 'Buy event tickets from the USDT balance, optionally with a gift certificate code',
    tags,
    auth: 'user',
    body: ZTicketBuy,
    status: 201,
    response: ZTicketBought,
    idempotent,
    handler: ({ user, body, idempotency }) => tickets.buy(user.id, body, idempotency),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/event_ticket/my/',
    summary: "The caller's ticket purchases, newest first",
    tags,
    auth: 'user',
    response: ZTicketPurchases,
    handler: ({ user }) => tickets.mine(user.id),
  });
}
