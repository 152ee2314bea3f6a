import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function RequiredNote() {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed">
      {t('common.requiredNote')}
    </Text>
  );
}
