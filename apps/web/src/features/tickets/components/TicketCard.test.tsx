import type { TTicketInfo } from '@portal/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session';
import { renderWithApi, setUpScreens } from '../../../testing/render';
import { TicketCard } from './TicketCard';

setUpScreens();
beforeAll(() => session.signIn('token'));
afterAll(() => session.signOut());

const info: TTicketInfo = {
  product_id: 9,
  code: 'event-ticket',
  name: 'Event ticket',
  price: '750.000000',
  currency: 'USDT',
  seats: 100,
  seats_left: 40,
  sold_out: false,
  max_quantity: 10,
  price_schedule: [],
  event_schedule: [{ starts_at: '2027-02-12T09:00:00.000Z', title: 'Registration and welcome' }],
  event: {
    name: 'DexNet Partner Forum 2027',
    venue: 'Dubai',
    starts_at: '2027-02-12T09:00:00.000Z',
    ends_at: '2027-02-12T19:00:00.000Z',
  },
};

const withBalance = (usdt: string) => (path: string) =>
  path.endsWith('/accounts/info/')
    ? { status: 200, body: { id: 7, balances: { usdt } } }
    : { status: 404, body: {} };

describe('the event ticket card', () => {
  it('names the event, where it is and when it starts, above the kind of product', async () => {
    renderWithApi(<TicketCard info={info} />, withBalance('5000.000000'));
    expect(screen.getByTestId('ticket-event-name').textContent).toBe('DexNet Partner Forum 2027');
    expect(screen.getByText('Event ticket')).toBeTruthy();
    expect(screen.getByTestId('ticket-event-venue').textContent).toBe('Venue: Dubai');
    expect(screen.getByTestId('ticket-event-starts').textContent).toContain('12.02.2027');
  });

  it('shows the shortfall before Buy, unless a gift certificate pays', async () => {
    renderWithApi(<TicketCard info={info} />, withBalance('100.000000'));
    const short = await screen.findByTestId('ticket-funds-short');
    expect(short.textContent).toContain('Insufficient funds');
    expect(short.textContent).toContain('650.00 USDT short');
    expect(screen.getByTestId('ticket-buy').hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByTestId('ticket-gift-code'), { target: { value: 'GIFTAAAA' } });
    expect(screen.queryByTestId('ticket-funds')).toBeNull();
    expect(screen.getByTestId('ticket-buy').hasAttribute('disabled')).toBe(false);
  });

  it('names the product when no event is set', () => {
    renderWithApi(<TicketCard info={{ ...info, event: null }} />, withBalance('5000.000000'));
    expect(screen.getByTestId('ticket-event-name').textContent).toBe('Event ticket');
    expect(screen.queryByTestId('ticket-event-venue')).toBeNull();
  });
});
