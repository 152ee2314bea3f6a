import { MESSAGES, NON_FIELD } from '@portal/contracts/plain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi, setUpScreens } from '../../../testing/render';
import { CreatePromocode } from './CreatePromocode';

setUpScreens();

describe('making a promo code', () => {
  it('keeps a refusal (a second personal code) in the form, until the kind changes', async () => {
    renderWithApi(<CreatePromocode />, () => ({
      status: 400,
      body: { [NON_FIELD]: [MESSAGES.personalPromocodeExists] },
    }));
    fireEvent.click(screen.getByText('Personal DexID'));
    fireEvent.click(screen.getByTestId('promocode-create'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You already have a personal promo code.');
    fireEvent.click(screen.getByText('Public'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
