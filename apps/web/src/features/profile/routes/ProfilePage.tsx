import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { ScrollingTabList } from '../../../components/signed-in/ScrollingTabList';

const TABS = ['personal', 'security', 'notifications', 'promocodes', 'api-keys', 'services'] as const;

const TAB_LABELS = {
  personal: 'profile.tabs.personal',
  security: 'profile.tabs.security',
  notifications: 'profile.tabs.notifications',
  promocodes: 'profile.tabs.promocodes',
  'api-keys': 'profile.tabs.apiKeys',
  services: 'profile.tabs.services',
} as const;

/** The profile's tabs (/profile/<tab>): personal, security, notifications, promo codes, API keys, services. */
export function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tab = TABS.find((name) => pathname.endsWith(`/${name}`)) ?? 'personal';
  return (
    <>
      <PageTitle>{t('profile.title')}</PageTitle>
      <Tabs
        value={tab}
        onChange={(value) => value && void navigate(`/profile/${value}`)}
        keepMounted={false}
        mb="md"
      >
        {/* Six tabs: on a phone one row that scrolls sideways, not three rows of tabs. */}
        <ScrollingTabList value={tab}>
          {TABS.map((name) => (
            <Tabs.Tab key={name} value={name} style={{ flexShrink: 0 }}>
              {t(TAB_LABELS[name])}
            </Tabs.Tab>
          ))}
        </ScrollingTabList>
      </Tabs>
      <Outlet />
    </>
  );
}
