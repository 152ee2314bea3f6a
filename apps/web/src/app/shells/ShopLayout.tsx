import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { ScrollingTabList } from '../../components/signed-in/ScrollingTabList';

/** The Shop's areas, each a route under /shop served by its own feature. */
export const SHOP_TABS = [
  'packages',
  'devices',
  'orders',
  'nodes',
  'token-packs',
  'validator-keys',
  'tickets',
  'gift-certificates',
] as const;

/** /shop/<area>: the Shop's areas as tabs (scrolling sideways on a phone, with a hint), the area below. */
export function ShopLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tab = SHOP_TABS.find((name) => pathname.startsWith(`/shop/${name}`)) ?? 'packages';
  return (
    <>
      <PageTitle>{t('shop.title')}</PageTitle>
      <Tabs
        value={tab}
        onChange={(value) => value && void navigate(`/shop/${value}`)}
        keepMounted={false}
        mb="md"
      >
        <ScrollingTabList value={tab}>
          {SHOP_TABS.map((name) => (
            <Tabs.Tab key={name} value={name} style={{ flexShrink: 0 }}>
              {t(`shop.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </ScrollingTabList>
      </Tabs>
      <Outlet />
    </>
  );
}
