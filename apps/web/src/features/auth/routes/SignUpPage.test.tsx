import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi, setUpScreens } from '../../../testing/render';
import { SignUpPage } from './SignUpPage';

setUpScreens();

const fill = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the sign-up form', () => {
  it('takes the partner to the first field to fix: on a phone it is off screen above the button', async () => {
    renderWithApi(<SignUpPage />, () => ({ status: 200, body: {} }), '/sign-up');
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Name/)));
  });

  it('takes the partner to the terms when they are the only thing left', async () => {
    renderWithApi(<SignUpPage />, () => ({ status: 200, body: {} }), '/sign-up');
    fill(/^Name/, 'Ann');
    fill(/^Surname/, 'Lee');
    fill(/^Email/, 'ann@example.com');
    fill(/^Phone number/, '+351912345679');
    fill(/^Password/, 'first-password-1');
    fill(/^Repeat the password/, 'first-password-1');
    // The country: its combobox sets the name and the code together.
    const country = screen.getByRole('combobox', { name: /Country/ });
    fireEvent.click(country);
    fireEvent.change(country, { target: { value: 'Portu' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Portugal', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('accept-terms')));
  });
});
