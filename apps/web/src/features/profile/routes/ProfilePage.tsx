import { Tabs } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';

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
  const list = useRef<HTMLDivElement>(null);
  // The open tab in view: on a phone the row is wider than the screen, the last tabs off its edge.
  useEffect(() => {
    list.current
      ?.querySelector('[aria-selected="true"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
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
        <Tabs.List ref={list} style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {TABS.map((name) => (
            <Tabs.Tab key={name} value={name} style={{ flexShrink: 0 }}>
              {t(TAB_LABELS[name])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
