import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi, setUpScreens } from '../../../testing/render';
import { TwoFactor } from './TwoFactor';

setUpScreens();

const CODES = Array.from({ length: 10 }, (_, index) => `abc${index}-def${index}`);

describe('two-factor setup', () => {
  it('shows the ten recovery codes once it is on, with a way to copy them', async () => {
    const { requests } = renderWithApi(<TwoFactor enabled={false} />, (path) =>
      path.endsWith('/mfa/setup/')
        ? {
            status: 200,
            body: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' },
          }
        : path.endsWith('/mfa/verify/')
          ? { status: 200, body: { mfa_enabled: true, recovery_codes: CODES } }
          : { status: 200, body: {} },
    );
    expect(screen.queryByTestId('mfa-recovery-codes')).toBeNull();
    fireEvent.click(screen.getByTestId('mfa-start'));
    const inputs = await screen.findAllByRole('textbox');
    '123456'
      .split('')
      .forEach((digit, index) => fireEvent.change(inputs[index]!, { target: { value: digit } }));
    fireEvent.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    const panel = await screen.findByTestId('mfa-recovery-codes');
    for (const code of CODES) expect(within(panel).getByText(code)).toBeTruthy();
    expect(within(panel).getByTestId('mfa-recovery-copy')).toBeTruthy();
    expect(requests.find((one) => one.path.endsWith('/mfa/verify/'))?.body).toEqual({ code: '123456' });
  });

  it('does not show codes to a partner whose two-factor was on before', () => {
    renderWithApi(<TwoFactor enabled />, () => ({ status: 200, body: {} }));
    expect(screen.queryByTestId('mfa-recovery-codes')).toBeNull();
    expect(screen.getByTestId('mfa-status').textContent).toBe('On');
  });
});
