import { MESSAGES, NON_FIELD } from '@portal/contracts/plain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi, setUpScreens } from '../../../testing/render';
import { anOrder } from '../testing';
import { EditAddressModal } from './EditAddressModal';

setUpScreens();

const order = anOrder({
  status: 'PREPARING_TO_SHIP',
  status_label: 'Preparing to ship',
  shipping: {
    full_name: 'Mira Tester',
    phone: '+351912345678',
    country: 'PT',
    city: 'Lisbon',
    address: 'Rua Augusta 1',
    postcode: '1100-048',
  },
  paid_at: '2026-11-20T10:05:00Z',
  expires_at: null,
});

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
