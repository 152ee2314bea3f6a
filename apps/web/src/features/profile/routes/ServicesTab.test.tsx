import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi, setUpScreens } from '../../../testing/render';
import { ServicesTab } from './ServicesTab';

setUpScreens();

describe('the DexNet services tab', () => {
  it('offers a new ProfiXone link once the one made has expired, instead of a dead one', async () => {
    renderWithApi(<ServicesTab />, (path) =>
      path.endsWith('/make_profixone_link/')
        ? {
            status: 200,
            body: {
              link: 'https://profixone.example/sso?token=t',
              expires_at: new Date(Date.now() + 300).toISOString(),
            },
          }
        : { status: 200, body: { dexpoint: { status: 'active', devices: 0, virtual_nodes: 1 } } },
    );
    fireEvent.click(screen.getByTestId('profixone-make'));
    expect((await screen.findByTestId('profixone-open')).getAttribute('href')).toContain('profixone');
    await waitFor(() => expect(screen.queryByTestId('profixone-open')).toBeNull(), { timeout: 3000 });
    expect(screen.getByTestId('profixone-make')).toBeTruthy();
  });

  it('says why the DexSafe code could not be shown, and the button asks again', async () => {
    let refused = true;
    renderWithApi(<ServicesTab />, (path) =>
      path.endsWith('/dexsafe_code/')
        ? refused
          ? { status: 429, body: { detail: 'Too many requests.' } }
          : { status: 200, body: { code: 'DS-7-ABCD-EFGH-JKMN-PQRS' } }
        : { status: 200, body: { dexpoint: { status: 'active', devices: 0, virtual_nodes: 1 } } },
    );
    fireEvent.click(screen.getByTestId('dexsafe-show'));
    expect((await screen.findByTestId('dexsafe-error')).textContent).toBe('Too many requests.');
    refused = false;
    fireEvent.click(screen.getByTestId('dexsafe-show'));
    expect(await screen.findByText('DS-7-ABCD-EFGH-JKMN-PQRS')).toBeTruthy();
    expect(screen.queryByTestId('dexsafe-error')).toBeNull();
  });
});
