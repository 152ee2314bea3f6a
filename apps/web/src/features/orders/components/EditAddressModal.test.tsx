import { MESSAGES, NON_FIELD } from '@portal/contracts/plain';
import type { TOrder } from '@portal/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi, setUpScreens } from '../../../testing/render';
import { EditAddressModal } from './EditAddressModal';

setUpScreens();

const order: TOrder = {
  id: 5,
  number: 'ORD-5',
  status: 'PREPARING_TO_SHIP',
  status_label: 'Preparing to ship',
  product_id: 2,
  product_name: 'DexNode',
  quantity: 1,
  starlink: false,
  devices_total: '1000.000000',
  starlink_total: '0.000000',
  total: '1000.000000',
  currency: 'USDT',
  shipping: {
    full_name: 'Mira Tester',
    phone: '+351912345678',
    country: 'PT',
    city: 'Lisbon',
    address: 'Rua Augusta 1',
    postcode: '1100-048',
  },
  address_editable: true,
  estimated_shipping_date: null,
  track_number: null,
  serial_number: null,
  included: false,
  payment_confirming: false,
  created_at: '2026-11-20T10:00:00Z',
  paid_at: '2026-11-20T10:05:00Z',
  expires_at: null,
};

describe('changing an order address', () => {
  it('keeps a refusal of the change in the modal, not only in a 2-second toast', async () => {
    renderWithApi(<EditAddressModal order={order} onClose={() => {}} />, () => ({
      status: 400,
      body: { [NON_FIELD]: [MESSAGES.orderAddressLocked] },
    }));
    fireEvent.click(screen.getByTestId('address-save'));
    expect((await screen.findByTestId('address-error')).textContent).toBe(MESSAGES.orderAddressLocked);
  });
});
