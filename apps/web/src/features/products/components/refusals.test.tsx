import type { TProductSentence, TVirtualNode } from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify';
import { session } from '../../../lib/session';
import { renderWithApi, setUpScreens } from '../../../testing/render';
import { BuyNodeModal } from './BuyNodeModal';
import { TokenPackBuy } from './TokenPackBuy';
import { UpgradeNodeModal } from './UpgradeNodeModal';

setUpScreens();

const SHORT = { status: 400, body: { non_field_errors: ['Insufficient funds on the internal balance.'] } };

const offer = (overrides: Partial<TProductSentence>): TProductSentence => ({
  product_id: 7,
  code: 'PACK_1Y',
  kind: 'token_pack',
  name: 'Token pack',
  price: '0.000000',
  discount: '0.000000',
  total: '0.000000',
  currency: 'USDT',
  min_amount: '100.000000',
  max_amount: '100000.000000',
  by_unit: false,
  seats_left: null,
  attributes: { lock_years: 1, yield_bp: 1500 },
  ...overrides,
});

const node: TVirtualNode = {
  id: 3,
  product_id: 11,
  code: 'VN_1',
  name: 'Node 1',
  tier: 1,
  status: 'active',
  upgraded_from_id: null,
  created_at: '2026-11-01T10:00:00Z',
};

/** The node's one upgrade: to tier 2 for 500 USDT. */
const UPGRADES = {
  status: 200,
  body: [
    {
      node,
      upgrades: [
        {
          product_id: 12,
          code: 'VN_2',
          name: 'Node 2',
          tier: 2,
          price: '500.000000',
          discount: '0.000000',
          total: '500.000000',
        },
      ],
    },
  ],
};

describe('a refused purchase keeps its reason on the screen (not only in a 2-second toast)', () => {
  it('the token pack form says the balance is short', async () => {
    renderWithApi(
      <TokenPackBuy
        offers={[offer({})]}
        quote={{ quote_id: 'q1', rate: '0.05', dexnet_per_usdt: '20', expires_at: '2099-01-01T00:00:00Z' }}
        quoteLive
      />,
      () => SHORT,
    );
    fireEvent.change(screen.getByTestId('pack-amount'), { target: { value: '100' } });
    fireEvent.click(screen.getByTestId('pack-buy'));
    expect((await screen.findByTestId('pack-error')).textContent).toBe(
      'Insufficient funds on the internal balance.',
    );
  });

  it('the virtual node modal says the balance is short, and forgets it once closed', async () => {
    renderWithApi(
      <BuyNodeModal
        offer={offer({ code: 'VN_1', kind: 'virtual_node', total: '250.000000' })}
        onClose={() => {}}
      />,
      () => SHORT,
    );
    fireEvent.click(screen.getByTestId('node-buy-confirm'));
    expect((await screen.findByTestId('node-buy-error')).textContent).toBe(
      'Insufficient funds on the internal balance.',
    );
    // The parent keeps the modal's offer here: what a reopened modal would show.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('node-buy-error')).toBeNull());
  });

  it('the upgrade modal says the balance is short', async () => {
    renderWithApi(<UpgradeNodeModal node={node} onClose={() => {}} />, (path) =>
      path.endsWith('/available-for-upgrade/') ? UPGRADES : SHORT,
    );
    fireEvent.click(await screen.findByRole('radio'));
    fireEvent.click(screen.getByTestId('upgrade-confirm'));
    expect((await screen.findByTestId('upgrade-error')).textContent).toBe(
      'Insufficient funds on the internal balance.',
    );
  });
});

describe('before Pay, the node dialogs show the balance against the price', () => {
  afterEach(() => {
    session.signOut();
    vi.restoreAllMocks();
  });
  const profile = (usdt: string) => ({ status: 200, body: { balances: { usdt } } });

  it('buying a node: the shortfall with its deposit, and Pay held back', async () => {
    session.signIn('token');
    const { requests } = renderWithApi(
      <BuyNodeModal
        offer={offer({ code: 'VN_1', kind: 'virtual_node', total: '250.000000' })}
        onClose={() => {}}
      />,
      (path) => (path.endsWith('/accounts/info/') ? profile('100.000000') : SHORT),
      '/shop/nodes',
    );
    const short = await screen.findByTestId('node-buy-funds-short');
    expect(short.textContent).toContain('150.00 USDT short');
    expect(screen.getByRole('link', { name: 'Deposit 150.00 USDT' }).getAttribute('href')).toBe(
      '/shop/nodes?deposit=150',
    );
    expect(screen.getByTestId('node-buy-confirm').hasAttribute('disabled')).toBe(true);
    expect(requests.some((call) => call.path.endsWith('/virtual_node/purchase/'))).toBe(false);
  });

  it('buying a node with enough on the balance: a refusal all the same shows once, without a toast', async () => {
    session.signIn('token');
    const toast = vi.spyOn(notify, 'error');
    renderWithApi(
      <BuyNodeModal
        offer={offer({ code: 'VN_1', kind: 'virtual_node', total: '250.000000' })}
        onClose={() => {}}
      />,
      (path) => (path.endsWith('/accounts/info/') ? profile('300.000000') : SHORT),
    );
    expect((await screen.findByTestId('node-buy-funds-after')).textContent).toContain('50.00 USDT');
    fireEvent.click(screen.getByTestId('node-buy-confirm'));
    await screen.findByTestId('node-buy-error');
    expect(screen.getAllByText(/Insufficient funds/)).toHaveLength(1);
    expect(toast).not.toHaveBeenCalled();
  });

  it('upgrading a node: the shortfall of the chosen tier', async () => {
    session.signIn('token');
    renderWithApi(<UpgradeNodeModal node={node} onClose={() => {}} />, (path) =>
      path.endsWith('/accounts/info/')
        ? profile('200.000000')
        : path.endsWith('/available-for-upgrade/')
          ? UPGRADES
          : SHORT,
    );
    fireEvent.click(await screen.findByRole('radio'));
    expect((await screen.findByTestId('upgrade-funds-short')).textContent).toContain('300.00 USDT short');
    expect(screen.getByTestId('upgrade-confirm').hasAttribute('disabled')).toBe(true);
  });
});
