import { Tabs } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useRoutes } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { ScrollingTabList } from '../../../components/signed-in/ScrollingTabList';

export const TEAM_TABS = [
  'binary',
  'classic',
  'referral',
  'first-line',
  'registrations',
  'levels',
  'search',
] as const;
type TTeamTab = (typeof TEAM_TABS)[number];

/** Each tab a chunk of its own, loaded when first opened. */
const TAB_SCREENS: Record<TTeamTab, ComponentType> = {
  binary: lazy(async () => ({ default: (await import('./BinaryTab')).BinaryTab })),
  classic: lazy(async () => ({ default: (await import('./ClassicTab')).ClassicTab })),
  referral: lazy(async () => ({ default: (await import('./ReferralTab')).ReferralTab })),
  'first-line': lazy(async () => ({ default: (await import('./FirstLineTab')).FirstLineTab })),
  registrations: lazy(async () => ({ default: (await import('./RegistrationsTab')).RegistrationsTab })),
  levels: lazy(async () => ({ default: (await import('./LevelsTab')).LevelsTab })),
  search: lazy(async () => ({ default: (await import('./SearchTab')).SearchTab })),
};

/**
 * /team/<tab>: the binary tree, classic tree, sponsor tree, first line, registrations, levels and
 * search. The tabs are routed here, not in app/router.tsx, so that the first load of the app does
 * not carry seven more route entries.
 */
export function TeamPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tab = TEAM_TABS.find((name) => pathname.endsWith(`/${name}`)) ?? 'binary';
  const screen = useRoutes([
    { index: true, element: <Navigate to="binary" replace /> },
    ...TEAM_TABS.map((name) => {
      const Screen = TAB_SCREENS[name];
      return {
        path: name,
        element: (
          <Suspense fallback={null}>
            <Screen />
          </Suspense>
        ),
      };
    }),
    { path: '*', element: <Navigate to="binary" replace /> },
  ]);
  return (
    <>
      <PageTitle>{t('team.title')}</PageTitle>
      <Tabs
        value={tab}
        onChange={(value) => value && void navigate(`/team/${value}`)}
        keepMounted={false}
        mb="md"
      >
        <ScrollingTabList value={tab}>
          {TEAM_TABS.map((name) => (
            <Tabs.Tab key={name} value={name} style={{ flexShrink: 0 }}>
              {t(`team.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </ScrollingTabList>
      </Tabs>
      {screen}
    </>
  );
}
