import { Anchor, Group, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Logo({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={to} underline="never" c="inherit" aria-label={t('app.home')}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size="lg" radius="md" variant="filled" aria-hidden>
          {t('app.initials')}
        </ThemeIcon>
        <Text fw={700} visibleFrom="xs">
          {t('app.name')}
        </Text>
      </Group>
    </Anchor>
  );
}
