import { MESSAGES } from '@portal/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi, setUpScreens } from '../../../testing/render';
import { RecoverPasswordPage } from './RecoverPasswordPage';

setUpScreens();

const ask = (email: string) => {
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
};

describe('password recovery', () => {
  it("an unknown email: the spec's sentence above the form, the server's words at the field", async () => {
    renderWithApi(
      <RecoverPasswordPage />,
      () => ({ status: 400, body: { email: [MESSAGES.noSuchEmail] } }),
      '/recover-password',
    );
    ask('nobody@example.com');
    expect((await screen.findByTestId('recover-not-found')).textContent).toBe(
      "We couldn't find an account associated with that email",
    );
    expect(screen.getByText(MESSAGES.noSuchEmail)).toBeTruthy();
  });

  it('a known email: the link is sent, and no such sentence', async () => {
    renderWithApi(<RecoverPasswordPage />, () => ({ status: 200, body: {} }), '/recover-password');
    ask('ann@example.com');
    expect(await screen.findByTestId('recover-sent')).toBeTruthy();
    expect(screen.queryByTestId('recover-not-found')).toBeNull();
  });
});
