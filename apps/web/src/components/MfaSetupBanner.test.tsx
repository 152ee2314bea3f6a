import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { aProfile } from '../testing/profile';
import { setUpScreens } from '../testing/render';
import { MfaSetupBanner } from './MfaSetupBanner';

setUpScreens();

const show = (required: boolean, path = '/dashboard') =>
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[path]}>
        <MfaSetupBanner profile={aProfile({ mfa_setup_required: required })} />
      </MemoryRouter>
    </MantineProvider>,
  );

describe('the banner after a two-factor reset', () => {
  it('asks the partner to set two-factor up again, with the way to the Security tab', () => {
    show(true);
    expect(screen.getByTestId('mfa-setup-banner').textContent).toContain(
      'Support turned it off at your request.',
    );
    expect(screen.getByRole('link', { name: 'Set it up now' }).getAttribute('href')).toBe(
      '/profile/security',
    );
  });

  it('says nothing once it is set up, and gives no link on the Security tab itself', () => {
    const { unmount } = show(false);
    expect(screen.queryByTestId('mfa-setup-banner')).toBeNull();
    unmount();
    show(true, '/profile/security');
    expect(screen.getByTestId('mfa-setup-banner')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
