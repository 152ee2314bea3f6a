import { Loader, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "Loading", announced as a status (a bare Loader is a span, which may not carry a label). */
export function Spinner({ size }: { size?: MantineSize }) {
  const { t } = useTranslation();
  return <Loader role="status" size={size} aria-label={t('common.loading')} />;
}
