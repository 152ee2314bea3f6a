import { Menu, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountAvatar } from './AccountAvatar';

type Props = {
  name: string;
  avatar: string | null | undefined;
  email: string | undefined;
  onLogout: () => void;
};

/** The avatar's menu (the profile, signing out), opened on the click that loaded it. */
export function AccountMenu({ name, avatar, email, onLogout }: Props) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" defaultOpened>
      <Menu.Target>
        <UnstyledButton aria-label={t('nav.account')} data-testid="account-menu">
          <AccountAvatar name={name} avatar={avatar} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{email}</Menu.Label>
        <Menu.Item component={Link} to="/profile">
          {t('nav.profile')}
        </Menu.Item>
        <Menu.Item color="red" onClick={onLogout} data-testid="logout">
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
