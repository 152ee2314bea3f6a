import { Alert, Anchor } from '@mantine/core';
import type { TProfile } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/**
 * After support turned two-factor off on the partner's request (a lost phone), every signed-in
 * screen asks them to set it up again, until they have (issue 22). The Security tab, where it is
 * set up, says it without the link.
 */
export function MfaSetupBanner({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (!profile.mfa_setup_required) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      mb="md"
      role="status"
      title={t('profile.mfa.setupAgain.title')}
      data-testid="mfa-setup-banner"
      // Mantine's yellow on its light yellow is below 4.5:1: dark text, a dark blue link.
      styles={{
        title: { color: 'var(--mantine-color-dark-8)' },
        message: { color: 'var(--mantine-color-dark-8)' },
      }}
    >
      {t('profile.mfa.setupAgain.text')}{' '}
      {pathname !== '/profile/security' && (
        <Anchor component={Link} to="/profile/security" fw={600} c="blue.9">
          {t('profile.mfa.setupAgain.action')}
        </Anchor>
      )}
    </Alert>
  );
}
