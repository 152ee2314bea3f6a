import { AppShell, Burger, Group, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ComponentProps, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useProfile, useRefreshOnNavigation } from '../../api/get-profile';
import { useLogout } from '../../api/logout';
import { WalletBar } from '../../features/wallet/components/WalletBar';
import { AccountAvatar } from './AccountAvatar';
import { AreaLink } from './AreaLink';
import { LanguageSelect } from '../../components/LanguageSelect';
import { LegalFooter } from '../../components/LegalLinks';
import { Logo } from '../../components/Logo';
import { MaintenanceBanner } from '../../components/MaintenanceBanner';
import { MfaSetupBanner } from '../../components/MfaSetupBanner';
import { changeLanguage, currentLanguage } from '../../lib/i18n';

const AREAS = [
  { path: '/dashboard', key: 'dashboard' },
  { path: '/shop', key: 'shop' },
  { path: '/team', key: 'team' },
  { path: '/transactions', key: 'transactions' },
  { path: '/wiki', key: 'wiki' },
  { path: '/profile', key: 'profile' },
] as const;

// The avatar's menu loads on its first click: its popover (floating-ui) is 21 KB gzip that no
// screen needs before (docs/web-performance.md).
const AccountMenu = lazy(() => import('./AccountMenu').then((module) => ({ default: module.AccountMenu })));
// The back office's areas load for an operator only: which of them to show needs the contracts'
// `mayActAs`, and so zod (26 KB gzip), which a partner's dashboard does without.
const AdminNav = lazy(() => import('./AdminNav').then((module) => ({ default: module.AdminNav })));

/** The avatar, a button until its menu is first asked for; then the menu, opened. */
function AccountButton(props: ComponentProps<typeof AccountMenu>) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState(false);
  const button = (
    <UnstyledButton
      aria-label={t('nav.account')}
      aria-haspopup="menu"
      data-testid="account-menu"
      onClick={() => setAsked(true)}
    >
      <AccountAvatar name={props.name} avatar={props.avatar} />
    </UnstyledButton>
  );
  if (!asked) return button;
  return (
    <Suspense fallback={button}>
      <AccountMenu {...props} />
    </Suspense>
  );
}

/** The signed-in screens: header balances, navigation, and the area's content. */
export function SignedInShell() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const profile = useProfile();
  useRefreshOnNavigation(location.pathname);
  const logout = useLogout();
  const language = profile.data?.language;

  // The language saved with the account comes back at sign-in (spec: restored at login).
  useEffect(() => {
    if (language && language !== currentLanguage()) void changeLanguage(language);
  }, [language]);

  useEffect(close, [location.pathname, close]);

  const name = profile.data ? `${profile.data.first_name} ${profile.data.last_name}`.trim() : '';
  const roles = profile.data?.roles ?? [];
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap" gap="sm">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} />
            <Logo to="/dashboard" />
          </Group>
          <Group wrap="nowrap" gap="sm">
            <LanguageSelect />
            <AccountButton
              name={name}
              avatar={profile.data?.avatar}
              email={profile.data?.email}
              onLogout={() => logout.mutate()}
            />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" component="nav" aria-label={t('nav.main')}>
        {AREAS.map((area) => (
          <AreaLink key={area.path} path={area.path} label={t(`nav.${area.key}`)} />
        ))}
        {roles.length > 0 && (
          <Suspense fallback={null}>
            <AdminNav roles={roles} />
          </Suspense>
        )}
      </AppShell.Navbar>
      <AppShell.Main>
        {/* At least a screen high, so the footer never starts in view and jumps down as the
            screen's content arrives (layout shift, docs/web-performance.md). */}
        <div style={{ minHeight: 'calc(100dvh - var(--app-shell-header-offset, 64px))' }}>
          <MaintenanceBanner />
          {profile.data && <MfaSetupBanner profile={profile.data} />}
          {profile.data && <WalletBar profile={profile.data} />}
          <Outlet />
        </div>
        <LegalFooter />
      </AppShell.Main>
    </AppShell>
  );
}
